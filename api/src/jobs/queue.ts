import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Database, type Db, type DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

/**
 * Durable jobs in PostgreSQL. A job is enqueued in the same transaction as the change that needs it,
 * claimed with FOR UPDATE SKIP LOCKED (so any number of processes can work side by side), leased for
 * a while (a crashed worker's job is picked up again when the lease ends) and deleted when done.
 * Handlers must therefore be idempotent: a job may run more than once.
 */

export interface EnqueueOptions {
  queue: string;
  payload: unknown;
  runAt?: Date;
  /** At most one job per key; enqueueing an existing key does nothing. */
  key?: string;
  maxAttempts?: number;
}

/** Workers LISTEN here: a job due now wakes them at once instead of at their next poll. */
export const JOBS_CHANNEL = 'jobs_ready';

export async function enqueue(db: DbOrTx, job: EnqueueOptions): Promise<void> {
  await db
    .insert(jobs)
    .values({ queue: job.queue, payload: job.payload, runAt: job.runAt ?? new Date(), key: job.key, maxAttempts: job.maxAttempts ?? 10 })
    .onConflictDoNothing({ target: jobs.key });
  if (!job.runAt || job.runAt.getTime() <= Date.now()) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.queue})`);
}

/**
 * The jobs orderJob() gives, for the orders a statement is creating: `source` yields each new order's
 * `id` with its job's `queue` and `run_at`. Order creation writes the orders and their expiry jobs in
 * one statement (OrderInserter), so it cannot call enqueue() with the ids.
 */
export function orderJobsFrom(source: SQL): SQL {
  return sql`insert into ${jobs} (queue, key, payload, run_at) select queue, queue || ':' || id, jsonb_build_object('orderId', id), run_at from ${source}`;
}

export interface ClaimedJob {
  id: number;
  claimToken: string;
  queue: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;

/**
 * Thrown by a handler to run the job again after `delayMs`. By default the run does not count as an
 * attempt (waiting on someone else); `counted` makes it one (a retry after an error).
 */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
    readonly counted = false,
  ) {
    super(reason);
  }
}

export interface WorkerOptions {
  pollMs: number;
  leaseMs?: number;
  batchSize?: number;
  log: Logger;
}

export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** stop() was called: a pass under way gives back what it has not started. */
  private stopping = false;
  /** A wake-up came while a pass was running: run another right after it. */
  private woken = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly db: Db;

  constructor(
    private readonly database: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: WorkerOptions,
  ) {
    this.db = database.db;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.stopping = false;
    this.stopListening = await this.database.listen(JOBS_CHANNEL, (queue) => {
      if (queue in this.handlers) this.wake();
    });
    this.schedule(0);
  }

  /**
   * Takes no new job; waits for the job running now (its lease stays until it ends: another worker
   * must not start the same delivery meanwhile); the jobs this pass claimed but had not started are
   * given back at once, for another process to take without waiting for their lease to end.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.stopListening?.();
    await this.running;
  }

  /** Whether a job is being run now (for the shutdown's log). */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Runs a pass now (or right after the one under way). */
  private wake() {
    if (this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Claims and runs due jobs until none is left; returns how many ran. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runOnce();
      total += ran;
      if (ran === 0 || this.stopping) return total;
    }
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.woken = false;
      this.running = this.drain()
        .then(() => undefined)
        .catch((err) => this.opts.log.error({ err }, 'job worker pass failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.woken ? 0 : this.opts.pollMs);
        });
    }, delay);
  }

  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    for (const [i, job] of claimed.entries()) {
      if (this.stopping) {
        await this.release(claimed.slice(i));
        return i;
      }
      await this.run(job);
    }
    return claimed.length;
  }

  /** Gives back claimed jobs that were never started: due again at once, the claim's attempt not counted. */
  private async release(unstarted: ClaimedJob[]): Promise<void> {
    for (const job of unstarted) {
      await this.db.execute(sql`
        update ${jobs} set locked_until = null, attempts = attempts - 1, claim_token = null
        where id = ${job.id} and claim_token = ${job.claimToken}`);
    }
    if (!unstarted.length) return;
    // Wakes the other workers now rather than at their next poll.
    for (const queue of new Set(unstarted.map((j) => j.queue))) await this.db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`);
    this.opts.log.info({ jobs: unstarted.map((j) => ({ id: j.id, queue: j.queue })) }, 'shutting down: claimed jobs given back');
  }

  private async claim(): Promise<ClaimedJob[]> {
    const queues = Object.keys(this.handlers);
    const leaseSeconds = (this.opts.leaseMs ?? 60_000) / 1000;
    const result = await this.db.execute(sql`
      with due as (
        select id from ${jobs}
        where queue in (${sql.join(
          queues.map((q) => sql`${q}`),
          sql`, `,
        )})
          and run_at <= now() and attempts < max_attempts
          and (locked_until is null or locked_until < now())
        order by run_at
        limit ${this.opts.batchSize ?? 20}
        for update skip locked
      )
      update ${jobs} set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1,
        claim_token = md5(random()::text || clock_timestamp()::text)
      from due where ${jobs.id} = due.id
      returning ${jobs.id} as id, ${jobs.claimToken} as "claimToken", ${jobs.queue} as queue, ${jobs.payload} as payload, ${jobs.attempts} as attempts, ${jobs.maxAttempts} as "maxAttempts"`);
    return rowsOf<ClaimedJob>(result).map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * Extends the lease of a job this run still holds. A job claimed in a batch waits its turn, and a run
   * can outlast one lease (slow provider calls): without this, another process could take it meanwhile.
   */
  private async renew(job: ClaimedJob): Promise<boolean> {
    const leaseSeconds = (this.opts.leaseMs ?? 60_000) / 1000;
    const result = await this.db.execute(sql`
      update ${jobs} set locked_until = now() + make_interval(secs => ${leaseSeconds})
      where id = ${job.id} and claim_token = ${job.claimToken}
      returning id`);
    return rowsOf<unknown>(result).length > 0;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.queue]!;
    if (!(await this.renew(job))) return;
    const heartbeat = setInterval(() => void this.renew(job).catch(() => undefined), (this.opts.leaseMs ?? 60_000) / 3);
    try {
      await handler(job.payload, job);
      await this.db.execute(sql`delete from ${jobs} where id = ${job.id} and claim_token = ${job.claimToken}`);
    } catch (err) {
      const later = err instanceof RetryLater;
      const delayMs = later ? err.delayMs : Math.min(2 ** job.attempts * 1000, 10 * 60_000);
      const uncounted = later && !err.counted;
      if (!later) this.opts.log.warn({ err, job: { id: job.id, queue: job.queue, attempts: job.attempts } }, 'job failed');
      // A job that keeps failing stays in the table (attempts = max_attempts) with its last error, for an admin.
      await this.db.execute(sql`
        update ${jobs} set locked_until = null, run_at = now() + make_interval(secs => ${delayMs / 1000}),
          last_error = ${String(err instanceof Error ? err.message : err)},
          attempts = case when ${uncounted} then attempts - 1 else attempts end, claim_token = null
        where id = ${job.id} and claim_token = ${job.claimToken}`);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
