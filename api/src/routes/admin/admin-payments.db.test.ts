import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, roleRefusal } from '@topup/shared';
import { customers, jobs, ledgerEntries, orderEvents, orders, payments } from '../../db/schema';
import { FixedPriceFeed } from '../../services/price-feed';
import { adminId, api, asAdmin, auditFor, createOrder, member, moveTo, orderRow, recordPayment, startAdminApi } from '../../../test/admin-fixture';

/**
 * The admin API: a payment that reached no order (no memo, an unknown one: a shared receiving address)
 * matched to an order, where it is settled as if it had come for it, or credited to a customer. Each
 * once, audited, for roles with the orders power. Any payment row without an order is such a payment.
 */

const prices = { ETH: '3000', BNB: '600', POL: '0.5', TRX: '0.3', TON: '3' };
startAdminApi({ env: { PRICE_CACHE_SECONDS: '1' }, priceFeed: new FixedPriceFeed(prices) });

const SENDER = '0x00000000000000000000000000000000000000A1';
/** A confirmed payment of 11 USDT (a $10 order's amount) with no order, as a watcher records one. */
const orderless = (fields: Parameters<typeof recordPayment>[2] = {}) =>
  recordPayment(null, '0x000000000000000000000000000000000000bEEF', { status: 'confirmed', fromAddress: SENDER, ...fields });
const match = (id: number, body: unknown, t?: string) => asAdmin('POST', `/payments/${id}/match`, body, t);
const creditTo = (id: number, body: unknown, t?: string) => asAdmin('POST', `/payments/${id}/credit`, body, t);
const paymentRow = async (id: number) => (await api.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const transitions = async (orderId: number) =>
  (await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).map(
    (e) => `${e.fromStatus ?? '-'} -> ${e.toStatus}`,
  );
const ledgerOf = (paymentId: number) =>
  api.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.referenceId, String(paymentId)));
const settleTime = () => new Promise((resolve) => setTimeout(resolve, 1100)); // PRICE_CACHE_SECONDS=1

