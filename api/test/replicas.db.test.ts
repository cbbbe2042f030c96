import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { freeDevnetNetworks, payFromDevnet, startDevnet, type Devnet } from '../src/chain/devnet';
import { jobs, orders } from '../src/db/schema';
import { QUEUES } from '../src/jobs/queues';
import { createLogger } from '../src/logging';
import { startServer, type RunningServer } from '../src/server';
import { createScratchDatabase } from './db';
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startReloadlyDouble, type ReloadlyDouble } from './reloadly-double';

/**
 * Several API replicas on one database, as docker-compose.yml runs them: two
 * servers (server.ts, workers on in both) share one PostgreSQL database and one Redis (TEST_REDIS_URL,
 * default the local server, under a key prefix of this run). A rate limit holds across both; one of them scans the chain (advisory lock); every paid order is delivered once whichever
 * worker takes it (FOR UPDATE SKIP LOCKED); and the watcher reaches its chain through the second of
 * its RPC URLs when the first is dead.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deadUrl(): Promise<string> {
  // A port that was free a moment ago: nothing listens there.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe.runIf(process.env.TEST_DB === 'postgres')('two API replicas on one database', () => {
  let devnet: Devnet;
  let double: ReloadlyDouble;
  let drop: () => Promise<void>;
  let dataDir: string;
  let driver: NodeJS.Timeout;
  let a: RunningServer;
  let b: RunningServer;
  let dead: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'replicas-'));
    const networks = await freeDevnetNetworks();
    devnet = await startDevnet({ networks: { ethereum: networks.ethereum! }, dataDir, blockIntervalMs: 0 });
    double = await startReloadlyDouble();
    driver = setInterval(() => {
      for (const t of double.state.transactions) if (t.status === 'PROCESSING') double.state.setStatus(t.transactionId, 'SUCCESSFUL');
    }, 50);
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_t`);
    drop = scratch.drop;
    dead = await deadUrl();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '5',
      AIRTIME_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: DOUBLE_CLIENT_ID,
      RELOADLY_CLIENT_SECRET: DOUBLE_CLIENT_SECRET,
      RELOADLY_AUTH_URL: double.authUrl,
      RELOADLY_API_URL: double.apiUrl,
      // The first node is dead: every call must still reach the chain, through the second.
      ETHEREUM_RPC_URL: `${dead},${networks.ethereum!.rpcUrl}`,
      BSC_ENABLED: 'false',
      POLYGON_ENABLED: 'false',
      TRON_ENABLED: 'false',
      TON_ENABLED: 'false',
      ETHEREUM_POLL_MS: '100',
      JOB_POLL_MS: '100',
      TOPUP_POLL_MS: '100',
      ORDER_RATE_LIMIT_PER_MINUTE: '4',
      RATE_LIMIT_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      RATE_LIMIT_KEY_PREFIX: `test:${crypto.randomUUID()}:`,
    });
    a = await startServer(config, { log: createLogger('silent') });
    b = await startServer(config, { log: createLogger('silent') });
  }, 120_000);

  afterAll(async () => {
    clearInterval(driver);
    await a?.shutdown(5000);
    await b?.shutdown(5000);
    await drop?.();
    await double?.close();
    await devnet?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const createOrder = (server: RunningServer) =>
    fetch(`${server.url}/api/crypto-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5, phoneNumber: '671234567', operatorId: 200, countryId: 120, cryptoCurrency: 'USDT' }),
    });

  it('counts a rate limit once across both replicas', async () => {
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await createOrder(server)).status);
    // ORDER_RATE_LIMIT_PER_MINUTE=4 for the client, not 4 per replica.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('scans the chain in one replica only, through the second RPC URL when the first is dead', async () => {
    const until = Date.now() + 10_000;
    while ([...a.watchers, ...b.watchers].filter((w) => w.scanning).length === 0 && Date.now() < until) await sleep(50);
    await sleep(500);
    expect([...a.watchers, ...b.watchers].filter((w) => w.scanning)).toHaveLength(1);

    // A payment to an order made at the other replica is seen and paid.
    const [order] = await a.database.db.select().from(orders).where(eq(orders.status, 'pending_crypto_payment')).limit(1);
    const node = devnet.nodes.ethereum!;
    await payFromDevnet({
      rpcUrl: node.rpcUrl,
      chainId: node.chainId,
      to: order!.depositAddress!,
      tokenContract: node.tokens.USDT!,
      units: BigInt(order!.cryptoAmount!),
    });
    const deadline = Date.now() + 20_000;
    while ((await a.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, order!.id)))[0]!.s !== 'completed' && Date.now() < deadline)
      await sleep(100);
    expect((await a.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, order!.id)))[0]!.s).toBe('completed');

    // The dead node was tried, found dead, and left to rest: the calls went to the live one.
    const scanner = [a, b].find((s) => s.watchers.some((w) => w.scanning))!;
    const text = await scanner.services.metrics.registry.getSingleMetricAsString('topup_rpc_requests_total');
    const count = (endpoint: string, outcome: string) => Number(new RegExp(`endpoint="${endpoint}",outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    const deadHost = new URL(dead).host;
    const liveHost = new URL(node.rpcUrl).host;
    expect(count(deadHost, 'unreachable')).toBeGreaterThanOrEqual(1);
    expect(count(deadHost, 'ok')).toBe(0);
    expect(count(liveHost, 'ok')).toBeGreaterThan(10 * count(deadHost, 'unreachable'));
  }, 60_000);

  it('delivers each paid order once, whichever replica’s worker takes it', async () => {
    const token = (
      (await (
        await fetch(`${a.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: 'admin-dev-password' }),
        })
      ).json()) as { token: string }
    ).token;
    const ids: number[] = [];
    // Manual top-ups: paid at once, a fulfilment job each, for both workers to race for.
    for (let i = 0; i < 10; i++) {
      const server = i % 2 ? a : b;
      const res = await fetch(`${server.url}/api/admin/manual-topup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': token },
        body: JSON.stringify({ mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 200, amount: 5, notes: `replica test ${i}` }),
      });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { orderId: number }).orderId);
    }
    const db = a.database.db;
    const deadline = Date.now() + 30_000;
    const done = async () => (await db.select({ s: orders.status }).from(orders).where(inArray(orders.id, ids))).every((r) => r.s === 'completed');
    while (!(await done()) && Date.now() < deadline) await sleep(100);
    expect(await done()).toBe(true);
    const rows = await db.select({ paymentId: orders.paymentId }).from(orders).where(inArray(orders.id, ids));
    for (const { paymentId } of rows) expect(double.state.transactions.filter((t) => t.customIdentifier === paymentId)).toHaveLength(1);
    expect(await db.select().from(jobs).where(eq(jobs.queue, QUEUES.fulfil))).toEqual([]);
  }, 60_000);

  it('answers the same readiness on either replica (the watcher’s lag is read from the database)', async () => {
    // Under load a watcher may still be catching up on its first scan: wait for it, within bounds.
    const readiness = () => Promise.all([a, b].map(async (s) => (await fetch(`${s.url}/api/ready`)).json() as Promise<{ status: string }>));
    await expect
      .poll(async () => (await readiness()).map((r) => (r.status === 'ready' ? r.status : JSON.stringify(r))), { timeout: 30_000, interval: 1000 })
      .toEqual(['ready', 'ready']);
  }, 40_000);
});
