import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { ZAdminOrderDetail } from '@topup/shared';
import { ledgerEntries, orderEvents, orders } from '../../db/schema';
import { JobWorker } from '../../jobs/queue';
import { QUEUES } from '../../jobs/queues';
import {
  adminId,
  api,
  asAdmin,
  asAdminBearer,
  asTelegramUser,
  auditFor,
  createOrder,
  failDelivery,
  moveTo,
  orderRow,
  startAdminApi,
} from '../../../test/admin-fixture';

/**
 * The admin API: the order actions (mark paid, re-send, credit, refund) and the manual top-up.
 * Good input and bad input, with the spec's messages (section 5 and 8).
 * Without a session every route answers 401: admin-guard.db.test.ts proves that for each route.
 */

startAdminApi();

/** Runs the fulfilment jobs that are due, as the API's worker does (api/src/workers.ts). */
async function deliverPaidOrders(): Promise<void> {
  const worker = new JobWorker(
    api.database,
    { [QUEUES.fulfil]: (payload, job) => api.services.fulfilment.run((payload as { orderId: number }).orderId, job.attempts) },
    { pollMs: 50, log: pino({ level: 'silent' }) },
  );
  await worker.drain();
}

describe('order actions', () => {
  const act = (id: number, action: string, body: unknown) => asAdmin('POST', `/orders/${id}/${action}`, body);

  it('mark paid: a waiting order is paid by the admin (named in its event), submitted and delivered; a failed one is refused', async () => {
    const o = await createOrder({ amount: 12 });
    expect((await act(o.orderId, 'mark-paid', {})).body.message).toBe('Please give a reason.');
    const res = await act(o.orderId, 'mark-paid', { notes: 'paid by bank transfer' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      orderId: o.orderId,
      status: 'paid',
      message: `Manual top-up submitted: Order #${o.orderId} is queued for delivery.`,
    });
    const events = await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId)).orderBy(orderEvents.id);
    expect(events.at(-1)).toMatchObject({
      toStatus: 'paid',
      cause: 'manual top-up by an admin: paid by bank transfer',
      detail: { paidByAdmin: true, adminId },
    });
    expect((await asAdmin('GET', `/orders/${o.orderId}`)).body.actions).toMatchObject({ markPaid: false, resend: false });
    await deliverPaidOrders();
    expect((await orderRow(o.orderId))!.status).toBe('completed');

    const failed = await createOrder();
    await failDelivery(failed.orderId);
    const refused = await act(failed.orderId, 'mark-paid', { notes: 'x' });
    expect([refused.status, refused.body.message]).toEqual([409, `Order ${failed.orderId} failed: re-send it instead of marking it paid.`]);
    const waiting = await createOrder();
    const notFailed = await act(waiting.orderId, 'resend', { notes: 'x' });
    expect([notFailed.status, notFailed.body.message]).toEqual([
      409,
      `Order ${waiting.orderId} is pending_crypto_payment: only a failed order can be re-sent.`,
    ]);
  });

  it('re-send: once. A second re-send of the same failure is refused with a 409, even when the balance could pay it again', async () => {
    const customer = asTelegramUser(9402);
    const o = await createOrder({ amount: 10 }, customer);
    await failDelivery(o.orderId);
    const userId = (await orderRow(o.orderId))!.customerId!;
    // Money of the customer's own beside the failure's credit: enough for a second take-back.
    expect((await asAdminBearer('/add-balance', { userId, amount: 50, notes: 'goodwill' })).status).toBe(200);
    const balance = async () => (await api.call('GET', '/api/balance', { headers: customer })).body.balance;
    expect(await balance()).toBe(61);

    const first = await act(o.orderId, 'resend', { notes: 'operator is back' });
    expect(first.status).toBe(200);
    const retryId = first.body.orderId as number;
    expect(first.body).toMatchObject({ status: 'paid', message: `Manual top-up submitted: Order #${retryId} is queued for delivery.` });
    expect(await balance()).toBe(50);

    const second = await act(o.orderId, 'resend', { notes: 'and again' });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: 'CONFLICT',
      message: `Order ${o.orderId} was already re-sent as order ${retryId}: a failed top-up is re-sent once.`,
    });
    // The Manual Top-up tab's path says the same.
    expect((await asAdmin('POST', '/manual-topup', { mode: 'existing', orderId: o.orderId, notes: 'again' })).status).toBe(409);
    expect(await balance()).toBe(50);
    expect((await api.database.db.select().from(orders).where(eq(orders.customerId, userId))).map((r) => r.id).sort()).toEqual([o.orderId, retryId].sort());

    const page = ZAdminOrderDetail.parse((await asAdmin('GET', `/orders/${o.orderId}`)).body);
    expect([page.resentAs, page.actions.resend]).toEqual([retryId, false]);
    expect(page.ledger.map((l) => [l.reason, l.amount])).toEqual([
      ['failed_delivery', 1100],
      ['manual_retry', -1100],
    ]);
    expect(page.timeline.find((t) => t.kind === 'resent')).toMatchObject({ relatedOrderId: retryId, source: 'ledger', cause: 'operator is back' });
    const retryPage = ZAdminOrderDetail.parse((await asAdmin('GET', `/orders/${retryId}`)).body);
    expect([retryPage.resendOf, retryPage.story.order.paymentMethod]).toEqual([o.orderId, 'admin']);
    expect(retryPage.ledger.map((l) => l.reason)).toEqual(['manual_retry']);
  });

  it('credit: an amount with a reason to the customer, or held on an anonymous order; audited; bad input is a 400', async () => {
    const customer = asTelegramUser(9403);
    const o = await createOrder({ amount: 10 }, customer);
    const res = await act(o.orderId, 'credit', { amount: '2.50', reason: 'sorry for the wait' });
    expect(res.status).toBe(200);
    const userId = (await orderRow(o.orderId))!.customerId!;
    expect(res.body).toEqual({ success: true, amount: 2.5, customerId: userId, message: `Credited $2.50: on the balance of customer #${userId}.` });
    expect((await api.call('GET', '/api/balance', { headers: customer })).body.balance).toBe(2.5);
    const [entry] = await api.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, o.orderId), eq(ledgerEntries.reason, 'admin_adjustment')));
    expect(entry).toMatchObject({ customerId: userId, amountCents: 250, note: 'sorry for the wait', referenceType: 'admin' });
    const [audit] = await auditFor(`order:${o.orderId}`);
    expect(audit).toMatchObject({ adminId, action: 'order.credit', after: { amountCents: 250, customerId: userId, reason: 'sorry for the wait' } });

    const anonymous = await createOrder({ amount: 10 });
    const held = await act(anonymous.orderId, 'credit', { amount: 3, reason: 'goodwill' });
    expect(held.body.message).toBe('Credited $3.00: held on the order for its customer.');
    expect(await api.services.balances.heldCents(anonymous.orderId)).toBe(300);
    expect((await asAdmin('GET', `/orders/${anonymous.orderId}`)).body.story.value.heldAmount).toBe(3);

    const cases: [unknown, string][] = [
      [{ amount: 0, reason: 'x' }, 'Amount must be greater than 0.'],
      [{ amount: -5, reason: 'x' }, 'Amount must be greater than 0.'],
      [{ amount: 1.234, reason: 'x' }, 'at most 2 decimals'],
      [{ reason: 'x' }, 'Please enter an amount.'],
      [{ amount: 1 }, 'Please give a reason.'],
      [{ amount: 1, reason: '   ' }, 'Please give a reason.'],
    ];
    for (const [body, message] of cases) {
      const bad = await act(o.orderId, 'credit', body);
      expect([body, bad.status]).toEqual([body, 400]);
      expect(bad.body.message).toContain(message);
    }
    expect((await act(987654, 'credit', { amount: 1, reason: 'x' })).status).toBe(404);
  });

  it('refund: a completed order the customer paid, its total back to the balance once; not a failed one or an admin top-up', async () => {
    const customer = asTelegramUser(9404);
    const o = await createOrder({ amount: 20 }, customer);
    await moveTo(o.orderId, ['paid', 'processing', 'completed']);
    expect((await asAdmin('GET', `/orders/${o.orderId}`)).body.actions.refund).toBe(true);
    const res = await act(o.orderId, 'refund', { reason: 'airtime never arrived (operator confirmed)' });
    expect(res.status).toBe(200);
    const userId = (await orderRow(o.orderId))!.customerId!;
    expect(res.body).toMatchObject({ amount: 21, customerId: userId, message: `Refunded $21.00: on the balance of customer #${userId}.` });
    expect((await api.call('GET', '/api/balance', { headers: customer })).body.balance).toBe(21);
    expect((await auditFor(`order:${o.orderId}`)).map((a) => a.action)).toEqual(['order.refund']);

    const again = await act(o.orderId, 'refund', { reason: 'twice?' });
    expect([again.status, again.body.message]).toEqual([409, `Order ${o.orderId} cannot be refunded: it was refunded already.`]);
    expect((await api.call('GET', '/api/balance', { headers: customer })).body.balance).toBe(21);
    expect((await asAdmin('GET', `/orders/${o.orderId}`)).body.actions.refund).toBe(false);

    const failed = await createOrder();
    await failDelivery(failed.orderId);
    const notCompleted = await act(failed.orderId, 'refund', { reason: 'x' });
    expect([notCompleted.status, notCompleted.body.message]).toEqual([
      409,
      `Order ${failed.orderId} cannot be refunded: it is failed (a failed order's value was credited when it failed).`,
    ]);

    const granted = await asAdmin('POST', '/manual-topup', {
      mode: 'new',
      phoneNumber: '671234567',
      countryId: 120,
      operatorId: 53,
      amount: 10,
      notes: 'cash',
    });
    await deliverPaidOrders();
    const adminPaid = await act(granted.body.orderId, 'refund', { reason: 'x' });
    expect([adminPaid.status, adminPaid.body.message]).toEqual([409, `Order ${granted.body.orderId} cannot be refunded: the customer did not pay for it.`]);
  });
});

