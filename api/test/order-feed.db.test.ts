import { rowsOf } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZPaymentCreated } from '@topup/shared';
import { transition } from '../src/services/order-state';
import { startTestApi, type TestApi } from './harness';
import { sseReader } from './sse';

/**
 * The live status of an order survives a dropped database connection: the feed's
 * LISTEN connection is killed on the server, an order then changes, and its open stream still gets
 * the change. PGlite has no connection to lose: this runs on the PostgreSQL server only.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe.runIf(process.env.TEST_DB === 'postgres')('order feed', () => {
  it('listens again after its database connection is terminated, and the open stream still gets the update', async () => {
    const created = ZPaymentCreated.parse(
      (await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' } })).body,
    );
    const controller = new AbortController();
    const res = await fetch(`${api.url}/api/orders/${created.orderId}/events`, { headers: { 'x-order-token': created.orderToken }, signal: controller.signal });
    const next = sseReader(res.body!);
    expect((await next()).data).toMatchObject({ status: 'pending_crypto_payment' });

    const killed = await api.database.db.execute(
      sql`select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    expect(rowsOf<{ killed: boolean }>(killed).map((r) => r.killed)).toEqual([true]);
    // The feed notices, waits its first backoff and listens again.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    await api.database.db.transaction((tx) => transition(tx, created.orderId, 'payment_expired', { cause: 'test: the window ended' }));
    let update = await next();
    while (update.event !== 'status') update = await next();
    expect(update.data).toMatchObject({ orderId: created.orderId, status: 'payment_expired' });
    controller.abort();
  });
});
