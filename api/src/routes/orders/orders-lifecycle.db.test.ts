import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { CANCEL_REFUSED_FUNDS_MESSAGE, stillPayableMessage, ZCancelResponse, ZOrderView, ZPaymentCreated, ZPaymentStatus } from '@topup/shared';
import { adminToken } from '../../../test/harness';
import { auditLog, jobs, orderEvents, orders, payments } from '../../db/schema';
import { JobWorker } from '../../jobs/queue';
import { jobHandlers } from '../../workers';
import { QUEUES } from '../../jobs/queues';
import { api, create, fiveStep, startOrdersApi } from '../../../test/orders-fixture';

/**
 * The order API after creation: status, the caller's orders, leaving and cancelling, expiry, deletion,
 * and the unmatched payments admins see.
 */

startOrdersApi();

describe('status endpoints', () => {
  it('report a new order as waiting with nothing received', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    for (const path of [`/api/payment-status/${created.orderId}`, `/api/orders/${created.paymentId}/status`]) {
      const res = await api.call('GET', path, { headers: { 'x-order-token': created.orderToken } });
      expect(res.status).toBe(200);
      expect(ZPaymentStatus.parse(res.body)).toMatchObject({
        status: 'pending_crypto_payment',
        providerTransactionId: null,
        reloadlyTransactionId: null,
        receivedAmount: '0',
        remainingAmount: '11',
        confirmations: 0,
        requiredConfirmations: 1,
        walletAddress: created.walletAddress,
        paymentUri: created.paymentUri,
        walletLinks: created.walletLinks,
      });
      expect(res.body).not.toHaveProperty('phoneNumber');
    }
  });

  it('by order number tell a stranger only that the number exists: no payment id, address or amount', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const other = ZPaymentCreated.parse((await create(fiveStep)).body);
    for (const headers of [{} as Record<string, string>, { 'x-order-token': other.orderToken }, { 'x-order-token': `${created.paymentId}.forged` }]) {
      for (const path of [`/api/payment-status/${created.orderId}`, `/api/orders/${created.orderId}/events`]) {
        const res = await api.call('GET', path, { headers });
        expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'FORBIDDEN']);
        const text = JSON.stringify(res.body);
        for (const secret of [created.paymentId, created.walletAddress, created.cryptoAmount]) expect(text).not.toContain(secret);
      }
    }
    // The page that made it holds its order token; the signed-in customer and the Telegram user need none.
    expect((await api.call('GET', `/api/payment-status/${created.orderId}`, { headers: { 'x-order-token': created.orderToken } })).body.paymentId).toBe(
      created.paymentId,
    );
  });

  it('answer 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await api.call('GET', '/api/payment-status/987654')).status).toBe(404);
    expect((await api.call('GET', '/api/payment-status/abc')).status).toBe(400);
    expect((await api.call('GET', '/api/orders/pay_unknownunknownunknown/status')).status).toBe(404);
    expect((await api.call('GET', '/api/orders/nope/status')).status).toBe(400);
  });
});

describe('GET /api/orders', () => {
  it("returns only the caller's orders, by the order tokens it holds", async () => {
    const a = ZPaymentCreated.parse((await create(fiveStep)).body);
    const b = ZPaymentCreated.parse((await create({ ...fiveStep, amount: 20 })).body);
    expect((await api.call('GET', '/api/orders')).body).toEqual([]);
    const mine = await api.call('GET', '/api/orders', { headers: { 'x-order-token': `${a.orderToken}, ${b.orderToken}` } });
    const list = ZOrderView.array().parse(mine.body);
    expect(list.map((o) => o.id).sort()).toEqual([a.orderId, b.orderId].sort());
    expect(list.find((o) => o.id === b.orderId)).toMatchObject({ amount: 20, phoneNumber: '+237671234567', status: 'pending_crypto_payment' });
    const forged = await api.call('GET', '/api/orders', { headers: { 'x-order-token': `${a.paymentId}.forged` } });
    expect(forged.body).toEqual([]);
  });
});

/**
 * Leaving is not cancelling. The spec's client cancelled when the page was hidden or
 * unloaded and on Back, so a customer who reloaded or switched to the wallet app and then paid lost the
 * order. Now those calls answer and leave the order payable; only the explicit Cancel cancels.
 */