describe('POST /api/admin/payments/{id}/match', () => {
  it('applies a payment that reached no order to an open order: it pays it as if it had come for it; audited', async () => {
    const order = await createOrder();
    const p = await orderless();
    const listed = (await asAdmin('GET', '/payments/unmatched')).body.find((u: { id: number }) => u.id === p.id);
    expect(listed).toMatchObject({ orderId: null, disposition: null, fromAddress: SENDER });

    const res = await match(p.id, { order: ` #${order.orderId} `, reason: 'the customer sent the transaction to support' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      orderId: order.orderId,
      status: 'paid',
      message: `Payment ${p.id} matched to order #${order.orderId}: it paid the order.`,
    });
    expect(await paymentRow(p.id)).toMatchObject({ orderId: order.orderId, disposition: 'order' });
    expect(await transitions(order.orderId)).toEqual(['- -> pending_crypto_payment', 'pending_crypto_payment -> confirming', 'confirming -> paid']);
    expect(await auditFor(`payment:${p.id}`)).toMatchObject([
      {
        adminId,
        action: 'payment.match',
        before: { orderId: null },
        after: { orderId: order.orderId, reason: 'the customer sent the transaction to support' },
      },
    ]);
  });

  it('named by its payment id, a short payment leaves the order waiting for the rest, as on the chain', async () => {
    const order = await createOrder();
    const p = await orderless({ amount: '5000000' });
    const res = await match(p.id, { order: order.paymentId, reason: 'half of it' });
    expect(res.body).toMatchObject({
      status: 'pending_crypto_payment',
      message: `Payment ${p.id} matched to order #${order.orderId}: the order is pending_crypto_payment.`,
    });
    expect(await paymentRow(p.id)).toMatchObject({ orderId: order.orderId, disposition: null });
    // Confirmed when it reaches the order, as a short payment the watcher saw late: the order stays
    // payable, and its watch's end credits what came if the rest never does.
    expect(await transitions(order.orderId)).toEqual(['- -> pending_crypto_payment']);
    expect(
      await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `order.close-watch:${order.orderId}`)),
    ).toHaveLength(1);
  });

  it('to an order expired before the payment, in a coin whose price fell: credited as a late payment, the order stays expired', async () => {
    const order = await createOrder({ cryptoCurrency: 'ETH' });
    await api.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.orderId));
    await moveTo(order.orderId, ['payment_expired']);
    const p = await orderless({ coin: 'ETH', amount: (await orderRow(order.orderId))!.cryptoAmount! });
    prices.ETH = '2000';
    try {
      await settleTime();
      const res = await match(p.id, { order: String(order.orderId), reason: 'late, by the sender' });
      expect(res.body).toMatchObject({ status: 'payment_expired', message: expect.stringContaining('its value was credited') });
      expect((await transitions(order.orderId)).slice(-2)).toEqual(['payment_expired -> confirming', 'confirming -> payment_expired']);
      expect(await paymentRow(p.id)).toMatchObject({ orderId: order.orderId, disposition: 'credited' });
      // 0.00366667 ETH (the $11 quoted at $3000) valued at $2000 now: $7.33, held on the anonymous order.
      expect(await ledgerOf(p.id)).toMatchObject([
        { reason: 'late_payment', referenceType: 'payment', orderId: order.orderId, customerId: null, amountCents: 733 },
      ]);
    } finally {
      prices.ETH = '3000';
      await settleTime();
    }
  });

  it('matches a payment once: again, or by two admins at the same time, the second is refused with a 409', async () => {
    const [a, b] = [await createOrder(), await createOrder()];
    const p = await orderless();
    const both = await Promise.all([match(p.id, { order: a.orderId, reason: 'first' }), match(p.id, { order: b.orderId, reason: 'second' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!.body.orderId as number;
    const refusal = { code: 'CONFLICT', message: `Payment ${p.id} is already matched to order #${winner}.` };
    expect(both.find((r) => r.status === 409)!.body.error).toEqual(refusal);
    const again = await match(p.id, { order: a.orderId === winner ? b.orderId : a.orderId, reason: 'again' });
    expect([again.status, again.body.error]).toEqual([409, refusal]);
    expect((await creditTo(p.id, { customer: 1, reason: 'x' })).status).toBe(409);
    expect(await paymentRow(p.id)).toMatchObject({ orderId: winner });
    expect(await auditFor(`payment:${p.id}`)).toHaveLength(1);
    expect(await transitions(winner === a.orderId ? b.orderId : a.orderId)).toEqual(['- -> pending_crypto_payment']);
  });

  it('refuses what cannot be matched: an unknown payment or order, an order not paid in crypto or on another network, a form without its fields', async () => {
    const order = await createOrder();
    const p = await orderless();
    expect((await match(999_999, { order: order.orderId, reason: 'x' })).body.error).toEqual({ code: 'NOT_FOUND', message: 'Payment 999999 not found.' });
    expect((await match(p.id, { order: '999999', reason: 'x' })).body.error).toEqual({ code: 'NOT_FOUND', message: 'Order 999999 not found.' });
    const manual = await asAdmin('POST', '/manual-topup', { mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 53, amount: 10, notes: 'x' });
    const byAdmin = await match(p.id, { order: manual.body.orderId, reason: 'x' });
    expect([byAdmin.status, byAdmin.body.message]).toEqual([
      409,
      `Order #${manual.body.orderId} is not paid in crypto: a chain payment cannot be matched to it.`,
    ]);
    const onBsc = await orderless({ network: 'bsc', chainId: 56, coin: 'BNB', amount: '10000000000000000' });
    const elsewhere = await match(onBsc.id, { order: order.orderId, reason: 'x' });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([
      409,
      `Order #${order.orderId} is paid on ethereum, the payment came on bsc: credit it to a customer instead.`,
    ]);
    for (const [body, message] of [
      [{ reason: 'x' }, ADMIN_MESSAGES.matchOrderRequired],
      [{ order: 'not an order', reason: 'x' }, ADMIN_MESSAGES.matchOrderRequired],
      [{ order: '12' }, ADMIN_MESSAGES.reasonRequired],
    ] as const) {
      const res = await match(p.id, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await paymentRow(p.id)).toMatchObject({ orderId: null, disposition: null });
  });

  it('needs the orders power: an operator may, support and a viewer may not', async () => {
    const support = await member('support.payments@example.com', 'support');
    const viewer = await member('viewer.payments@example.com', 'viewer');
    const operator = await member('operator.payments@example.com', 'operator');
    const order = await createOrder();
    const p = await orderless();
    for (const [m, role] of [
      [support, 'support'],
      [viewer, 'viewer'],
    ] as const) {
      for (const res of [await match(p.id, { order: order.orderId, reason: 'x' }, m.token), await creditTo(p.id, { customer: 1, reason: 'x' }, m.token)]) {
        expect([res.status, res.body.message]).toEqual([403, roleRefusal(role)]);
      }
    }
    expect((await match(p.id, { order: order.orderId, reason: 'by an operator' }, operator.token)).status).toBe(200);
    expect(await auditFor(`payment:${p.id}`)).toMatchObject([{ adminId: operator.id, action: 'payment.match' }]);
  });
});

describe('POST /api/admin/payments/{id}/credit', () => {
  it("credits a payment's value at today's price to the customer named by e-mail or number, once; audited", async () => {
    const [customer] = await api.database.db.insert(customers).values({ email: 'payer@example.com' }).returning();
    const p = await orderless({ coin: 'ETH', amount: '1000000000000000' });
    const both = await Promise.all([
      creditTo(p.id, { customer: ' Payer@Example.com ', reason: 'the sender wrote to support' }),
      creditTo(p.id, { customer: String(customer!.id), reason: 'the same, from another admin' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // 0.001 ETH at $3000.
    expect(both.find((r) => r.status === 200)!.body).toEqual({
      success: true,
      amount: 3,
      customerId: customer!.id,
      message: `Credited $3.00: on the balance of customer #${customer!.id}.`,
    });
    expect(both.find((r) => r.status === 409)!.body.error).toEqual({ code: 'CONFLICT', message: `Payment ${p.id} was already credited to a balance.` });
    expect((await match(p.id, { order: (await createOrder()).orderId, reason: 'x' })).status).toBe(409);

    expect(await ledgerOf(p.id)).toMatchObject([
      {
        customerId: customer!.id,
        orderId: null,
        amountCents: 300,
        reason: 'admin_adjustment',
        referenceType: 'payment',
        note: expect.stringMatching(/^0\.001 ETH in 0x.*: /),
      },
    ]);
    const users = (await asAdmin('GET', '/users')).body as { id: number; balance: number }[];
    expect(users.find((u) => u.id === customer!.id)!.balance).toBe(3);
    const listed = (await asAdmin('GET', '/payments/unmatched')).body.find((u: { id: number }) => u.id === p.id);
    expect(listed).toMatchObject({ orderId: null, disposition: 'credited', creditedCents: 300 });
    expect(await auditFor(`payment:${p.id}`)).toMatchObject([{ adminId, action: 'payment.credit', after: { customerId: customer!.id, amountCents: 300 } }]);
  });

  it('refuses a payment not final yet, an unknown customer, and a form without its fields', async () => {
    const p = await orderless({ status: 'seen' });
    const [customer] = await api.database.db.insert(customers).values({ email: 'waiting@example.com' }).returning();
    const early = await creditTo(p.id, { customer: customer!.id, reason: 'x' });
    expect([early.status, early.body.message]).toEqual([409, `Payment ${p.id} is not final yet: credit it once it is confirmed.`]);
    expect((await creditTo(p.id, { customer: 'nobody@example.com', reason: 'x' })).body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Customer nobody@example.com not found.',
    });
    for (const customerRef of [undefined, '', 'someone']) {
      const res = await creditTo(p.id, { customer: customerRef, reason: 'x' });
      expect([res.status, res.body.message]).toEqual([400, ADMIN_MESSAGES.creditCustomerRequired]);
    }
    expect(await paymentRow(p.id)).toMatchObject({ orderId: null, disposition: null });
  });
});
