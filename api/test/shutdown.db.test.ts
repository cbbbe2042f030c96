import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { ZPaymentCreated, type TPaymentCreated } from '@topup/shared';
import { freeDevnetNetworks, payFromDevnet, startDevnet, type Devnet } from '../src/chain/devnet';
import { JsonRpcClient } from '../src/chain/evm/json-rpc';
import { openDatabase, type Database } from '../src/db/client';
import { jobs, ledgerEntries, orderEvents, orders, payments } from '../src/db/schema';
import { QUEUES } from '../src/jobs/queues';
import { REPO_ROOT } from '../src/config';
import { createScratchDatabase } from './db';
import { startApiProcess, type ApiProcess } from './api-process';
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startReloadlyDouble, type RecordedRequest, type ReloadlyDouble } from './reloadly-double';

/**
 * SIGTERM to a real API process (`node api/src/main.ts`, as the image runs it under an init) in the
 * middle of a payment and in the middle of a delivery: the request under way is
 * answered, the live stream ends with a retry hint, the top-up under way is recorded before the
 * process exits, and after a restart every order ends completed with one payment, one top-up and
 * one event per status: nothing lost, nothing done twice. The devnet node and the Reloadly double
 * run in the test, so they outlive every API process.
 */

const SHUTDOWN_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DB === 'postgres')('graceful shutdown of a real API process', () => {
  let devnet: Devnet;
  let double: ReloadlyDouble;
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let env: Record<string, string>;
  let driver: NodeJS.Timeout;
  let rpc: JsonRpcClient;
  const processes: ApiProcess[] = [];
  /** Called with each top-up request as it reaches the provider, before it is answered. */
  let onTopup: ((request: RecordedRequest) => void) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
    const networks = await freeDevnetNetworks();
    devnet = await startDevnet({ networks: { ethereum: networks.ethereum! }, dataDir, blockIntervalMs: 0 });
    rpc = new JsonRpcClient(networks.ethereum!.rpcUrl);
    double = await startReloadlyDouble({ onRequest: (r) => r.method === 'POST' && r.path === '/topups-async' && onTopup?.(r) });
    // The operator's side: a top-up is delivered shortly after it arrives.
    driver = setInterval(() => {
      for (const t of double.state.transactions)
        if (t.status === 'PROCESSING' && Date.now() - t.createdAt > 200) double.state.setStatus(t.transactionId, 'SUCCESSFUL');
    }, 50);
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_t`);
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 3 });
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dataDir, 'api'),
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '4',
      AIRTIME_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: DOUBLE_CLIENT_ID,
      RELOADLY_CLIENT_SECRET: DOUBLE_CLIENT_SECRET,
      RELOADLY_AUTH_URL: double.authUrl,
      RELOADLY_API_URL: double.apiUrl,
      // The devnet the test runs (the API reuses a node it finds with its contracts).
      ETHEREUM_RPC_URL: networks.ethereum!.rpcUrl,
      BSC_ENABLED: 'false',
      POLYGON_ENABLED: 'false',
      TRON_ENABLED: 'false',
      TON_ENABLED: 'false',
      ETHEREUM_CONFIRMATIONS: '3',
      ETHEREUM_POLL_MS: '100',
      JOB_POLL_MS: '100',
      TOPUP_POLL_MS: '100',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      RUN_BOT: 'false',
    };
  }, 120_000);

  afterAll(async () => {
    clearInterval(driver);
    for (const p of processes) p.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await database?.close();
    await drop?.();
    await double?.close();
    await devnet?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function start(): Promise<ApiProcess> {
    const p = await startApiProcess(env);
    processes.push(p);
    return p;
  }

  async function createOrder(api: ApiProcess): Promise<TPaymentCreated> {
    const res = await fetch(`${api.url}/api/crypto-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5, phoneNumber: '671234567', operatorId: 200, countryId: 120, cryptoCurrency: 'USDT' }),
    });
    expect(res.status).toBe(201);
    return ZPaymentCreated.parse(await res.json());
  }

  async function pay(order: TPaymentCreated) {
    const node = devnet.nodes.ethereum!;
    await payFromDevnet({
      rpcUrl: node.rpcUrl,
      chainId: node.chainId,
      to: order.walletAddress,
      tokenContract: node.tokens.USDT!,
      units: BigInt(order.cryptoAmountBaseUnits),
    });
  }

  async function statusOf(orderId: number): Promise<string> {
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row!.status;
  }

  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await sleep(50);
    }
  }

  /** Nothing lost, nothing twice: one payment, one top-up, each status once, no credit, no job left. */
  async function expectDeliveredOnce(order: TPaymentCreated) {
    expect(await statusOf(order.orderId)).toBe('completed');
    expect(await database.db.select().from(payments).where(eq(payments.orderId, order.orderId))).toHaveLength(1);
    expect(double.state.transactions.filter((t) => t.customIdentifier === order.paymentId)).toHaveLength(1);
    const events = await database.db
      .select({ status: orderEvents.toStatus })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.orderId))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => e.status)).toEqual(['pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed']);
    expect(await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.orderId))).toEqual([]);
  }

  let restarted: ApiProcess;

  it('mid-payment: the request under way is answered, the stream ends with a retry hint, and the payment counts once after a restart', async () => {
    const a = await start();
    // The start banner tells a newcomer where everything is.
    await until('the start banner is printed', async () => a.text.some((l) => l.includes('npm run pay')));
    const banner = a.text.join('\n');
    for (const line of [
      `Site:           ${a.url}/`,
      `Mini-app:       ${a.url}/telegram`,
      `Admin console:  ${a.url}/admin  (development sign-in: admin@example.com / admin-dev-password)`,
      'npm run pay -- <orderId>',
    ]) {
      expect(banner).toContain(line);
    }
    const order = await createOrder(a);
    // `npm run pay` finds this API and its devnet (random ports) from DATA_DIR alone, as a newcomer
    // runs it in a second terminal without exporting anything again.
    const paid = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/scripts/pay.ts'), String(order.orderId)], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: env.DATA_DIR! },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(paid.stderr).toBe('');
    expect(paid.stdout).toMatch(
      new RegExp(`^Paid order ${order.orderId}: ${order.cryptoAmount} USDT \\(${order.cryptoAmountBaseUnits} base units\\) on ethereum`),
    );
    await until('the payment is seen', async () => (await statusOf(order.orderId)) === 'confirming');

    const stream = await fetch(`${a.url}/api/orders/${order.orderId}/events`, { headers: { 'x-order-token': order.orderToken } });
    const reader = stream.body!.getReader();
    let streamed = '';
    const streamEnded = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        streamed += Buffer.from(value).toString();
      }
    })();
    // A request that is slow at the provider, under way when SIGTERM comes.
    double.state.delayNext(1500);
    const inFlight = fetch(`${a.url}/api/countries/NG/operators`);
    await until('the slow request reaches the provider', async () => double.state.apiRequests().some((r) => r.path.includes('/countries/NG')));

    const signalledAt = Date.now();
    a.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(Date.now() - signalledAt).toBeGreaterThan(1000);
    await streamEnded;
    expect(streamed).toMatch(/event: status\n/);
    expect(streamed).toMatch(/retry: 1000\n\n$/);
    expect(await a.exited).toEqual({ code: 0, signal: null });
    expect(a.logs.find((l) => l.msg === 'shutdown complete')).toMatchObject({ inTime: true });
    // The state file `npm run pay` reads is gone with the process.
    expect(fs.existsSync(path.join(env.DATA_DIR!, 'devnet.json'))).toBe(false);
    expect(await statusOf(order.orderId)).toBe('confirming');

    // Confirmations arrive while no API runs; the next process counts the payment once and delivers.
    await rpc.call('hardhat_mine', ['0x3']);
    restarted = await start();
    await until('the order is completed', async () => (await statusOf(order.orderId)) === 'completed');
    await expectDeliveredOnce(order);
  }, 120_000);

  it('mid-delivery: the top-up under way is answered and recorded before the process exits; the next process finishes every order, each top-up sent once', async () => {
    const b = restarted;
    const orders2 = [await createOrder(b), await createOrder(b)];
    let arrived!: (r: RecordedRequest) => void;
    const topupArrived = new Promise<RecordedRequest>((resolve) => (arrived = resolve));
    onTopup = (r) => arrived(r);
    // The first top-up is answered 2.5 s late: SIGTERM comes while it is under way.
    double.state.delayNext(2500);
    for (const o of orders2) await pay(o);
    await rpc.call('hardhat_mine', ['0x3']);
    const first = await topupArrived;
    onTopup = undefined;

    const signalledAt = Date.now();
    b.kill('SIGTERM');
    expect(await b.exited).toEqual({ code: 0, signal: null });
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThan(2000);
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(b.logs.find((l) => l.msg === 'shutdown complete')).toMatchObject({ inTime: true });

    // The answer came back before the exit, and its transaction id is saved: the next run polls it.
    const delivering = orders2.find((o) => o.paymentId === (first.body as { customIdentifier: string }).customIdentifier)!;
    const [row] = await database.db.select().from(orders).where(eq(orders.id, delivering.orderId));
    const atProvider = double.state.transactions.find((t) => t.customIdentifier === delivering.paymentId)!;
    expect(row!.providerTransactionId).toBe(String(atProvider.transactionId));

    const c = await start();
    await until('every order is completed', async () => {
      const rows = await database.db
        .select({ status: orders.status })
        .from(orders)
        .where(
          inArray(
            orders.id,
            orders2.map((o) => o.orderId),
          ),
        );
      return rows.every((r) => r.status === 'completed');
    });
    for (const o of orders2) await expectDeliveredOnce(o);
    await until('no fulfilment job is left', async () => (await database.db.select().from(jobs).where(eq(jobs.queue, QUEUES.fulfil))).length === 0);
    c.kill('SIGTERM');
    expect(await c.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
