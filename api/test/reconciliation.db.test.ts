import { describe, expect, it } from 'vitest';
import { ZReconciliation } from '@topup/shared';
import { credit } from '../src/services/ledger';
import { signInByEmail } from './harness';
import { api, asAdmin, createOrder, moveTo, orderRow, recordPayment, startAdminApi, token } from './admin-fixture';

/**
 * The reconciliation report on a seeded set of orders and payments: every figure exact, and the
 * planted differences listed with the orders behind them.
 */
startAdminApi();

const report = async () => {
  const res = await asAdmin('GET', '/reconciliation');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZReconciliation.parse(res.body);
};

describe('reconciliation', () => {
  it('compares chain, ledger, orders, provider and liabilities exactly, and lists the planted differences', async () => {
    // Paid exactly, delivered after the first report.
    const paid = await createOrder();
    await recordPayment(paid.orderId, paid.walletAddress, { status: 'confirmed', disposition: 'order' });
    await moveTo(paid.orderId, ['confirming', 'paid', 'processing']);
    // Another coin to an open order: credited, held for its anonymous owner.
    const wrong = await createOrder();
    await recordPayment(wrong.orderId, wrong.walletAddress, { coin: 'USDC', amount: '5000000', status: 'confirmed', disposition: 'credited' });
    await api.database.db.transaction((tx) =>
      credit(tx, { customerId: null, orderId: wrong.orderId, amountCents: 500, reason: 'wrong_coin', referenceType: 'payment', referenceId: 'seeded' }),
    );
    // Planted: an order that counts as paid with nothing on chain.
    const planted = await createOrder();
    await moveTo(planted.orderId, ['confirming', 'paid']);
    // Planted: money that arrived for an expired order and went nowhere.
    const lost = await createOrder();
    await moveTo(lost.orderId, ['payment_expired']);
    await recordPayment(lost.orderId, lost.walletAddress, { amount: '3000000', status: 'confirmed' });
    // A customer's balance of $20.
    await signInByEmail(api, 'reconcile@example.com');
    const users = (await asAdmin('GET', '/users')).body as { id: number; email: string }[];
    const customer = users.find((u) => u.email === 'reconcile@example.com')!;
    expect((await asAdmin('POST', '/add-balance', { userId: customer.id, amount: 20, notes: 'goodwill' })).status).toBe(200);

    const first = await report();
    expect(first.chain).toEqual([
      { network: 'ethereum', coin: 'USDC', arrived: '5000000', toOrders: '0', credited: '5000000', unaccounted: '0' },
      { network: 'ethereum', coin: 'USDT', arrived: '14000000', toOrders: '11000000', credited: '0', unaccounted: '3000000' },
    ]);
    expect(first.differences).toEqual([
      { kind: 'payment_unsettled', network: 'ethereum', orderId: lost.orderId, detail: expect.stringContaining('3 USDT') },
      { kind: 'order_paid_without_payment', network: 'ethereum', orderId: planted.orderId, detail: expect.stringContaining('0 of 11 USDT') },
      // $19 on hand against $25 owed (the $20 balance was a gift, not money received).
      { kind: 'liabilities_not_covered', network: null, orderId: null, detail: 'the funds on hand fall short of what is owed by 600 cents' },
    ]);
    // The first report only reads the provider's balance.
    expect(first.providers).toEqual([{ provider: api.provider.name, delivered: 0, deliveredOrders: 0, balanceChange: null, difference: null }]);

    // Delivered by hand (the provider never charged): its balance did not move by the top-up's value.
    await moveTo(paid.orderId, ['completed']);
    const amount = (await orderRow(paid.orderId))!.amountCents;
    const second = await report();
    expect(second.providers).toEqual([{ provider: api.provider.name, delivered: amount, deliveredOrders: 1, balanceChange: 0, difference: amount }]);
    // Owed: $20 balance + $5 held. On hand: 14 USDT + 5 USDC, less the delivered top-up.
    expect(second.liabilities).toEqual({ balances: 2000, held: 500, payoutsDue: 0, total: 2500, fundsOnHand: 1900 - amount, difference: 1900 - amount - 2500 });
    expect(second.differences.map((d) => d.kind)).toEqual(['payment_unsettled', 'order_paid_without_payment', 'provider_balance', 'liabilities_not_covered']);

    const csv = await api.call('GET', '/api/admin/reconciliation?format=csv', { headers: { 'x-admin-token': token } });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.body).toContain(`difference,ethereum,,order_paid_without_payment,,${planted.orderId},`);
    expect(csv.body).toContain('chain,ethereum,USDT,unaccounted,3000000');
  });
});
