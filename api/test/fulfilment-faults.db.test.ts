import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { rowsOf, type Database } from '../src/db/client';
import { jobs, ledgerEntries, orderEvents, orders } from '../src/db/schema';
import { ReloadlyProvider } from '../src/airtime/reloadly';
import { createServices, type Services } from '../src/services';
import { FixedPriceFeed } from '../src/services/price-feed';
import { transition } from '../src/services/order-state';
import type { FulfilmentStep } from '../src/services/fulfilment';
import { QUEUES } from '../src/jobs/queues';
import { openTestDatabase } from './db';
import { runTable, sleep, until, WorkerProcesses, type Run, type RunResult, type Worker, type WorkerSpec } from './fulfilment-faults-harness';
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startReloadlyDouble, type ReloadlyDouble } from './reloadly-double';

/**
 * Exactly-once delivery (docs/design.md section 5) with real crashes: fulfilment worker PROCESSES
 * (fulfilment-worker.ts) on the PostgreSQL server kill themselves with SIGKILL at each step of a
 * delivery (before submitting, after submitting but before saving, while polling), and are started
 * again. The Reloadly double runs in this process, so it outlives every worker and counts every top-up
 * by customIdentifier. Across all runs each paid order must get exactly one top-up and end completed
 * (or failed and credited once), and no fulfil job may be left.
 */

const LEASE_MS = 2000;
/** Cameroon, FIXED amounts 1.01 / 2.35 / 5.00 at the double; the number is a valid CM mobile number. */
const OPERATOR_ID = 200;
const PHONE = '671234567';
const AMOUNT_CENTS = 500;

