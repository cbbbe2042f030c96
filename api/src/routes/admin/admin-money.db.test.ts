import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { type TOrderStatus } from '@topup/shared';
import { adminToken, startTestApi } from '../../../test/harness';
import { ledgerEntries, orders } from '../../db/schema';
import { JobWorker } from '../../jobs/queue';
import { QUEUES } from '../../jobs/queues';
import { transition } from '../../services/order-state';
import {
  api,
  asAdmin,
  asAdminBearer,
  asTelegramUser,
  auditFor,
  createOrder,
  failDelivery,
  moveTo,
  recharge,
  recordPayment,
  startAdminApi,
} from '../../../test/admin-fixture';

/**
 * The admin API: the dashboard's figures, customers' balances, unmatched payments and alerts.
 * Good input and bad input, with the spec's messages (section 5 and 8).
 * Without a session every route answers 401: admin-guard.db.test.ts proves that for each route.
 */

startAdminApi();

describe('GET /api/admin/stats', () => {
  it('computes revenue, orders, success rate and active users from the orders (fresh database)', async () => {
    const fresh = await startTestApi();
    try {
      const t = await adminToken(fresh);
      const stats = async () => (await fresh.call('GET', '/api/admin/stats', { headers: { 'x-admin-token': t } })).body;
      expect(await stats()).toEqual({ totalRevenue: 0, totalOrders: 0, successRate: 0, activeUsers: 0, adminGranted: 0, adminGrantedOrders: 0 });

      const a1 = await createOrder({ amount: 10 }, asTelegramUser(9001, fresh), fresh);
      const a2 = await createOrder({ amount: 20 }, asTelegramUser(9001, fresh), fresh);
      const b1 = await createOrder({ amount: 15 }, asTelegramUser(9002, fresh), fresh);
      const c1 = await createOrder({ amount: 25 }, asTelegramUser(9003, fresh), fresh);
      const anon1 = await createOrder({ amount: 5 }, {}, fresh);
      const anon2 = await createOrder({ amount: 30 }, {}, fresh);
      await createOrder({ amount: 7 }, {}, fresh); // still waiting for payment
      const completed: TOrderStatus[] = ['paid', 'processing', 'completed'];
      const failed: TOrderStatus[] = ['paid', 'processing', 'failed'];
      await moveTo(a1.orderId, completed, fresh);
      await moveTo(a2.orderId, failed, fresh);
      await moveTo(b1.orderId, completed, fresh);
      await moveTo(c1.orderId, completed, fresh);
      await moveTo(anon1.orderId, failed, fresh);
      await moveTo(anon2.orderId, ['payment_expired'], fresh);
      // Customer C's only order is 40 days old: C is not an active user, its revenue still counts.
      await fresh.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
        .where(eq(orders.id, c1.orderId));

      expect(await stats()).toEqual({
        totalRevenue: 11 + 16 + 26, // completed orders: top-up and fee
        totalOrders: 7,
        successRate: 60, // 3 completed / (3 completed + 2 failed)
        activeUsers: 2, // customers A and B; anonymous orders name no customer
        adminGranted: 0,
        adminGrantedOrders: 0,
      });
      const b2 = await createOrder({ amount: 10 }, asTelegramUser(9002, fresh), fresh);
      await moveTo(b2.orderId, completed, fresh);
      expect(await stats()).toMatchObject({ totalRevenue: 64, totalOrders: 8, successRate: 66.7, activeUsers: 2 });
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/admin/stats: revenue is money the customers paid for completed orders', () => {
  it('leaves out admin-granted top-ups (shown apart), balance top-ups and refunds; counts a balance-paid recharge and a re-send', async () => {
    const fresh = await startTestApi();
    try {
      const t = await adminToken(fresh);
      const admin = (method: string, path: string, body?: unknown) => fresh.call(method, `/api/admin${path}`, { body, headers: { 'x-admin-token': t } });
      const deliver = async () => {
        const worker = new JobWorker(
          fresh.database,
          { [QUEUES.fulfil]: (p, job) => fresh.services.fulfilment.run((p as { orderId: number }).orderId, job.attempts) },
          { pollMs: 50, log: pino({ level: 'silent' }) },
        );
        await worker.drain();
      };
      const buyer = asTelegramUser(9501, fresh);
      const completed: TOrderStatus[] = ['paid', 'processing', 'completed'];

      // Paid in crypto and delivered: $10 + $1 fee.
      const crypto = await createOrder({ amount: 10 }, buyer, fresh);
      await moveTo(crypto.orderId, completed, fresh);
      // A balance top-up of $30 (a deposit), then a $20 recharge paid from it.
      const deposit = await createOrder({ amount: 30, phoneNumber: 'balance_topup' }, buyer, fresh);
      await moveTo(deposit.orderId, ['paid', 'completed'], fresh);
      await fresh.database.db.transaction(async (tx) =>
        fresh.services.balances.creditBalanceTopup(tx, (await tx.select().from(orders).where(eq(orders.id, deposit.orderId)))[0]!),
      );
      const fromBalance = await fresh.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 20, paymentMethod: 'balance' }, headers: buyer });
      expect(fromBalance.status, JSON.stringify(fromBalance.body)).toBe(201);
      // Admin-granted: a new manual top-up ($15) and a waiting order marked paid ($12 + $1).
      const manual = await admin('POST', '/manual-topup', { mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 53, amount: 15, notes: 'cash' });
      const marked = await createOrder({ amount: 12 }, {}, fresh);
      expect((await admin('POST', `/orders/${marked.orderId}/mark-paid`, { notes: 'bank transfer' })).status).toBe(200);
      // A failed $25 order re-sent by an admin: paid with the customer's own credit.
      const failed = await createOrder({ amount: 25 }, buyer, fresh);
      await moveTo(failed.orderId, ['paid', 'processing'], fresh);
      await fresh.database.db.transaction(async (tx) =>
        fresh.services.balances.creditFailedDelivery(tx, await transition(tx, failed.orderId, 'failed', { cause: 'test' })),
      );
      const resent = await admin('POST', `/orders/${failed.orderId}/resend`, { notes: 'operator back' });
      expect(resent.status).toBe(200);
      await deliver();
      for (const id of [fromBalance.body.orderId, manual.body.orderId, marked.orderId, resent.body.orderId]) {
        expect((await fresh.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status).toBe('completed');
      }

      const stats = async () => (await admin('GET', '/stats')).body;
      expect(await stats()).toMatchObject({
        totalRevenue: 11 + 21 + 26, // crypto, balance-paid, the re-send; not the deposit
        adminGranted: 15 + 13,
        adminGrantedOrders: 2,
        totalOrders: 7,
      });
      // A refund gives money back: revenue goes down by it.
      expect((await admin('POST', `/orders/${crypto.orderId}/refund`, { reason: 'never arrived' })).status).toBe(200);
      expect(await stats()).toMatchObject({ totalRevenue: 21 + 26, adminGranted: 28 });
    } finally {
      await fresh.close();
    }
  });
});

describe('users and balance adjustments', () => {
  let userId: number;
  beforeAll(async () => {
    expect(
      (await api.call('GET', '/api/orders', { headers: { ...asTelegramUser(9401), 'x-telegram-first-name': 'Ana', 'x-telegram-last-name': 'Lima' } })).status,
    ).toBe(200);
    const users = (await asAdmin('GET', '/users')).body as { id: number; telegramUserId: number }[];
    userId = users.find((u) => u.telegramUserId === 9401)!.id;
  });
  const user = async () => ((await asAdmin('GET', '/users')).body as { id: number }[]).find((u) => u.id === userId);

  it('lists customers with their balance', async () => {
    const res = await asAdmin('GET', '/users');
    expect(res.status).toBe(200);
    expect(await user()).toMatchObject({
      id: userId,
      firstName: 'Ana',
      lastName: 'Lima',
      email: null,
      telegramUserId: 9401,
      balance: 0,
      createdAt: expect.any(String),
    });
  });

  it('adds and subtracts as ledger entries with notes (bearer header, as the spec sends it)', async () => {
    const added = await asAdminBearer('/add-balance', { userId, amount: 12.5 });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ success: true, balance: 12.5, message: 'Balance added successfully. New balance: $12.50' });
    const subtracted = await asAdminBearer('/subtract-balance', { userId: String(userId), amount: '2.25', notes: 'goodwill correction' });
    expect(subtracted.body).toMatchObject({ balance: 10.25, message: 'Balance subtracted successfully. New balance: $10.25' });
    expect((await user())!).toMatchObject({ balance: 10.25 });
    const entries = await api.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.customerId, userId), eq(ledgerEntries.reason, 'admin_adjustment')))
      .orderBy(ledgerEntries.id);
    expect(entries.map((e) => [e.amountCents, e.note])).toEqual([
      [1250, 'Admin add balance adjustment'],
      [-225, 'goodwill correction'],
    ]);
    const audit = await auditFor(`user:${userId}`);
    // The audit log keeps money as it is kept everywhere: integer cents.
    expect(audit.map((a) => [a.action, a.before, (a.after as { balanceCents: number }).balanceCents])).toEqual([
      ['balance.add', { balanceCents: 0 }, 1250],
      ['balance.subtract', { balanceCents: 1250 }, 1025],
    ]);
    // The x-admin-token form is accepted too.
    expect((await asAdmin('POST', '/add-balance', { userId, amount: 0.75 })).body.balance).toBe(11);
  });

  it('never takes a balance below zero', async () => {
    const before = (await user())!;
    const res = await asAdminBearer('/subtract-balance', { userId, amount: 11.01 });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'The balance is $11.00: it cannot go below zero.' });
    expect(await user()).toEqual(before);
    expect((await asAdminBearer('/subtract-balance', { userId, amount: 11 })).body.balance).toBe(0);
  });

  it('refuses a missing user or amount, an amount not above zero, and an unknown user', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 5 }, 400, 'Please select a user and enter an amount.'],
      [{ userId: '', amount: 5 }, 400, 'Please select a user and enter an amount.'],
      [{ userId }, 400, 'Please select a user and enter an amount.'],
      [{ userId, amount: '' }, 400, 'Please select a user and enter an amount.'],
      [{ userId, amount: 0 }, 400, 'Amount must be greater than 0.'],
      [{ userId, amount: -5 }, 400, 'Amount must be greater than 0.'],
      [{ userId, amount: '0.00' }, 400, 'Amount must be greater than 0.'],
      [{ userId, amount: 1.234 }, 400, 'amount: Amount must be a positive number of dollars with at most 2 decimals'],
      [{ userId, amount: 'lots' }, 400, 'amount: Amount must be a positive number of dollars with at most 2 decimals'],
      [{ userId: 987654, amount: 5 }, 404, 'User 987654 not found'],
    ];
    for (const path of ['/add-balance', '/subtract-balance']) {
      for (const [body, status, message] of cases) {
        const res = await asAdminBearer(path, body);
        expect([path, body, res.status, res.body.message]).toEqual([path, body, status, message]);
      }
    }
  });
});

