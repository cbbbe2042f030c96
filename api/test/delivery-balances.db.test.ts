/**
 * Delivery on the sandbox provider: balances as a ledger, topped up and spent over HTTP. Orders are
 * created over HTTP and made paid through order-state's `transition`, which enqueues the fulfil job; the
 * jobs run on a real JobWorker with the handlers of workers.ts. The Reloadly adapter's delivery: delivery-
 * reloadly.db.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BALANCE_TOPUP_PHONE } from '@topup/shared';
import { jobs, ledgerEntries, orders } from '../src/db/schema';
import { balanceOf, botHeaders, createOrder, customerIdOf, fulfilJob, ledgerOf, markPaid, orderRow, statusesOf } from './delivery-helpers';
import { api, startSandboxDelivery, worker } from './delivery-fixture';

describe('delivery on the sandbox provider', () => {
  startSandboxDelivery();

  // Balances over HTTP with the bot's identity

  describe('balances', () => {
    const user = 5_100_001;

    it('a balance top-up order, once paid, completes and credits the balance', async () => {
      const created = await createOrder(api, { amount: 30, phoneNumber: BALANCE_TOPUP_PHONE }, botHeaders(api, user));
      const customerId = await customerIdOf(api, user);
      expect(await orderRow(api, created.orderId)).toMatchObject({ kind: 'balance_topup', customerId, phoneNumber: null, totalCents: 3000, feeCents: 0 });
      expect(await balanceOf(api, user)).toBe(0);
      await markPaid(api, created.orderId);
      await worker.drain();
      expect((await orderRow(api, created.orderId)).status).toBe('completed');
      expect(await statusesOf(api, created.orderId)).toEqual(['pending_crypto_payment', 'confirming', 'paid', 'completed']);
      expect(await ledgerOf(api, eq(ledgerEntries.customerId, customerId))).toEqual([
        expect.objectContaining({ reason: 'balance_topup', amountCents: 3000, orderId: created.orderId, referenceId: String(created.orderId) }),
      ]);
      expect(await balanceOf(api, user)).toBe(30);
      // Run again: credited once.
      await api.services.fulfilment.run(created.orderId, 2);
      expect(await balanceOf(api, user)).toBe(30);
    });

    it('pays a recharge from the balance: born paid, debited, then delivered', async () => {
      const res = await api.call('POST', '/api/crypto-payment', {
        body: { amount: 10, phoneNumber: '670000777', operatorId: 53, paymentMethod: 'balance' },
        headers: botHeaders(api, user),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ paymentMethod: 'balance', status: 'paid', amount: 10, serviceFee: 1, totalAmount: 11, balance: 19 });
      const orderId = res.body.orderId as number;
      expect(await orderRow(api, orderId)).toMatchObject({ status: 'paid', paymentMethod: 'balance', depositAddress: null });
      expect(await fulfilJob(api, orderId)).not.toBeNull();
      await worker.drain();
      expect((await orderRow(api, orderId)).status).toBe('completed');
      expect(await statusesOf(api, orderId)).toEqual(['paid', 'processing', 'completed']);
      const status = await api.call('GET', `/api/payment-status/${orderId}`, { headers: botHeaders(api, user) });
      expect(status.body).toMatchObject({ status: 'completed', paymentMethod: 'balance', cryptocurrency: null });
      expect(status.body.reloadlyTransactionId).toMatch(/^SBX-/);
      const customerId = await customerIdOf(api, user);
      expect((await ledgerOf(api, eq(ledgerEntries.customerId, customerId))).map((e) => [e.reason, e.amountCents])).toEqual([
        ['balance_topup', 3000],
        ['purchase', -1100],
      ]);
      expect(await balanceOf(api, user)).toBe(19);
    });

    it('refuses a purchase the balance cannot cover (409), leaving no order behind', async () => {
      const customerId = await customerIdOf(api, user);
      const before = await api.database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));
      const jobsBefore = await api.database.db.select({ id: jobs.id }).from(jobs);
      const res = await api.call('POST', '/api/crypto-payment', {
        body: { amount: 20, phoneNumber: '670000778', operatorId: 53, paymentMethod: 'balance' },
        headers: botHeaders(api, user),
      });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('INSUFFICIENT_FUNDS');
      const after = await api.database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));
      expect(after).toHaveLength(before.length);
      expect(await api.database.db.select({ id: jobs.id }).from(jobs)).toHaveLength(jobsBefore.length);
      expect(await balanceOf(api, user)).toBe(19);
    });

    it('needs the bot identity to pay from a balance or read one; a wrong service token is refused', async () => {
      const body = { amount: 10, phoneNumber: '670000779', operatorId: 53, paymentMethod: 'balance' };
      const anonymous = await api.call('POST', '/api/crypto-payment', { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
      const wrong = await api.call('POST', '/api/crypto-payment', { body, headers: { 'x-service-token': 'x'.repeat(48), 'x-telegram-user-id': String(user) } });
      expect(wrong.status).toBe(401);
      expect((await api.call('GET', '/api/balance')).status).toBe(401);
      expect((await api.call('GET', '/api/balance', { headers: { 'x-service-token': 'wrong', 'x-telegram-user-id': String(user) } })).status).toBe(401);
      expect(await balanceOf(api, user)).toBe(19);
    });

    it('holds an anonymous failed delivery on the order until a bot user claims it with the order token, once', async () => {
      const claimer = 5_100_002;
      const created = await createOrder(api, { amount: 10, phoneNumber: '690000001', operatorId: 54 });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect((await orderRow(api, created.orderId)).status).toBe('failed');
      expect(await api.services.balances.heldCents(created.orderId)).toBe(1100);

      expect((await api.call('POST', '/api/balance/claim', { body: { orderToken: created.orderToken } })).status).toBe(401);
      const bogus = await api.call('POST', '/api/balance/claim', { body: { orderToken: `${created.orderToken}x` }, headers: botHeaders(api, claimer) });
      expect(bogus.status).toBe(404);

      const claim = await api.call('POST', '/api/balance/claim', { body: { orderToken: created.orderToken }, headers: botHeaders(api, claimer) });
      expect(claim.status).toBe(200);
      expect(claim.body).toMatchObject({ success: true, claimed: 11, balance: 11 });
      const customerId = await customerIdOf(api, claimer);
      const entries = await ledgerOf(api, eq(ledgerEntries.orderId, created.orderId));
      expect(entries.map((e) => [e.reason, e.customerId, e.amountCents])).toEqual([
        ['failed_delivery', null, 1100],
        ['claim_out', null, -1100],
        ['claim_in', customerId, 1100],
      ]);
      expect(await api.services.balances.heldCents(created.orderId)).toBe(0);
      expect((await orderRow(api, created.orderId)).customerId).toBe(customerId);
      expect(await balanceOf(api, claimer)).toBe(11);

      const again = await api.call('POST', '/api/balance/claim', { body: { orderToken: created.orderToken }, headers: botHeaders(api, claimer) });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ claimed: 0, balance: 11 });
      // Nor can someone else claim it afterwards.
      const other = await api.call('POST', '/api/balance/claim', { body: { orderToken: created.orderToken }, headers: botHeaders(api, 5_100_003) });
      expect(other.body).toMatchObject({ claimed: 0, balance: 0 });
      expect(await ledgerOf(api, eq(ledgerEntries.orderId, created.orderId))).toHaveLength(3);
    });
  });

  // -------------------------------------------------------------------------------------------------
  // The ledger invariant under concurrent purchases (the PostgreSQL server: real concurrency)

  describe.runIf(process.env.TEST_DB === 'postgres')('the ledger under concurrent purchases', () => {
    it('20 concurrent $11 purchases from a $30 balance: exactly 2 succeed, the balance is $8 = the sum of its entries', async () => {
      const user = 5_200_001;
      const topup = await createOrder(api, { amount: 30, phoneNumber: BALANCE_TOPUP_PHONE }, botHeaders(api, user));
      await markPaid(api, topup.orderId);
      await worker.drain();
      expect(await balanceOf(api, user)).toBe(30);
      const customerId = await customerIdOf(api, user);

      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api.call('POST', '/api/crypto-payment', {
            body: { amount: 10, phoneNumber: `6700010${String(i).padStart(2, '0')}`, operatorId: 53, paymentMethod: 'balance' },
            headers: botHeaders(api, user),
          }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 409)).toHaveLength(18);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('INSUFFICIENT_FUNDS');

      const entries = await ledgerOf(api, eq(ledgerEntries.customerId, customerId));
      expect(entries.filter((e) => e.reason === 'purchase')).toHaveLength(2);
      const sum = entries.reduce((s, e) => s + e.amountCents, 0);
      expect(sum).toBe(800);
      expect(await api.services.balances.balanceCents(customerId)).toBe(800);
      expect(await balanceOf(api, user)).toBe(8);
      // Debits are written under the customer's lock, so entry order is the order they happened in:
      // the balance never went below zero.
      let running = 0;
      for (const e of entries) {
        running += e.amountCents;
        expect(running).toBeGreaterThanOrEqual(0);
      }
      const placed = await api.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.paymentMethod, 'balance')));
      expect(placed).toHaveLength(2);
      expect(placed.every((o) => o.status === 'paid')).toBe(true);
      await worker.drain();
      for (const o of placed) expect((await orderRow(api, o.id)).status).toBe('completed');
      expect(await balanceOf(api, user)).toBe(8);
    });
  });

  // -------------------------------------------------------------------------------------------------
});
