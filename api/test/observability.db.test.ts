import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { ZPaymentCreated, ZReadiness, ZSystemStatus, type TPaymentCreated } from '@topup/shared';
import { startDevnet, freeDevnetNetworks, payFromDevnet, type Devnet } from '../src/chain/devnet';
import { openDatabase, type Database } from '../src/db/client';
import { ReloadlyProvider } from '../src/airtime/reloadly';
import { createLogger } from '../src/logging';
import { Metrics } from '../src/metrics';
import { metricsRouter } from '../src/http/metrics';
import { jobHandlers } from '../src/workers';
import { QUEUES } from '../src/jobs/queues';
import { notifications } from '../src/db/schema';
import { RetryLater } from '../src/jobs/queue';
import type { NetworkWatcher } from '../src/chain/port';
import { createScratchDatabase } from './db';
import { adminToken, startTestApi, type TestApi } from './harness';
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startReloadlyDouble, type ReloadlyDouble } from './reloadly-double';
import { TcpGate } from './tcp-gate';

/**
 * What an operator sees: readiness per dependency, turning red when the database,
 * a node or the provider cannot be reached and green again when they are back; the Prometheus series;
 * access logs whose request id is on every line of the request; a log line for failures customers see.
 * Real parts behind TCP gates the test opens and shuts: a Hardhat node, the Reloadly double and (on
 * the PostgreSQL server) the database.
 */

/** Log lines as objects, as the API writes them. */
class LogSink {
  readonly lines: Record<string, unknown>[] = [];
  write(chunk: string) {
    for (const line of chunk.split('\n').filter(Boolean)) this.lines.push(JSON.parse(line) as Record<string, unknown>);
  }
}

