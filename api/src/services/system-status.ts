import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * What the database says about the running system: the data behind the readiness checks, the
 * Prometheus gauges and the admin's System panel. Each is one aggregate query over an index.
 */

export interface QueueBacklog {
  queue: string;
  /** Due now and not taken by a worker. */
  due: number;
  /** Waiting for a later time (retries, expiries). */
  scheduled: number;
  /** Held by a worker now. */
  running: number;
  /** Out of attempts: an admin must look (their last error is on the row). */
  dead: number;
  /** How long the oldest due job has waited, in seconds (0: none due). */
  oldestDueSeconds: number;
}

export interface NotificationBacklog {
  channel: string;
  pending: number;
  oldestPendingSeconds: number;
}

export interface WatcherCursor {
  network: string;
  chainId: number;
  lastBlock: number;
  secondsSinceUpdate: number;
}

export async function ordersByStatus(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from orders group by status`));
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function jobBacklog(db: Db): Promise<QueueBacklog[]> {
  const rows = rowsOf<Record<keyof QueueBacklog, string | number>>(
    await db.execute(sql`
      select queue,
        count(*) filter (where attempts < max_attempts and run_at <= now() and (locked_until is null or locked_until < now()))::int as due,
        count(*) filter (where attempts < max_attempts and run_at > now() and (locked_until is null or locked_until < now()))::int as scheduled,
        count(*) filter (where locked_until >= now())::int as running,
        count(*) filter (where attempts >= max_attempts)::int as dead,
        coalesce(extract(epoch from now() - min(run_at) filter (
          where attempts < max_attempts and run_at <= now() and (locked_until is null or locked_until < now()))), 0)::float8 as "oldestDueSeconds"
      from jobs group by queue order by queue`),
  );
  return rows.map((r) => ({
    queue: String(r.queue),
    due: Number(r.due),
    scheduled: Number(r.scheduled),
    running: Number(r.running),
    dead: Number(r.dead),
    oldestDueSeconds: Number(r.oldestDueSeconds),
  }));
}

export async function notificationBacklog(db: Db): Promise<NotificationBacklog[]> {
  const rows = rowsOf<{ channel: string; pending: number; oldest: number }>(
    await db.execute(sql`
      select channel, count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
      from notifications where delivered_at is null group by channel order by channel`),
  );
  return rows.map((r) => ({ channel: r.channel, pending: Number(r.pending), oldestPendingSeconds: Number(r.oldest) }));
}

export async function watcherCursors(db: Db): Promise<WatcherCursor[]> {
  const rows = rowsOf<{ network: string; chain_id: number; last_block: number; age: number }>(
    await db.execute(sql`select network, chain_id, last_block, extract(epoch from now() - updated_at)::float8 as age from chain_cursors`),
  );
  return rows.map((r) => ({ network: r.network, chainId: Number(r.chain_id), lastBlock: Number(r.last_block), secondsSinceUpdate: Number(r.age) }));
}