describe('POST /api/admin/manual-topup', () => {
  const topup = (body: unknown) => asAdmin('POST', '/manual-topup', body);
  const newTopup = { mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 53, amount: 12.5, notes: 'customer paid in cash' };
  const EXISTING_REQUIRED = 'Please select an order and add notes for existing order processing.';

  it('new: creates a paid order that the fulfilment job delivers', async () => {
    const res = await topup(newTopup);
    expect(res.status).toBe(200);
    // Submitted, not done: the delivery's outcome is the order's status later.
    expect(res.body).toMatchObject({ success: true, orderId: expect.any(Number), status: 'paid' });
    const id = res.body.orderId as number;
    expect(res.body.message).toBe(`Manual top-up submitted: Order #${id} is queued for delivery.`);
    expect(await orderRow(id)).toMatchObject({
      status: 'paid',
      paymentMethod: 'admin',
      source: 'admin',
      phoneNumber: '+237671234567',
      countryCode: 'CM',
      operatorId: 53,
      amountCents: 1250,
      feeCents: 0,
      totalCents: 1250,
    });
    const [event] = await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(event).toMatchObject({ fromStatus: null, toStatus: 'paid', cause: 'manual top-up by an admin: customer paid in cash' });
    const [audit] = await auditFor(`order:${id}`);
    expect(audit).toMatchObject({
      adminId,
      action: 'order.manual-topup',
      after: { mode: 'new', phoneNumber: '671234567', amountCents: 1250, notes: 'customer paid in cash' },
    });

    await deliverPaidOrders();
    const delivered = await orderRow(id);
    expect(delivered!.status).toBe('completed');
    expect(delivered!.providerTransactionId).toBeTruthy();
    // Exactly once: running the jobs again sends nothing more.
    await deliverPaidOrders();
    expect((await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => e.toStatus)).toEqual([
      'paid',
      'processing',
      'completed',
    ]);
  });

  it('new: takes the country and operator as numbers or digits, notes optional', async () => {
    const res = await topup({ ...newTopup, countryId: '120', operatorId: '53', amount: '10', notes: undefined });
    expect(res.status).toBe(200);
    expect(await orderRow(res.body.orderId)).toMatchObject({ amountCents: 1000, status: 'paid' });
  });

  it('new: refuses missing fields with the spec message, and bad values with a clear one', async () => {
    for (const field of ['phoneNumber', 'countryId', 'operatorId', 'amount'] as const) {
      for (const value of [undefined, '']) {
        const res = await topup({ ...newTopup, [field]: value });
        expect([field, value, res.status]).toEqual([field, value, 400]);
        expect(res.body.message).toBe('Please fill in all required fields.');
      }
    }
    const cases: [Record<string, unknown>, number, string][] = [
      [{ phoneNumber: '12' }, 400, 'Invalid phone number format'],
      [{ operatorId: 999999 }, 400, 'operator 999999 does not exist'],
      [{ countryId: 840 }, 400, 'does not serve the selected country'],
      [{ amount: 10.123 }, 400, 'at most 2 decimals'],
      [{ amount: 4.99 }, 400, 'Amount must be between $5.00 and $500.00.'],
      [{ amount: 501 }, 400, 'Amount must be between $5.00 and $500.00.'],
      [{ mode: 'other' }, 400, 'mode must be new or existing'],
    ];
    for (const [change, status, message] of cases) {
      const res = await topup({ ...newTopup, ...change });
      expect([change, res.status]).toEqual([change, status]);
      expect(res.body.message).toContain(message);
    }
    expect((await topup(undefined)).status).toBe(400);
  });

  it('existing: a waiting or expired order becomes paid and is delivered', async () => {
    const waiting = await createOrder();
    const expired = await createOrder();
    await moveTo(expired.orderId, ['payment_expired']);
    for (const o of [waiting, expired]) {
      const before = (await orderRow(o.orderId))!.status;
      const res = await topup({ mode: 'existing', orderId: o.orderId, notes: 'paid by bank transfer' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        orderId: o.orderId,
        status: 'paid',
        message: `Manual top-up submitted: Order #${o.orderId} is queued for delivery.`,
      });
      expect((await orderRow(o.orderId))!.status).toBe('paid');
      const [audit] = await auditFor(`order:${o.orderId}`);
      expect(audit).toMatchObject({ action: 'order.manual-topup', before: { status: before }, after: { status: 'paid', notes: 'paid by bank transfer' } });
    }
    await deliverPaidOrders();
    expect((await orderRow(waiting.orderId))!.status).toBe('completed');
    expect((await orderRow(expired.orderId))!.status).toBe('completed');
  });

  it("existing: a failed order is sent again as a new order, and the failure's credit is taken back", async () => {
    const customer = asTelegramUser(9301);
    const o = await createOrder({ amount: 10 }, customer);
    await failDelivery(o.orderId);
    const balance = async () => (await api.call('GET', '/api/balance', { headers: customer })).body.balance;
    expect(await balance()).toBe(11);

    const res = await topup({ mode: 'existing', orderId: o.orderId, notes: 'operator outage is over' });
    expect(res.status).toBe(200);
    const retryId = res.body.orderId as number;
    expect(retryId).not.toBe(o.orderId);
    expect((await orderRow(o.orderId))!.status).toBe('failed');
    const retry = await orderRow(retryId);
    expect(retry).toMatchObject({
      status: 'paid',
      paymentMethod: 'admin',
      phoneNumber: '+237671234567',
      amountCents: 1000,
      feeCents: 100,
      customerId: (await orderRow(o.orderId))!.customerId,
    });
    expect(await balance()).toBe(0);
    const [taken] = await api.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, o.orderId), eq(ledgerEntries.reason, 'manual_retry')));
    expect(taken).toMatchObject({ amountCents: -1100, referenceId: String(retryId), note: 'operator outage is over' });
    const [audit] = await auditFor(`order:${o.orderId}`);
    expect(audit).toMatchObject({ action: 'order.manual-topup', after: { retryOrder: retryId } });

    await deliverPaidOrders();
    expect((await orderRow(retryId))!.status).toBe('completed');
    expect(await balance()).toBe(0);
    // A failure is re-sent once.
    const again = await topup({ mode: 'existing', orderId: o.orderId, notes: 'once more' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${o.orderId} was already re-sent as order ${retryId}: a failed top-up is re-sent once.`);
  });

  it("existing: an anonymous failed order's held credit is taken back", async () => {
    const o = await createOrder({ amount: 20 });
    await failDelivery(o.orderId);
    expect(await api.services.balances.heldCents(o.orderId)).toBe(2100);
    const res = await topup({ mode: 'existing', orderId: o.orderId, notes: 'retry for the anonymous buyer' });
    expect(res.status).toBe(200);
    expect(await api.services.balances.heldCents(o.orderId)).toBe(0);
  });

  it("existing: refuses when the failed order's credit was already spent", async () => {
    const customer = asTelegramUser(9302);
    const o = await createOrder({ amount: 10 }, customer);
    await failDelivery(o.orderId);
    const userId = (await orderRow(o.orderId))!.customerId!;
    expect((await asAdminBearer('/subtract-balance', { userId, amount: 5, notes: 'spent elsewhere' })).status).toBe(200);
    const res = await topup({ mode: 'existing', orderId: o.orderId, notes: 'retry' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The $11.00 credited for this failed order was already used; top up as a new order instead.');
    expect((await api.database.db.select().from(orders).where(eq(orders.customerId, userId))).map((r) => r.id)).toEqual([o.orderId]);
  });

  it('existing: refuses completed, cancelled and unknown orders, and a missing order or notes', async () => {
    const completed = await createOrder();
    await moveTo(completed.orderId, ['paid', 'processing', 'completed']);
    const done = await topup({ mode: 'existing', orderId: completed.orderId, notes: 'again?' });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(`Order ${completed.orderId} is completed: only pending, failed or expired orders can be topped up by hand.`);
    const cancelled = await createOrder();
    await moveTo(cancelled.orderId, ['cancelled']);
    expect((await topup({ mode: 'existing', orderId: cancelled.orderId, notes: 'x' })).status).toBe(409);
    expect((await topup({ mode: 'existing', orderId: 987654, notes: 'x' })).status).toBe(404);

    const waiting = await createOrder();
    for (const body of [
      { mode: 'existing', orderId: waiting.orderId },
      { mode: 'existing', orderId: waiting.orderId, notes: '   ' },
      { mode: 'existing', notes: 'x' },
      { mode: 'existing', orderId: '', notes: 'x' },
    ]) {
      const res = await topup(body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.message).toBe(EXISTING_REQUIRED);
    }
    expect((await orderRow(waiting.orderId))!.status).toBe('pending_crypto_payment');
  });
});