describe('GET /api/admin/stats: money received before an admin marked the order paid', () => {
  it('counts what the customer sent as revenue, and only the rest as granted', async () => {
    const before = (await asAdmin('GET', '/stats')).body as { totalRevenue: number; adminGranted: number };
    const o = await createOrder({ amount: 10 }); // $11 in USDT at 1:1
    await recordPayment(o.orderId, o.walletAddress, { amount: '5000000', status: 'confirmed' });
    expect((await asAdmin('POST', `/orders/${o.orderId}/mark-paid`, { notes: 'the rest came by bank transfer' })).status).toBe(200);
    await moveTo(o.orderId, ['processing', 'completed']);
    const after = (await asAdmin('GET', '/stats')).body as { totalRevenue: number; adminGranted: number };
    expect(after.totalRevenue - before.totalRevenue).toBe(5); // dollars on the wire
    expect(after.adminGranted - before.adminGranted).toBe(6);
  });
});

describe('GET /api/admin/payments/unmatched and /alerts', () => {
  it('lists payments that did not pay a fulfilled order (wrong coin, late, anonymous credits), not those that did', async () => {
    const waiting = await createOrder();
    const wrongCoin = await recordPayment(waiting.orderId, waiting.walletAddress, {
      coin: 'USDC',
      amount: '2000000',
      status: 'confirmed',
      disposition: 'credited',
    });
    const expired = await createOrder();
    await moveTo(expired.orderId, ['payment_expired']);
    const late = await recordPayment(expired.orderId, expired.walletAddress, { status: 'confirmed', disposition: 'credited' });
    const stray = await recordPayment(null, '0x000000000000000000000000000000000000bEEF', { coin: 'ETH', amount: '1000000000000000' });
    const delivered = await createOrder();
    const paidIt = await recordPayment(delivered.orderId, delivered.walletAddress, { status: 'confirmed', disposition: 'order' });
    await moveTo(delivered.orderId, ['confirming', 'paid', 'processing', 'completed']);
    const removed = await recordPayment(waiting.orderId, waiting.walletAddress, { status: 'removed' });

    const res = await asAdmin('GET', '/payments/unmatched');
    expect(res.status).toBe(200);
    const byId = new Map((res.body as { id: number }[]).map((p) => [p.id, p]));
    expect(byId.get(wrongCoin.id)).toMatchObject({
      coin: 'USDC',
      amount: '2000000',
      orderId: waiting.orderId,
      orderStatus: 'pending_crypto_payment',
      disposition: 'credited',
      txHash: wrongCoin.txHash,
      network: 'ethereum',
    });
    expect(byId.get(late.id)).toMatchObject({ orderId: expired.orderId, orderStatus: 'payment_expired' });
    expect(byId.get(stray.id)).toMatchObject({ orderId: null, orderStatus: null, coin: 'ETH' });
    expect(byId.has(paidIt.id)).toBe(false);
    expect(byId.has(removed.id)).toBe(false);
  });

  it("lists an overpayment (its excess credited) and shows a failed order's held credit on the payment that paid it", async () => {
    const over = await createOrder();
    const overPaid = await recordPayment(over.orderId, over.walletAddress, { amount: '15000000', status: 'confirmed', disposition: 'order' });
    await moveTo(over.orderId, ['confirming', 'paid', 'processing', 'completed']);
    await api.database.db.insert(ledgerEntries).values({
      customerId: null,
      orderId: over.orderId,
      amountCents: 400,
      reason: 'overpayment',
      referenceType: 'order',
      referenceId: String(over.orderId),
    });
    const lost = await createOrder();
    const lostPaid = await recordPayment(lost.orderId, lost.walletAddress, { status: 'confirmed', disposition: 'order' });
    await moveTo(lost.orderId, ['confirming']);
    await failDelivery(lost.orderId);

    const byId = new Map(((await asAdmin('GET', '/payments/unmatched')).body as { id: number }[]).map((p) => [p.id, p]));
    expect(byId.get(overPaid.id)).toMatchObject({ orderId: over.orderId, orderStatus: 'completed', creditedCents: 400 });
    expect(byId.get(lostPaid.id)).toMatchObject({ orderId: lost.orderId, orderStatus: 'failed', creditedCents: 1100 });
  });

  it('lists open alerts', async () => {
    expect((await asAdmin('GET', '/alerts')).body).toEqual([]);
    await api.services.alerts.raise('provider_balance_low', 'The airtime provider balance is too low');
    expect((await asAdmin('GET', '/alerts')).body).toEqual([
      expect.objectContaining({ kind: 'provider_balance_low', message: 'The airtime provider balance is too low' }),
    ]);
  });
});
