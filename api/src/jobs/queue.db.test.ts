import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { openTestDatabase } from '../../test/db';
import { enqueue, JobWorker } from './queue';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const log = pino({ level: 'silent' });
const QUEUE = 'test.shutdown';

describe('stopping a worker (SIGTERM)', () => {
  it('lets the running job finish, and gives back at once the jobs it claimed but had not started', async () => {
    for (const n of [1, 2, 3]) await enqueue(database.db, { queue: QUEUE, payload: { n }, key: `shutdown-${n}` });
    const ran: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const worker = new JobWorker(
      database,
      {
        [QUEUE]: async (payload) => {
          const { n } = payload as { n: number };
          ran.push(n);
          if (n === 1) {
            started();
            await held;
          }
        },
      },
      // A lease far longer than the test: a job given back must not wait for it.
      { pollMs: 60_000, leaseMs: 600_000, log },
    );
    await worker.start();
    await firstStarted;

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Stopping waits for the job under way: its lease is not given up while it runs.
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ran).toEqual([1]);

    const rows = await database.db.select().from(jobs).where(eq(jobs.queue, QUEUE));
    expect(rows.map((r) => [r.key, r.lockedUntil, r.claimToken, r.attempts]).sort()).toEqual([
      ['shutdown-2', null, null, 0],
      ['shutdown-3', null, null, 0],
    ]);

    // Another process takes them at once.
    const next = new JobWorker(
      database,
      { [QUEUE]: async (payload) => void ran.push((payload as { n: number }).n) },
      { pollMs: 60_000, leaseMs: 600_000, log },
    );
    expect(await next.drain()).toBe(2);
    expect(ran).toEqual([1, 2, 3]);
  });
});
