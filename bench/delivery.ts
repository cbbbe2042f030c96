/**
 * Delivery latency benchmark (bounded: well under a minute, 127.0.0.1 only): the time from an order
 * becoming `paid` to its top-up request arriving at the airtime provider.
 *
 * - PostgreSQL server, a fresh database created and dropped again (BENCH_PG_SERVER, default the local one).
 * - The provider is the Reloadly double (api/test/reloadly-double/) in this process; it timestamps each
 *   POST /topups-async as it arrives.
 * - The worker is the real API in a second process, as in production: startServer with its workers on
 *   (every job queue, default JOB_POLL_MS, woken by NOTIFY), the Reloadly adapter pointed at the double,
 *   chain watchers off.
 * - This process creates orders and makes each `paid` with transition() (pending -> confirming -> paid in
 *   one transaction, as the watcher does). The clock starts just before that transaction's COMMIT, so the
 *   figure includes the commit itself.
 *
 * Two cases: one order at a time (an idle worker woken by the NOTIFY of the commit), and a burst of
 * orders paid at once (one worker process delivering them one after the other).
 *
 *   npm run bench:delivery
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/client';
import { ReloadlyProvider } from '../api/src/airtime/reloadly';
import { createServices } from '../api/src/services';
import { FixedPriceFeed } from '../api/src/services/price-feed';
import { transition } from '../api/src/services/order-state';
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startReloadlyDouble } from '../api/test/reloadly-double';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50);
const BURST = Number(process.env.BENCH_BURST ?? 50);
const WARMUP = 3;
/** Any single top-up slower than this ends the run as a failure. */
const ARRIVAL_TIMEOUT_MS = 10_000;
/** The whole run stops here, whatever state it is in. */
const DEADLINE_MS = 120_000;
const serverUrl = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const here = fileURLToPath(import.meta.url);

/** Cameroon, FIXED 5.00 at the double; a valid CM mobile number. */
const ORDER = { phoneNumber: '671234567', operatorId: 200, amount: 500, currency: 'USDT' } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API process: the real server, workers on, chain watchers off. */
async function apiProcess() {
  const { startServer } = await import('../api/src/server');
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'warn',
    RUN_WORKERS: 'true',
    ETHEREUM_ENABLED: 'false',
    BSC_ENABLED: 'false',
    POLYGON_ENABLED: 'false',
  });
  const running = await startServer(config);
  process.stdout.write(`ready ${config.jobPollMs}\n`);
  process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

function summary(name: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const f = (v: number) => v.toFixed(1).padStart(8);
  return `${name.padEnd(34)}${String(values.length).padStart(5)}${f(percentile(sorted, 50))}${f(percentile(sorted, 95))}${f(sorted[sorted.length - 1]!)}${f(mean)}`;
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`benchmark did not finish in ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  const dbName = `topup_bench_delivery_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-bench-delivery-'));

  /** customIdentifier -> resolves with the arrival time of its top-up request. */
  const waiting = new Map<string, (at: number) => void>();
  const double = await startReloadlyDouble({
    balanceCents: 10_000_000,
    onRequest(request) {
      if (request.method !== 'POST' || request.path !== '/topups-async') return;
      const at = performance.now();
      const id = (request.body as { customIdentifier?: string } | undefined)?.customIdentifier;
      if (id) waiting.get(id)?.(at);
    },
  });
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    AIRTIME_PROVIDER: 'reloadly',
    RELOADLY_CLIENT_ID: DOUBLE_CLIENT_ID,
    RELOADLY_CLIENT_SECRET: DOUBLE_CLIENT_SECRET,
    RELOADLY_AUTH_URL: double.authUrl,
    RELOADLY_API_URL: double.apiUrl,
  };
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 20 });
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const provider = new ReloadlyProvider({
    clientId: DOUBLE_CLIENT_ID,
    clientSecret: DOUBLE_CLIENT_SECRET,
    environment: 'sandbox',
    authUrl: double.authUrl,
    apiUrl: double.apiUrl,
  });
  const services = createServices({ config, db: database.db, provider, priceFeed: new FixedPriceFeed(), log: pino({ level: 'silent' }) });

  let api: ChildProcess | undefined;
  try {
    // JOB_POLL_MS is left to its default: a paid order must not wait for the poll.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.JOB_POLL_MS;
    api = spawn(process.execPath, ['--import', 'tsx', here, '--api'], { env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    const jobPollMs = await new Promise<number>((resolve, reject) => {
      api!.once('exit', (code) => reject(new Error(`the API process exited with ${code}`)));
      api!.stdout!.on('data', (chunk: Buffer) => {
        const match = /ready (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
    });

    const create = () => services.orders.checkout.createFromCompact({ ...ORDER }, { source: 'web' });
    /** Makes the order paid; resolves with the milliseconds from just before the COMMIT to the top-up's arrival. */
    const payAndTime = async (order: { orderId: number; paymentId: string }): Promise<number> => {
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`order ${order.orderId}: no top-up within ${ARRIVAL_TIMEOUT_MS} ms`)), ARRIVAL_TIMEOUT_MS);
        waiting.set(order.paymentId, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      let paidAt = 0;
      await database.db.transaction(async (tx) => {
        await transition(tx, order.orderId, 'confirming', { cause: 'payment seen (benchmark)' });
        await transition(tx, order.orderId, 'paid', { cause: 'payment confirmed (benchmark)' });
        paidAt = performance.now();
      });
      const at = await arrived;
      waiting.delete(order.paymentId);
      return at - paidAt;
    };

    // Warm-up: the adapter's first OAuth token, JIT, connection pools.
    for (let i = 0; i < WARMUP; i++) await payAndTime(await create());

    const one: number[] = [];
    const orders = [];
    for (let i = 0; i < ORDERS; i++) orders.push(await create());
    for (const order of orders) {
      one.push(await payAndTime(order));
      // Let the worker go idle again (its submit pass and the 'processing' poll job are scheduled).
      await sleep(20 + Math.random() * 30);
    }

    const burstOrders = [];
    for (let i = 0; i < BURST; i++) burstOrders.push(await create());
    await sleep(200);
    const burst = await Promise.all(burstOrders.map(payAndTime));

    console.log(`\nDelivery latency: order paid (just before COMMIT) -> top-up request at the provider`);
    console.log(
      `PostgreSQL server, API process with its job worker (JOB_POLL_MS ${jobPollMs}, woken by NOTIFY), Reloadly adapter -> local double, 127.0.0.1\n`,
    );
    console.log(`${'case'.padEnd(34)}${'n'.padStart(5)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}${'mean ms'.padStart(8)}`);
    console.log(summary('one order at a time', one));
    console.log(summary(`${BURST} orders paid at once`, burst));
    const transactions = double.state.transactions.length;
    const distinct = new Set(double.state.transactions.map((t) => t.customIdentifier)).size;
    console.log(`\ntop-ups at the provider: ${transactions} for ${WARMUP + ORDERS + BURST} paid orders (${transactions - distinct} duplicates)`);
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (api.exitCode === null) api.kill('SIGKILL');
    }
    await database.close();
    await double.close();
    // pool.end() resolves before its sockets have closed: a forced drop now would kill them mid-goodbye.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
      if (rows[0]?.n === 0) break;
      await sleep(100);
    }
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--api')) await apiProcess();
else await main();
