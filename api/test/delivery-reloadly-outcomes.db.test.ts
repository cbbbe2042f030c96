/**
 * Delivery on the Reloadly adapter against its local double (api/test/reloadly-double/), through the real
 * job worker; a top-up is sent exactly once whatever Reloadly answers or fails to answer. This file: the
 * outcomes Reloadly states (delivered, failed for good, to retry later).
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, orderEvents } from '../src/db/schema';
import { balanceOf, botHeaders, customerIdOf, dropJob, fulfilJob, ledgerOf } from './delivery-helpers';
import { api, double, paidAndRun, runAgain, startReloadlyDelivery, submissionsFor, transactionsFor } from './delivery-reloadly-fixture';

describe('delivery on the Reloadly adapter (local double)', () => {
  startReloadlyDelivery();
  const statusPolls = (transactionId: number) => double.state.apiRequests().filter((r) => r.path === `/topups/${transactionId}/status`);

  it('submits asynchronously, polls while PROCESSING, completes on SUCCESSFUL', async () => {
    const { orderId, paymentId, row } = await paidAndRun('8031234567');
    expect(row.status).toBe('processing');
    const [transaction] = transactionsFor(paymentId);
    expect(transaction).toMatchObject({
      status: 'PROCESSING',
      operatorId: 341,
      amountCents: 1000,
      recipientPhone: { countryCode: 'NG', number: '8031234567' },
    });
    expect(row.providerTransactionId).toBe(String(transaction!.transactionId));
    expect(submissionsFor(paymentId)[0]!.body).toMatchObject({ operatorId: 341, amount: 10, useLocalAmount: false, customIdentifier: paymentId });
    const job = await fulfilJob(api, orderId);
    expect(job!.inSeconds).toBeGreaterThan(0.5);
    expect(job!.inSeconds).toBeLessThanOrEqual(1);
    expect(job!.attempts).toBe(0);

    // Still processing: asked, and asked again later.
    expect((await runAgain(orderId)).status).toBe('processing');
    expect(statusPolls(transaction!.transactionId)).toHaveLength(1);
    expect((await runAgain(orderId)).status).toBe('processing');
    expect(statusPolls(transaction!.transactionId)).toHaveLength(2);

    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    const done = await runAgain(orderId);
    expect(done).toMatchObject({
      status: 'completed',
      providerTransactionId: String(transaction!.transactionId),
      operatorTransactionId: `OP-${transaction!.transactionId}`,
    });
    expect(await fulfilJob(api, orderId)).toBeNull();
    expect((await api.call('GET', `/api/orders/${paymentId}/status`)).body).toMatchObject({
      status: 'completed',
      reloadlyTransactionId: String(transaction!.transactionId),
    });
    expect(submissionsFor(paymentId)).toHaveLength(1);
  });

  it('FAILED for a reason no try can fix: the order fails and its total is held on the anonymous order', async () => {
    const { orderId, paymentId } = await paidAndRun('8031230001');
    const [transaction] = transactionsFor(paymentId);
    double.state.setStatus(transaction!.transactionId, 'FAILED', { code: 'INVALID_RECIPIENT_PHONE', message: 'The operator rejected the top-up' });
    const row = await runAgain(orderId);
    expect(row).toMatchObject({ status: 'failed', providerTransactionId: String(transaction!.transactionId), operatorTransactionId: null });
    const [failed] = await api.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'failed')));
    expect(failed?.cause).toContain('FAILED');
    expect(failed?.cause).toContain('The operator rejected the top-up');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([
      expect.objectContaining({ reason: 'failed_delivery', customerId: null, amountCents: 1100 }),
    ]);
    expect(await fulfilJob(api, orderId)).toBeNull();
  });

  it("REFUNDED for a reason no try can fix: the order fails and its total goes to the bot user's balance", async () => {
    const user = 6_000_001;
    const { orderId, paymentId } = await paidAndRun('8031230002', botHeaders(api, user));
    const [transaction] = transactionsFor(paymentId);
    double.state.setStatus(transaction!.transactionId, 'REFUNDED', { code: 'INVALID_PHONE_NUMBER', message: 'Refunded: the number is not valid' });
    expect((await runAgain(orderId)).status).toBe('failed');
    const customerId = await customerIdOf(api, user);
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([
      expect.objectContaining({ reason: 'failed_delivery', customerId, amountCents: 1100 }),
    ]);
    expect(await balanceOf(api, user)).toBe(11);
  });

  it('TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT: retried later, asking for the customIdentifier first, then sent once', async () => {
    double.state.failNext({ status: 400, errorCode: 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT', path: '/topups-async' });
    const { orderId, paymentId, row } = await paidAndRun('8031230006');
    expect(row).toMatchObject({ status: 'processing', providerTransactionId: null });
    const job = await fulfilJob(api, orderId);
    expect(job).toMatchObject({ attempts: 1, lastError: expect.stringContaining('TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT') });
    expect(job!.inSeconds).toBeGreaterThan(25);
    expect(job!.inSeconds).toBeLessThanOrEqual(30);
    expect(transactionsFor(paymentId)).toEqual([]);

    const reportsBefore = double.state.apiRequests().filter((r) => r.path === '/topups/reports/transactions' && r.query.customIdentifier === paymentId).length;
    const retried = await runAgain(orderId);
    expect(retried.status).toBe('processing');
    expect(double.state.apiRequests().filter((r) => r.path === '/topups/reports/transactions' && r.query.customIdentifier === paymentId)).toHaveLength(
      reportsBefore + 1,
    );
    const [transaction] = transactionsFor(paymentId);
    expect(retried.providerTransactionId).toBe(String(transaction!.transactionId));
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    expect((await runAgain(orderId)).status).toBe('completed');
    expect(submissionsFor(paymentId)).toHaveLength(2); // the refused one and the accepted one
    expect(transactionsFor(paymentId)).toHaveLength(1);
  });

  it('PHONE_RECENTLY_RECHARGED: waits 2 minutes', async () => {
    double.state.failNext({ status: 400, errorCode: 'PHONE_RECENTLY_RECHARGED', path: '/topups-async' });
    const { orderId, row } = await paidAndRun('8031230004');
    expect(row.status).toBe('processing');
    const job = await fulfilJob(api, orderId);
    expect(job!.inSeconds).toBeGreaterThan(110);
    expect(job!.inSeconds).toBeLessThanOrEqual(120);
    expect(job!.lastError).toContain('PHONE_RECENTLY_RECHARGED');
    await dropJob(api, orderId);
  });

  it('a refusal code nobody documented: retried later, not failed, and admins are alerted to read it', async () => {
    double.state.failNext({ status: 400, errorCode: 'A_CODE_NOBODY_DOCUMENTED', message: 'Something new', path: '/topups-async' });
    const { orderId, row } = await paidAndRun('8031230008');
    expect(row.status).toBe('processing');
    const job = await fulfilJob(api, orderId);
    expect(job!.attempts).toBe(1);
    expect(job!.lastError).toContain('A_CODE_NOBODY_DOCUMENTED');
    const open = await api.services.alerts.open();
    expect(open.find((a) => a.kind === 'provider_unrecognised_refusal')?.message).toContain(`order ${orderId}`);
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
    await dropJob(api, orderId);
  });

  it('a low Reloadly balance: the order waits and admins are alerted; it goes out once the balance is refilled', async () => {
    const balance = double.state.balanceCents;
    double.state.balanceCents = 500;
    try {
      const { orderId, paymentId, row } = await paidAndRun('8031230005');
      expect(row.status).toBe('processing');
      const job = await fulfilJob(api, orderId);
      expect(job!.attempts).toBe(0);
      expect(job!.inSeconds).toBeGreaterThan(290);
      const open = await api.services.alerts.open();
      expect(open.find((a) => a.kind === 'provider_balance_low')?.message).toContain(`order ${orderId}`);
      expect(transactionsFor(paymentId)).toEqual([]);
      expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);

      double.state.balanceCents = balance;
      const sent = await runAgain(orderId);
      expect(sent.status).toBe('processing');
      expect(transactionsFor(paymentId)).toHaveLength(1);
      double.state.setStatus(transactionsFor(paymentId)[0]!.transactionId, 'SUCCESSFUL');
      expect((await runAgain(orderId)).status).toBe('completed');
    } finally {
      double.state.balanceCents = Math.max(double.state.balanceCents, balance - 10_000);
    }
  });

  it('a definite refusal fails the order at once and credits it', async () => {
    double.state.failNext({
      status: 400,
      errorCode: 'INVALID_AMOUNT_FOR_OPERATOR',
      message: 'The amount is not valid for this operator',
      path: '/topups-async',
    });
    const { orderId, paymentId, row } = await paidAndRun('8031230007');
    expect(row.status).toBe('failed');
    const [failed] = await api.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'failed')));
    expect(failed?.cause).toContain('INVALID_AMOUNT_FOR_OPERATOR');
    expect(await api.services.balances.heldCents(orderId)).toBe(1100);
    expect(transactionsFor(paymentId)).toEqual([]);
    expect(await fulfilJob(api, orderId)).toBeNull();
  });
});
