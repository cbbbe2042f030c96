import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createScratchDatabase } from './db';
import { startTestApi, type TestApi } from './harness';

/**
 * PostgreSQL out while the API runs: order creation is answered 503 with Retry-After (never a 500),
 * and the log says it once when the database goes and once when it is back. The database is reached
 * through a TCP relay that the test cuts (connections dropped, new ones refused) and restores.
 */

/** A relay to PostgreSQL that can be cut (open connections destroyed, new ones refused) and restored on the same port. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;
const order = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };

describe.runIf(process.env.TEST_DB === 'postgres' && serverUrl)('the database out', () => {
  let api: TestApi;
  let relay: Relay;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'topup_outage');
    const direct = new URL(scratch.url);
    relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.up();
    const relayed = new URL(scratch.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const database = await openDatabase({ databaseUrl: relayed.toString(), poolSize: 5 });
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    api = await startTestApi({ database, log });
  });
  afterAll(async () => {
    await api?.close().catch(() => undefined);
    await relay?.down();
    await scratch?.drop();
  });

  it('answers 503 with Retry-After while it is out, logs once when it goes and once when it is back, then takes orders again', async () => {
    expect((await api.call('POST', '/api/crypto-payment', { body: order })).status).toBe(201);
    await relay.down();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.call('POST', '/api/crypto-payment', { body: order })));
    for (const res of answers) {
      expect([res.status, res.body.error?.code, res.headers.get('retry-after')]).toEqual([503, 'SERVICE_UNAVAILABLE', '5']);
    }
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual(['database unreachable: requests that need it are answered 503 until it is back']);

    await relay.up();
    const deadline = Date.now() + 15_000;
    while (!lines.some((l) => l.msg === 'database reachable again') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(lines.find((l) => l.msg === 'database reachable again')).toMatchObject({ refused: 20 });
    expect((await api.call('POST', '/api/crypto-payment', { body: order })).status).toBe(201);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  });
});
