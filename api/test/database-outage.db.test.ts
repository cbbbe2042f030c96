import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createScratchDatabase } from './db';
import { startTestApi, type TestApi } from './harness';
import { TcpGate } from './tcp-gate';

/**
 * PostgreSQL out while the API runs: order creation is answered 503 with Retry-After (never a 500),
 * and the log says it once when the database goes and once when it is back. The database is reached
 * through a TCP gate that the test cuts (connections dropped, new ones refused) and restores.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const order = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };

describe.runIf(process.env.TEST_DB === 'postgres' && serverUrl)('the database out', () => {
  let api: TestApi;
  let gate: TcpGate;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'topup_outage');
    const direct = new URL(scratch.url);
    gate = await TcpGate.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const database = await openDatabase({ databaseUrl: gate.in(scratch.url), poolSize: 5 });
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    api = await startTestApi({ database, log });
  });
  afterAll(async () => {
    await api?.close().catch(() => undefined);
    await gate?.close();
    await scratch?.drop();
  });

  it('answers 503 with Retry-After while it is out, logs once when it goes and once when it is back, then takes orders again', async () => {
    expect((await api.call('POST', '/api/crypto-payment', { body: order })).status).toBe(201);
    await gate.close();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.call('POST', '/api/crypto-payment', { body: order })));
    for (const res of answers) {
      expect([res.status, res.body.error?.code, res.headers.get('retry-after')]).toEqual([503, 'SERVICE_UNAVAILABLE', '5']);
    }
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual(['database unreachable: requests that need it are answered 503 until it is back']);

    await gate.open();
    const deadline = Date.now() + 15_000;
    while (!lines.some((l) => l.msg === 'database reachable again') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(lines.find((l) => l.msg === 'database reachable again')).toMatchObject({ refused: 20 });
    expect((await api.call('POST', '/api/crypto-payment', { body: order })).status).toBe(201);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  });

  // A client checked out of the pool (a transaction) has no pool listener: without one of ours, the
  // server's "Connection terminated unexpectedly" is an uncaught exception that ends the process.
  it('a transaction whose connection is cut fails on its own, and the process goes on', async () => {
    let cut!: () => void;
    const inside = new Promise<void>((resolve) => (cut = resolve));
    const transaction = api.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      cut();
      await new Promise((r) => setTimeout(r, 500));
      await tx.execute(sql`select 1`);
    });
    await inside;
    await gate.close();
    await expect(transaction).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 200));
    await gate.open();
    expect((await api.call('POST', '/api/crypto-payment', { body: order })).status).toBe(201);
  });
});