describe.runIf(process.env.TEST_DB === 'postgres')('exactly-once delivery with worker processes killed at each step', () => {
  let database: Database;
  let double: ReloadlyDouble;
  let services: Services;
  let dataDir: string;
  let driver: NodeJS.Timeout;
  /** customIdentifiers whose top-up the provider fails; held PROCESSING while also in `held`. */
  const failing = new Set<string>();
  const held = new Set<string>();
  const all: { id: number; paymentId: string; totalCents: number }[] = [];
  const results: RunResult[] = [];
  const processes = new WorkerProcesses();
  const startWorker = (spec: WorkerSpec) => processes.start(spec);
  const stopWorker = (w: Worker) => processes.stop(w);

  beforeAll(async () => {
    database = await openTestDatabase();
    double = await startReloadlyDouble();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-faults-'));
    const rows = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '4',
      AIRTIME_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: DOUBLE_CLIENT_ID,
      RELOADLY_CLIENT_SECRET: DOUBLE_CLIENT_SECRET,
      RELOADLY_AUTH_URL: double.authUrl,
      RELOADLY_API_URL: double.apiUrl,
      TOPUP_POLL_MS: '100',
      JOB_POLL_MS: '100',
    };
    processes.env = { ...env, LEASE_MS: String(LEASE_MS) };
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const provider = new ReloadlyProvider({
      clientId: DOUBLE_CLIENT_ID,
      clientSecret: DOUBLE_CLIENT_SECRET,
      environment: 'sandbox',
      authUrl: double.authUrl,
      apiUrl: double.apiUrl,
    });
    services = createServices({ config, db: database.db, provider, priceFeed: new FixedPriceFeed(), log: pino({ level: 'silent' }) });
    // The operator's side: a top-up is settled shortly after it arrives (failed when the test says so).
    driver = setInterval(() => {
      for (const t of double.state.transactions) {
        if (t.status !== 'PROCESSING' || (t.customIdentifier && held.has(t.customIdentifier))) continue;
        if (t.customIdentifier && failing.has(t.customIdentifier)) {
          // A reason no try can fix: the order fails at once (other FAILED top-ups are sent again later).
          double.state.setStatus(t.transactionId, 'FAILED', { code: 'INVALID_RECIPIENT_PHONE', message: 'The operator rejected the recipient number' });
        } else {
          double.state.setStatus(t.transactionId, 'SUCCESSFUL');
        }
      }
    }, 50);
  }, 60_000);

  afterAll(async () => {
    clearInterval(driver);
    await processes.killAll();
    if (results.length) {
      // eslint-disable-next-line no-console
      console.log(`\nFault-injection runs (lease ${LEASE_MS} ms, TOPUP_POLL_MS 100, JOB_POLL_MS 100):\n${runTable(results)}\n`);
    }
    await double?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Creates orders as a customer would, and makes them paid as the chain watcher would. */
  async function paidOrders(n: number, failAt: number[]) {
    const created = [];
    for (let i = 0; i < n; i++) {
      const order = await services.orders.checkout.createFromCompact(
        { phoneNumber: PHONE, operatorId: OPERATOR_ID, amount: AMOUNT_CENTS, currency: 'USDT' },
        { source: 'web' },
      );
      created.push(order);
      // The provider will fail this one, but only after the first worker has crashed.
      if (failAt.includes(i)) {
        failing.add(order.paymentId);
        held.add(order.paymentId);
      }
    }
    for (const order of created) {
      await database.db.transaction(async (tx) => {
        await transition(tx, order.orderId, 'confirming', { cause: 'payment seen (test)' });
        await transition(tx, order.orderId, 'paid', { cause: 'payment confirmed (test)' });
      });
    }
    const rows = await database.db
      .select({ id: orders.id, paymentId: orders.paymentId, totalCents: orders.totalCents })
      .from(orders)
      .where(
        inArray(
          orders.id,
          created.map((o) => o.orderId),
        ),
      )
      .orderBy(asc(orders.id));
    all.push(...rows);
    return rows;
  }

  /** The order a killed worker was delivering is in the state that its crash point implies. */
  async function expectCrashedAt(w: Worker, step: FulfilmentStep) {
    const last = w.lines
      .filter((l) => l.startsWith('step '))
      .at(-1)
      ?.split(' ');
    expect(last?.[1], `${w.name}'s last step`).toBe(step);
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(last![2])));
    const atProvider = double.state.transactions.filter((t) => t.customIdentifier === order!.paymentId);
    if (step === 'before-submit') {
      // Paid, nothing sent.
      expect({ status: order!.status, sent: atProvider.length }).toEqual({ status: 'paid', sent: 0 });
    } else if (step === 'after-submit') {
      // Sent, but the transaction id was never saved: only the provider knows.
      expect({ status: order!.status, saved: order!.providerTransactionId, sent: atProvider.length }).toEqual({ status: 'processing', saved: null, sent: 1 });
    } else {
      expect({ status: order!.status, saved: order!.providerTransactionId, sent: atProvider.length }).toEqual({
        status: 'processing',
        saved: String(atProvider[0]?.transactionId),
        sent: 1,
      });
    }
  }

  async function settled(ids: number[]): Promise<boolean> {
    const open = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, ids), inArray(orders.status, ['paid', 'processing'])));
    const left = await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, QUEUES.fulfil));
    return open.length === 0 && left.length === 0;
  }

  const RUNS: Run[] = [
    {
      name: 'A',
      fault: 'before-submit',
      orders: 5,
      phases: [
        { workers: [{ faultAt: 'before-submit', faultAfter: 1 }], until: 'killed' },
        { workers: [{ faultAt: 'before-submit', faultAfter: 3 }], until: 'killed' },
        { workers: [{}], until: 'done' },
      ],
    },
    {
      name: 'B',
      fault: 'after-submit',
      orders: 5,
      phases: [
        { workers: [{ faultAt: 'after-submit', faultAfter: 1 }], until: 'killed' },
        { workers: [{ faultAt: 'after-submit', faultAfter: 3 }], until: 'killed' },
        { workers: [{}], until: 'done' },
      ],
    },
    {
      name: 'C',
      fault: 'polling',
      orders: 5,
      phases: [
        { workers: [{ faultAt: 'polling', faultAfter: 1 }], until: 'killed' },
        { workers: [{ faultAt: 'polling', faultAfter: 4 }], until: 'killed' },
        { workers: [{}], until: 'done' },
      ],
    },
    {
      name: 'D (2 workers)',
      fault: 'after-submit',
      orders: 8,
      // Two processes at once, one job per claim: SKIP LOCKED must keep them on different orders. Each
      // dies at its own second submit (8 orders leave enough for both), then two more finish the run.
      phases: [
        {
          workers: [
            { faultAt: 'after-submit', faultAfter: 2, batchSize: 1 },
            { faultAt: 'after-submit', faultAfter: 2, batchSize: 1 },
          ],
          until: 'killed',
        },
        { workers: [{ batchSize: 1 }, { batchSize: 1 }], until: 'done' },
      ],
    },
    {
      name: 'E (provider fails)',
      fault: 'polling',
      orders: 3,
      failAtProvider: [1],
      phases: [
        { workers: [{ faultAt: 'polling', faultAfter: 1 }], until: 'killed' },
        { workers: [{}], until: 'done' },
      ],
    },
  ];

  it.each(RUNS)(
    'run $name: killed at $fault',
    async (run) => {
      const started = Date.now();
      const requestsBefore = double.state.apiRequests().length;
      let kills = 0;
      let workers = 0;
      const split: string[] = [];
      let ids: number[] = [];
      let rows: Awaited<ReturnType<typeof paidOrders>> = [];
      for (const [p, phase] of run.phases.entries()) {
        const ws = phase.workers.map(startWorker);
        workers += ws.length;
        await Promise.race([
          Promise.all(ws.map((w) => w.ready)),
          ...ws.map((w) => w.exited.then((e) => Promise.reject(new Error(`${w.name} exited early (${e.code ?? e.signal}): ${w.stderr.join('')}`)))),
        ]);
        // Workers first (idle, listening), then the orders become paid: the NOTIFY of each commit wakes them.
        if (p === 0) {
          rows = await paidOrders(run.orders, run.failAtProvider ?? []);
          ids = rows.map((r) => r.id);
        }
        if (phase.until === 'killed') {
          // Each crash is checked as soon as it happens, before another worker's lease can take the order on.
          await Promise.all(
            ws.map(async (w, i) => {
              const faultAt = phase.workers[i]!.faultAt!;
              const exit = await Promise.race([w.exited, sleep(20_000).then(() => null)]);
              expect(exit, `${w.name} should have been killed at ${faultAt}; stderr: ${w.stderr.join('')}`).toEqual({ code: null, signal: 'SIGKILL' });
              kills++;
              await expectCrashedAt(w, faultAt);
            }),
          );
          held.clear();
        } else {
          await until(() => settled(ids), `every order of run ${run.name} is settled`, 30_000);
          await Promise.all(ws.map(stopWorker));
          for (const w of ws) expect(w.stderr.join(''), `${w.name} logged errors`).toBe('');
        }
        // Job runs per worker process, and the distinct orders each one reached a step of.
        const perWorker = ws.map((w) => {
          const runs = w.lines.filter((l) => l.startsWith('job ')).length;
          const touched = new Set(w.lines.filter((l) => l.startsWith('step ')).map((l) => l.split(' ')[2])).size;
          return `${runs}/${touched}`;
        });
        split.push(perWorker.join('+'));
      }

      // Exactly one top-up per order at the provider, and each order holds that transaction.
      const byOrder = new Map(rows.map((r) => [r.paymentId, double.state.transactions.filter((t) => t.customIdentifier === r.paymentId)]));
      const topups = [...byOrder.values()].reduce((n, ts) => n + ts.length, 0);
      const refused =
        double.state
          .apiRequests()
          .slice(requestsBefore)
          .filter((r) => r.path === '/topups-async' && rows.some((o) => o.paymentId === (r.body as { customIdentifier?: string }).customIdentifier)).length -
        topups;
      const final = await database.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
      const failedIds = new Set((run.failAtProvider ?? []).map((i) => rows[i]!.id));
      for (const order of final) {
        const ts = byOrder.get(order.paymentId)!;
        expect(ts, `order ${order.id}: top-ups at the provider`).toHaveLength(1);
        expect(order.providerTransactionId).toBe(String(ts[0]!.transactionId));
        expect(order.status).toBe(failedIds.has(order.id) ? 'failed' : 'completed');
        const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
        expect(events.map((e) => `${e.fromStatus ?? '-'} -> ${e.toStatus}`)).toEqual([
          '- -> pending_crypto_payment',
          'pending_crypto_payment -> confirming',
          'confirming -> paid',
          'paid -> processing',
          `processing -> ${order.status}`,
        ]);
        const credits = await database.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.reason, 'failed_delivery')));
        expect(credits.map((c) => c.amountCents)).toEqual(order.status === 'failed' ? [order.totalCents] : []);
      }
      expect(await database.db.select().from(jobs).where(eq(jobs.queue, QUEUES.fulfil))).toEqual([]);
      expect(refused).toBe(0);

      results.push({
        run: run.name,
        fault: run.fault,
        orders: run.orders,
        workers,
        kills,
        restarts: workers - run.phases[0]!.workers.length,
        topups,
        duplicates: topups - byOrder.size,
        refused,
        completed: final.filter((o) => o.status === 'completed').length,
        failed: final.filter((o) => o.status === 'failed').length,
        lost: final.filter((o) => o.status === 'paid' || o.status === 'processing').length,
        split: split.join(' ; '),
        ms: Date.now() - started,
      });
    },
    60_000,
  );

  it('across all runs: every paid order has exactly one top-up, none is lost', async () => {
    expect(all.length).toBe(RUNS.reduce((n, r) => n + r.orders, 0));
    const counts = new Map<string, number>();
    for (const t of double.state.transactions) if (t.customIdentifier) counts.set(t.customIdentifier, (counts.get(t.customIdentifier) ?? 0) + 1);
    for (const o of all) expect(counts.get(o.paymentId), `order ${o.id}`).toBe(1);
    expect(double.state.transactions).toHaveLength(all.length);
    const open = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.status, ['paid', 'processing']));
    expect(open).toEqual([]);
    const credits = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'failed_delivery'));
    expect(credits).toHaveLength(RUNS.reduce((n, r) => n + (r.failAtProvider?.length ?? 0), 0));
  });
});
