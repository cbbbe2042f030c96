/**
 * Delivery on the sandbox provider: fulfilment of paid orders, each outcome of the sandbox. Orders are
 * created over HTTP and made paid through order-state's `transition`, which enqueues the fulfil job; the
 * jobs run on a real JobWorker with the handlers of workers.ts. The Reloadly adapter's delivery: delivery-
 * reloadly.db.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminAlerts, ledgerEntries, notifications, orderEvents, orders } from '../src/db/schema';
import {
  balanceOf,
  botHeaders,
  createOrder,
  customerIdOf,
  dropJob,
  dueNow,
  fulfilJob,
  ledgerOf,
  markPaid,
  orderRow,
  sleep,
  statusesOf,
} from './delivery-helpers';
import { api, SLOW_MS, startSandboxDelivery, worker } from './delivery-fixture';

describe('delivery on the sandbox provider', () => {
  startSandboxDelivery();

  /** A $10 MTN Cameroon recharge ($11 with the fee), paid, its first fulfilment run done. */
  async function paidAndRun(phoneNumber: string, opts: { headers?: Record<string, string>; operatorId?: number; amount?: number } = {}) {
    const created = await createOrder(api, { amount: opts.amount ?? 10, phoneNumber, operatorId: opts.operatorId ?? 53 }, opts.headers);
    await markPaid(api, created.orderId);
    expect(await fulfilJob(api, created.orderId)).not.toBeNull();
    await worker.drain();
    return { ...created, row: await orderRow(api, created.orderId) };
  }

  it('delivers a top-up: completed with the provider and operator transaction ids, the customIdentifier is the payment id', async () => {
    const { orderId, paymentId, row } = await paidAndRun('670000123');
    expect(row.status).toBe('completed');
    expect(row.providerTransactionId).toMatch(/^SBX-\d+-\d+$/);
    expect(row.operatorTransactionId).toMatch(/^SBX-OP-\d+-\d+$/);
    expect(row.pinDetail).toBeNull();
    expect(await statusesOf(api, orderId)).toEqual(['pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed']);
    expect(await fulfilJob(api, orderId)).toBeNull();
    // The provider knows the top-up by our payment id (unique across databases).
    const known = await api.provider.findTopup(paymentId);
    expect(known).toMatchObject({ kind: 'delivered', transactionId: row.providerTransactionId });

    const status = await api.call('GET', `/api/orders/${row.paymentId}/status`);
    expect(status.status).toBe(200);
    // The spec's field for old clients, and the provider-neutral one our clients read.
    expect(status.body).toMatchObject({
      status: 'completed',
      reloadlyTransactionId: row.providerTransactionId,
      providerTransactionId: row.providerTransactionId,
    });
    // A completed delivery moves no money on the ledger.
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
  });

  it('saves the PIN of a PIN operator (Tracfone PIN, US)', async () => {
    const { row } = await paidAndRun('2025550123', { operatorId: 103, amount: 5 });
    expect(row.status).toBe('completed');
    expect(row.countryCode).toBe('US');
    expect(row.pinDetail).toMatchObject({ serial: expect.stringMatching(/^SBX-PIN-/), code: expect.stringMatching(/^\d{12}$/), dial: '*611' });
  });

  it('0001 FAILED, anonymous: the order fails and its total is credited, held on the order', async () => {
    const { orderId, row } = await paidAndRun('670000001');
    expect(row.status).toBe('failed');
    expect(row.providerTransactionId).toMatch(/^SBX-/);
    expect(row.customerId).toBeNull();
    const entries = await ledgerOf(api, eq(ledgerEntries.orderId, orderId));
    expect(entries).toEqual([
      expect.objectContaining({
        reason: 'failed_delivery',
        customerId: null,
        orderId,
        amountCents: 1100,
        referenceType: 'order',
        referenceId: String(orderId),
      }),
    ]);
    expect(await api.services.balances.heldCents(orderId)).toBe(1100);
    const [failed] = await api.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'failed')));
    expect(failed?.cause).toContain('rejected');
    expect(await fulfilJob(api, orderId)).toBeNull();
    const status = await api.call('GET', `/api/orders/${row.paymentId}/status`);
    expect(status.body).toMatchObject({ status: 'failed', reloadlyTransactionId: row.providerTransactionId });
  });

  it('0002 REFUNDED, a bot user: the order fails and its total goes to the customer balance, and the chat is told', async () => {
    const telegramUserId = 5_000_002;
    const { orderId, row } = await paidAndRun('670000002', { headers: botHeaders(api, telegramUserId) });
    const customerId = await customerIdOf(api, telegramUserId);
    expect(row).toMatchObject({ status: 'failed', customerId });
    const entries = await ledgerOf(api, eq(ledgerEntries.customerId, customerId));
    expect(entries).toEqual([expect.objectContaining({ reason: 'failed_delivery', orderId, amountCents: 1100 })]);
    expect(await api.services.balances.heldCents(orderId)).toBe(0);
    expect(await balanceOf(api, telegramUserId)).toBe(11);
    const [told] = await api.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.channel, 'telegram'), eq(notifications.status, 'failed')));
    expect(told).toMatchObject({ recipient: String(telegramUserId), payload: expect.objectContaining({ status: 'failed', creditedAmount: '$11.00' }) });
    // A failed delivery run again (a job that runs twice) credits nothing more.
    await api.services.fulfilment.run(orderId, 2);
    expect(await balanceOf(api, telegramUserId)).toBe(11);
  });

  it('0003 slow: processing while the provider processes, polled until completed after slowMs', async () => {
    const started = Date.now();
    const { orderId, row } = await paidAndRun('670000003');
    expect(row.status).toBe('processing');
    expect(row.providerTransactionId).toMatch(/^SBX-/);
    const job = await fulfilJob(api, orderId);
    expect(job!.inSeconds).toBeGreaterThan(0);
    expect(job!.inSeconds).toBeLessThanOrEqual(0.2);
    expect((await api.call('GET', `/api/orders/${row.paymentId}/status`)).body).toMatchObject({
      status: 'processing',
      reloadlyTransactionId: row.providerTransactionId,
    });

    let current = row;
    while (current.status === 'processing' && Date.now() - started < 10_000) {
      await sleep(100);
      await worker.drain();
      current = await orderRow(api, orderId);
    }
    expect(current.status).toBe('completed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS);
    expect(current.providerTransactionId).toBe(row.providerTransactionId);
    expect(current.operatorTransactionId).toMatch(/^SBX-OP-/);
    expect(await statusesOf(api, orderId)).toEqual(['pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed']);
    expect(await fulfilJob(api, orderId)).toBeNull();
  });

  it('0004 PHONE_RECENTLY_RECHARGED: stays processing, the job is rescheduled 2 minutes later', async () => {
    const { orderId, row } = await paidAndRun('670000004');
    expect(row.status).toBe('processing');
    expect(row.providerTransactionId).toBeNull();
    const job = await fulfilJob(api, orderId);
    expect(job!.inSeconds).toBeGreaterThan(110);
    expect(job!.inSeconds).toBeLessThanOrEqual(120);
    expect(job!.lastError).toContain('PHONE_RECENTLY_RECHARGED');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
    // Not due: nothing runs.
    expect(await worker.drain()).toBe(0);
    await dropJob(api, orderId);
  });

  it('0005 INSUFFICIENT_BALANCE: the order waits (not failed), an admin alert is raised, the job is rescheduled', async () => {
    const { orderId, row } = await paidAndRun('670000005');
    expect(row.status).toBe('processing');
    const job = await fulfilJob(api, orderId);
    expect(job!.inSeconds).toBeGreaterThan(290);
    expect(job!.inSeconds).toBeLessThanOrEqual(300);
    // Waiting on someone else does not count as an attempt.
    expect(job!.attempts).toBe(0);
    const [alert] = await api.database.db.select().from(adminAlerts).where(eq(adminAlerts.kind, 'provider_balance_low'));
    expect(alert).toMatchObject({ resolvedAt: null, count: 1 });
    expect(alert!.message).toContain(`order ${orderId}`);
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);

    // Still low next time: still waiting, still one open alert (raised again).
    await dueNow(api, orderId);
    await worker.drain();
    expect((await orderRow(api, orderId)).status).toBe('processing');
    const open = await api.services.alerts.open();
    expect(open.filter((a) => a.kind === 'provider_balance_low')).toEqual([expect.objectContaining({ count: 2 })]);
    expect((await fulfilJob(api, orderId))!.attempts).toBe(0);
    await dropJob(api, orderId);
  });

  it('0006 TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT: retried with growing delays, then given up and credited', async () => {
    const { orderId, row } = await paidAndRun('670000006');
    expect(row.status).toBe('processing');
    const first = await fulfilJob(api, orderId);
    expect(first).toMatchObject({ attempts: 1, lastError: expect.stringContaining('TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT') });
    expect(first!.inSeconds).toBeGreaterThan(25);
    expect(first!.inSeconds).toBeLessThanOrEqual(30);

    await dueNow(api, orderId);
    await worker.drain();
    const second = await fulfilJob(api, orderId);
    expect(second!.attempts).toBe(2);
    expect(second!.inSeconds).toBeGreaterThan(55);
    expect(second!.inSeconds).toBeLessThanOrEqual(60);
    expect((await orderRow(api, orderId)).status).toBe('processing');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);

    // The 20th try gives up: the order fails and the customer is credited.
    await dueNow(api, orderId, 19);
    await worker.drain();
    expect((await orderRow(api, orderId)).status).toBe('failed');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([
      expect.objectContaining({ reason: 'failed_delivery', amountCents: 1100, customerId: null }),
    ]);
    expect(await fulfilJob(api, orderId)).toBeNull();
  });

  it('a refusal that no retry can fix fails the order at once and credits it', async () => {
    const created = await createOrder(api, { amount: 10, phoneNumber: '670000456', operatorId: 53 });
    // The operator no longer serves the number's country (the catalog changed after the order was made).
    await api.database.db.update(orders).set({ operatorId: 101 }).where(eq(orders.id, created.orderId));
    await markPaid(api, created.orderId);
    await worker.drain();
    const row = await orderRow(api, created.orderId);
    expect(row.status).toBe('failed');
    expect(row.providerTransactionId).toBeNull();
    const [failed] = await api.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, created.orderId), eq(orderEvents.toStatus, 'failed')));
    expect(failed?.cause).toContain('INVALID_RECIPIENT_PHONE');
    expect(await api.services.balances.heldCents(created.orderId)).toBe(1100);
    expect(await fulfilJob(api, created.orderId)).toBeNull();
    expect((await api.provider.findTopup(created.paymentId)).kind).toBe('not-found');
  });

  // -------------------------------------------------------------------------------------------------
});