const onServer = process.env.TEST_DB === 'postgres';
let devnet: Devnet;
let dataDir: string;
let double: ReloadlyDouble;
let nodeGate: TcpGate;
let providerGate: TcpGate;
let dbGate: TcpGate | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let api: TestApi;
let watcher: NetworkWatcher;
const logs = new LogSink();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observability-'));
  const networks = await freeDevnetNetworks();
  devnet = await startDevnet({ networks: { ethereum: networks.ethereum! }, dataDir, blockIntervalMs: 0 });
  nodeGate = await TcpGate.start(networks.ethereum!.rpcUrl);
  double = await startReloadlyDouble();
  providerGate = await TcpGate.start(double.url);
  let database: Database | undefined;
  if (onServer) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_t`);
    dropDatabase = scratch.drop;
    dbGate = await TcpGate.start({ host: '127.0.0.1', port: Number(new URL(scratch.url).port || 5432) });
    database = await openDatabase({ databaseUrl: dbGate.in(scratch.url), poolSize: 5 });
  }
  const provider = new ReloadlyProvider({
    clientId: DOUBLE_CLIENT_ID,
    clientSecret: DOUBLE_CLIENT_SECRET,
    environment: 'sandbox',
    authUrl: providerGate.in(double.url),
    apiUrl: providerGate.in(double.url),
  });
  api = await startTestApi({
    env: {
      ETHEREUM_RPC_URL: nodeGate.in(networks.ethereum!.rpcUrl),
      BSC_ENABLED: 'false',
      POLYGON_ENABLED: 'false',
      TRON_ENABLED: 'false',
      TON_ENABLED: 'false',
      READINESS_CACHE_MS: '0',
    },
    provider,
    database,
    log: createLogger('info', logs),
  });
  const s = api.services;
  watcher = s.chains.watcher('ethereum', {
    database: api.database,
    payments: s.payments,
    alerts: s.alerts,
    log: createLogger('silent'),
    devnet: true,
    metrics: s.metrics,
  });
  await watcher.pass();
}, 120_000);

afterAll(async () => {
  await api?.close();
  await dropDatabase?.();
  for (const gate of [nodeGate, providerGate, dbGate]) await gate?.close();
  await double?.close();
  await devnet?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function ready(query = '') {
  const res = await api.call('GET', `/api/ready${query}`);
  return { status: res.status, body: ZReadiness.parse(res.body) };
}

const failing = (body: { checks: Record<string, { ok: boolean }> }) =>
  Object.entries(body.checks)
    .filter(([, c]) => !c.ok)
    .map(([name]) => name);

describe('readiness', () => {
  it('is green with every dependency up, and /api/health stays a liveness answer', async () => {
    const r = await ready();
    expect(failing(r.body)).toEqual([]);
    expect(r).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(Object.keys(r.body.checks).sort()).toEqual(['database', 'jobs', 'network:ethereum', 'prices', 'provider']);
    expect((await api.call('GET', '/api/health')).body).toMatchObject({ ok: true });
  });

  it('goes red when the node is unreachable, and green again when it is back', async () => {
    await nodeGate.close();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(failing(down.body)).toEqual(['network:ethereum']);
    // The proxy only asks for the database: an outside outage does not take the replica out.
    expect((await ready('?require=database')).status).toBe(200);
    expect((await ready('?require=network')).status).toBe(503);
    expect((await api.call('GET', '/api/ready?require=disk')).status).toBe(400);
    await nodeGate.open();
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('goes red when the provider is unreachable, and green again when it is back', async () => {
    await providerGate.close();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(failing(down.body)).toEqual(['provider']);
    await providerGate.open();
    expect((await ready()).status).toBe(200);
  });

  it.runIf(onServer)('goes red when the database is unreachable, and green again when it is back', async () => {
    await dbGate!.close();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(failing(down.body)).toEqual(expect.arrayContaining(['database', 'jobs']));
    expect((await ready('?require=database')).status).toBe(503);
    await dbGate!.open();
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('shows each check’s detail to admins only (GET /api/admin/system)', async () => {
    expect((await api.call('GET', '/api/admin/system')).status).toBe(401);
    const res = await api.call('GET', '/api/admin/system', { headers: { 'x-admin-token': await adminToken(api) } });
    const system = ZSystemStatus.parse(res.body);
    expect(system.checks['network:ethereum']!.detail).toMatch(/scanned to block \d+, \d+ behind the node/);
    expect(system.checks.provider!.detail).toMatch(/^Reloadly \(sandbox\) answers; balance \$[\d,]+\.\d\d$/);
    // The public answer names no host, balance or error.
    expect(JSON.stringify((await ready()).body)).not.toMatch(/127\.0\.0\.1|balance|detail/);
  });

  it('logs a check that fails and the same check when it is healthy again', async () => {
    const lines = logs.lines.filter((l) => l.check === 'network:ethereum').map((l) => l.msg);
    expect(lines).toEqual(expect.arrayContaining(['readiness: network:ethereum failed', 'readiness: network:ethereum is healthy again']));
  });
});

describe('metrics', () => {
  let order: TPaymentCreated;

  beforeAll(async () => {
    const res = await api.call('POST', '/api/crypto-payment', {
      body: { amount: 5, phoneNumber: '671234567', operatorId: 200, countryId: 120, cryptoCurrency: 'USDT' },
    });
    order = ZPaymentCreated.parse(res.body);
    const network = api.config.networks.ethereum!;
    await payFromDevnet({
      rpcUrl: devnet.nodes.ethereum!.rpcUrl,
      chainId: network.chainId,
      to: order.walletAddress,
      tokenContract: network.tokens.USDT!,
      units: BigInt(order.cryptoAmountBaseUnits),
    });
    while (await watcher.pass());
    await api.call('GET', '/api/ready');
  }, 60_000);

  it('exposes the named series: HTTP, orders, payments, watcher, RPC, jobs, provider, notifications, readiness', async () => {
    const res = await fetch(`${api.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    for (const series of [
      /^topup_http_requests_total\{method="POST",route="\/api\/crypto-payment",status="201"\} 1$/m,
      /^topup_http_request_duration_seconds_bucket\{.*route="\/api\/orders\/:ref\/events"|^topup_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/ready"\}/m,
      /^topup_orders\{status="paid"\} 1$/m,
      /^topup_payments_seen_total\{network="ethereum",coin="USDT"\} 1$/m,
      /^topup_watcher_lag_blocks\{network="ethereum"\} 0$/m,
      /^topup_watcher_head_block\{network="ethereum"\} \d+$/m,
      /^topup_rpc_requests_total\{network="ethereum",endpoint="127\.0\.0\.1:\d+",outcome="ok"\} \d+$/m,
      /^topup_rpc_requests_total\{network="ethereum",endpoint="127\.0\.0\.1:\d+",outcome="unreachable"\} \d+$/m,
      /^topup_rpc_calls_total\{network="ethereum",method="eth_getLogs"\} \d+$/m,
      /^topup_jobs\{queue="order.expire",state="scheduled"\} 1$/m,
      /^topup_job_oldest_due_seconds\{queue="order.fulfil"\} [\d.e-]+$/m,
      /^topup_provider_calls_total\{operation="getBalance",outcome="ok"\} \d+$/m,
      /^topup_provider_calls_total\{operation="getBalance",outcome="error"\} \d+$/m,
      /^# TYPE topup_notifications_pending gauge$/m,
      /^topup_readiness_check\{check="provider"\} 1$/m,
    ]) {
      expect(text).toMatch(series);
    }
    // The route pattern, never the raw path: one series for every order.
    expect(text).not.toMatch(/route="\/api\/payment-status\/\d+"/);
  });

  it('is read with the METRICS_TOKEN bearer token when one is set, and is off in production without one', async () => {
    const serve = async (opts: { token?: string; production: boolean }, headers: Record<string, string> = {}) => {
      const app = express().use(metricsRouter(new Metrics(), opts));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        return (await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/metrics`, { headers })).status;
      } finally {
        server.close();
      }
    };
    const token = 'metrics-token-0123456789';
    expect(await serve({ token, production: true })).toBe(401);
    expect(await serve({ token, production: true }, { authorization: 'Bearer wrong-token-0123456789' })).toBe(401);
    expect(await serve({ token, production: true }, { authorization: `Bearer ${token}` })).toBe(200);
    expect(await serve({ production: true })).toBe(404);
    expect(await serve({ production: false })).toBe(200);
  });
});

describe('logs', () => {
  it('carries the request id on every line of the request, and names what the customer was told', async () => {
    await providerGate.close();
    try {
      const res = await fetch(`${api.url}/api/countries/NG/operators`, { headers: { 'x-request-id': 'req-from-the-proxy-1' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('x-request-id')).toBe('req-from-the-proxy-1');
    } finally {
      await providerGate.open();
    }
    const mine = logs.lines.filter((l) => l.reqId === 'req-from-the-proxy-1');
    // The service's own line (the provider is down and no copy was saved) and the access log line.
    expect(mine.map((l) => l.msg)).toEqual([
      'catalog provider unavailable and no saved copy: the customer gets a 503',
      expect.stringMatching(/^GET \/api\/countries\/NG\/operators 503 \d+ ms$/),
    ]);
    // A 503 is a refusal on purpose, its cause logged once above: the access line is a warning.
    expect(mine[1]).toMatchObject({ level: 40, error: { code: 'PROVIDER_UNAVAILABLE' }, res: { statusCode: 503 }, req: { method: 'GET' } });
    // No header is logged: they carry tokens.
    expect(JSON.stringify(mine)).not.toMatch(/headers/);
  });

  it('gives a request without an id a new one, in the answer and the log', async () => {
    const res = await fetch(`${api.url}/api/pricing`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines.find((l) => l.reqId === id)).toMatchObject({ msg: expect.stringMatching(/^GET \/api\/pricing 200 \d+ ms$/), level: 30 });
  });

  it('writes one line for a live status stream the client closed, and counts it once', async () => {
    const created = (
      await api.call('POST', '/api/crypto-payment', { body: { amount: 5, phoneNumber: '671234567', operatorId: 200, countryId: 120, cryptoCurrency: 'USDC' } })
    ).body;
    const leaving = new AbortController();
    const res = await fetch(`${api.url}/api/orders/${created.paymentId}/events`, { signal: leaving.signal, headers: { 'x-request-id': 'stream-left-1' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    leaving.abort();
    await expect.poll(() => logs.lines.filter((l) => l.reqId === 'stream-left-1' && l.req)).toHaveLength(1);
    expect(logs.lines.find((l) => l.reqId === 'stream-left-1' && l.req)).toMatchObject({
      level: 30,
      msg: expect.stringMatching(new RegExp(`^GET /api/orders/${created.paymentId}/events closed by the client after \\d+ ms$`)),
    });
    const scrape = await (await fetch(`${api.url}/metrics`)).text();
    expect(scrape).toMatch(/topup_http_requests_total\{method="GET",route="\/api\/orders\/:ref\/events",status="200"\} 1/);
  });

  it('logs every e-mail receipt that could not be sent, and the last try as an error', async () => {
    const s = api.services;
    const created = (
      await api.call('POST', '/api/crypto-payment', { body: { amount: 5, phoneNumber: '671234567', operatorId: 200, countryId: 120, cryptoCurrency: 'USDC' } })
    ).body;
    const orderId = created.orderId as number;
    const payload = {
      orderId,
      paymentId: created.paymentId as string,
      status: 'paid' as const,
      kind: 'recharge' as const,
      phoneNumber: '+237671234567',
      operatorName: 'MTN Cameroon',
      amount: '$5.00',
      total: '$6.00',
      cryptoAmount: '6',
      cryptocurrency: 'USDC',
      transactionId: null,
      creditedAmount: null,
      creditedTo: null,
      cause: 'test',
    };
    const [n] = await api.database.db
      .insert(notifications)
      .values({ orderId, channel: 'email', recipient: 'customer@example.com', status: 'paid', payload })
      .returning();
    const down = { description: 'SMTP test', send: async () => Promise.reject(new Error('connect ECONNREFUSED smtp')) };
    const handler = jobHandlers(api.database, { ...s, mailer: down }, createLogger('info', logs))[QUEUES.email];
    const job = (attempts: number) => ({ id: 1, claimToken: 't', queue: QUEUES.email, payload: { notificationId: n!.id }, attempts, maxAttempts: 10 });
    await expect(handler({ notificationId: n!.id }, job(1))).rejects.toBeInstanceOf(RetryLater);
    await expect(handler({ notificationId: n!.id }, job(10))).rejects.toBeInstanceOf(RetryLater);
    const lines = logs.lines.filter((l) => l.notificationId === n!.id);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'e-mail receipt not sent; trying again later'],
      [50, 'e-mail receipt not sent: out of attempts, an admin must look'],
    ]);
    expect(lines[0]).toMatchObject({ attempt: 1, retryInMs: 10_000, err: { message: 'connect ECONNREFUSED smtp' } });
  });
});