describe('leaving an unpaid order', () => {
  it('release-wallet (Back) answers and leaves the order payable until its window ends', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const owner = { 'x-order-token': created.orderToken };
    const res = await api.call('POST', '/api/release-wallet', { body: { paymentId: created.paymentId, cryptocurrency: 'USDT' }, headers: owner });
    expect(res.status).toBe(200);
    expect(ZCancelResponse.parse(res.body)).toEqual({
      success: true,
      orderId: created.orderId,
      status: 'pending_crypto_payment',
      message: stillPayableMessage(created.expiresAt),
    });
    expect((await api.call('POST', '/api/release-wallet', { body: { paymentId: created.paymentId }, headers: owner })).status).toBe(200);
    const events = await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, created.orderId));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'pending_crypto_payment']]);
    // Still expires on time if nothing comes.
    expect(
      await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${QUEUES.expireOrder}:${created.orderId}`)),
    ).toHaveLength(1);
    expect(ZPaymentStatus.parse((await api.call('GET', `/api/orders/${created.paymentId}/status`)).body).display.state).toBe('awaiting_payment');
  });

  it('cancel-transaction takes the spec payload and checks the order id', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const owner = { 'x-order-token': created.orderToken };
    const wrong = await api.call('POST', '/api/cancel-transaction', {
      body: { orderId: created.orderId + 1000, paymentId: created.paymentId },
      headers: owner,
    });
    expect(wrong.status).toBe(404);
    const ok = await api.call('POST', '/api/cancel-transaction', {
      body: { orderId: created.orderId, paymentId: created.paymentId, amount: 10, cryptocurrency: 'USDT', transactionType: 'recharge' },
      headers: owner,
    });
    expect(ok.body.status).toBe('cancelled');
    expect(
      await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${QUEUES.expireOrder}:${created.orderId}`)),
    ).toEqual([]);
    expect(ZPaymentStatus.parse((await api.call('GET', `/api/orders/${created.paymentId}/status`)).body).display).toMatchObject({
      state: 'cancelled',
      sub: null,
    });
  });

  it('auto-cancel-order (a beacon with a text/plain body, the page hidden or unloaded) answers and cancels nothing', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const beacon = JSON.stringify({ paymentId: created.paymentId, orderToken: created.orderToken });
    const res = await api.call('POST', '/api/auto-cancel-order', { raw: beacon, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'pending_crypto_payment' });
    expect((await api.call('GET', `/api/orders/${created.paymentId}/status`)).body.status).toBe('pending_crypto_payment');
    expect((await api.call('POST', '/api/auto-cancel-order', { raw: 'garbage', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    expect((await api.call('POST', '/api/auto-cancel-order', { body: {} })).status).toBe(400);
  });

  it('Cancel never cancels an order that has received funds, and says why and what happens to them', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    await api.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'1'.repeat(64)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'2'.repeat(64)}`,
      blockTime: new Date(),
      toAddress: created.walletAddress,
      coin: 'USDT',
      amount: '1000000',
      orderId: created.orderId,
    });
    const res = await api.call('POST', '/api/cancel-transaction', {
      body: { paymentId: created.paymentId, orderId: created.orderId, orderToken: created.orderToken },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'INVALID_STATE', message: CANCEL_REFUSED_FUNDS_MESSAGE });
    expect(res.body.message).toBe(CANCEL_REFUSED_FUNDS_MESSAGE);
    const status = await api.call('GET', `/api/orders/${created.paymentId}/status`);
    expect(status.body).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '1', remainingAmount: '10' });
  });
});

describe('expiry', () => {
  it('a durable job expires an order whose window passed with nothing received', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const past = new Date(Date.now() - 1000);
    await api.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, created.orderId));
    await api.database.db
      .update(jobs)
      .set({ runAt: past })
      .where(eq(jobs.key, `${QUEUES.expireOrder}:${created.orderId}`));
    const worker = new JobWorker(
      api.database,
      { [QUEUES.expireOrder]: jobHandlers(api.database, api.services)[QUEUES.expireOrder] },
      { pollMs: 50, log: pino({ level: 'silent' }) },
    );
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const status = await api.call('GET', `/api/orders/${created.paymentId}/status`);
    expect(status.body.status).toBe('payment_expired');
    const [event] = await api.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, created.orderId))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(event).toMatchObject({ fromStatus: 'pending_crypto_payment', toStatus: 'payment_expired', cause: 'payment window ended with nothing received' });
  });
});

describe('DELETE /api/orders/{id}', () => {
  it('is for admins only', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    expect((await api.call('DELETE', `/api/orders/${created.orderId}`)).status).toBe(401);
    expect((await api.call('DELETE', `/api/orders/${created.orderId}`, { headers: { 'x-admin-token': 'guess' } })).status).toBe(401);
  });

  it('deletes an unpaid order, audited; refuses one that received funds', async () => {
    const token = await adminToken(api);
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const res = await api.call('DELETE', `/api/orders/${created.orderId}`, { headers: { 'x-admin-token': token } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Order #${created.orderId} has been permanently removed from the database.`);
    expect((await api.call('DELETE', `/api/orders/${created.orderId}`, { headers: { 'x-admin-token': token } })).status).toBe(404);
    const audit = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${created.orderId}`));
    expect(audit).toHaveLength(1);

    const paid = ZPaymentCreated.parse((await create(fiveStep)).body);
    await api.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'3'.repeat(64)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'4'.repeat(64)}`,
      blockTime: new Date(),
      toAddress: paid.walletAddress,
      coin: 'USDT',
      amount: '11000000',
      orderId: paid.orderId,
    });
    const refused = await api.call('DELETE', `/api/orders/${paid.orderId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(409);
    expect((await api.call('DELETE', '/api/orders/abc', { headers: { 'x-admin-token': token } })).status).toBe(400);
  });
});

describe('GET /api/admin/payments/unmatched', () => {
  it('lists money that paid no fulfilled order, for admins only', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    await api.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'5'.repeat(64)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'6'.repeat(64)}`,
      blockTime: new Date(),
      toAddress: created.walletAddress,
      coin: 'USDC',
      amount: '2000000',
      orderId: created.orderId,
    });
    expect((await api.call('GET', '/api/admin/payments/unmatched')).status).toBe(401);
    const res = await api.call('GET', '/api/admin/payments/unmatched', { headers: { 'x-admin-token': await adminToken(api) } });
    expect(res.status).toBe(200);
    expect(res.body.find((p: { txHash: string }) => p.txHash === `0x${'5'.repeat(64)}`)).toMatchObject({
      coin: 'USDC',
      amount: '2000000',
      orderId: created.orderId,
      orderStatus: 'pending_crypto_payment',
    });
  });
});
