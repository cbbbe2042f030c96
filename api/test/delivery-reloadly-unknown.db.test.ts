/**
 * Delivery on the Reloadly adapter against its local double (api/test/reloadly-double/), through the real
 * job worker; a top-up is sent exactly once whatever Reloadly answers or fails to answer. This file: unknown
 * outcomes (timeouts, lost answers, 500s, 404s), top-ups found and adopted, sent again or failed after tries.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LosslessNumber } from 'lossless-json';
import { ledgerEntries, orderEvents, orders } from '../src/db/schema';
import { dueNow, fulfilJob, ledgerOf, orderRow } from './delivery-helpers';
import { api, double, paidAndRun, provider, runAgain, startReloadlyDelivery, submissionsFor, transactionsFor, worker } from './delivery-reloadly-fixture';

describe('delivery on the Reloadly adapter (local double)', () => {
  startReloadlyDelivery();

  it('unknown outcome, a timeout: the next run finds the top-up by customIdentifier and adopts it; sent once', async () => {
    // The number checked first, as every client does: order creation then finds its operator known
    // (the order checks do) and the next call to Reloadly is the top-up.
    expect((await api.call('POST', '/api/validate/phone', { body: { phoneNumber: '8031230008', countryCode: 'NG' } })).body.detectedOperatorId).toBe(341);
    double.state.delayNext(1500); // the answer to the top-up comes after the adapter's 500 ms timeout
    const { orderId, paymentId, row } = await paidAndRun('8031230008');
    expect(row).toMatchObject({ status: 'processing', providerTransactionId: null });
    const job = await fulfilJob(api, orderId);
    expect(job!.lastError).toMatch(/provider unreachable|NETWORK_ERROR|could not be reached/);
    // Reloadly did receive it.
    expect(transactionsFor(paymentId)).toHaveLength(1);
    const [transaction] = transactionsFor(paymentId);

    const adopted = await runAgain(orderId);
    expect(adopted).toMatchObject({ status: 'processing', providerTransactionId: String(transaction!.transactionId) });
    expect(submissionsFor(paymentId)).toHaveLength(1);
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    expect(await runAgain(orderId)).toMatchObject({ status: 'completed', operatorTransactionId: `OP-${transaction!.transactionId}` });
    expect(submissionsFor(paymentId)).toHaveLength(1);
    expect(transactionsFor(paymentId)).toHaveLength(1);
  });

  it('unknown outcome, the answer lost after Reloadly accepted: the next run adopts the top-up, settled meanwhile; sent once', async () => {
    provider.loseNextAnswer = true;
    const { orderId, paymentId, row } = await paidAndRun('8031230009');
    expect(row).toMatchObject({ status: 'processing', providerTransactionId: null });
    expect((await fulfilJob(api, orderId))!.lastError).toContain('NETWORK_ERROR');
    const [transaction] = transactionsFor(paymentId);
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');

    const done = await runAgain(orderId);
    expect(done).toMatchObject({
      status: 'completed',
      providerTransactionId: String(transaction!.transactionId),
      operatorTransactionId: `OP-${transaction!.transactionId}`,
    });
    expect(submissionsFor(paymentId)).toHaveLength(1);
    expect(transactionsFor(paymentId)).toHaveLength(1);
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
  });

  it('a 500 after Reloadly recorded the top-up (PROVIDER_INTERNAL_ERROR) is an unknown outcome: found by customIdentifier, delivered once, nothing credited', async () => {
    double.state.failNext({ status: 500, errorCode: 'PROVIDER_INTERNAL_ERROR', message: 'Internal error', path: '/topups-async', afterRecording: true });
    const { orderId, paymentId, row } = await paidAndRun('8031230011');
    expect(row).toMatchObject({ status: 'processing', providerTransactionId: null });
    const [transaction] = transactionsFor(paymentId);
    expect(transaction).toBeDefined();
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    expect(await runAgain(orderId)).toMatchObject({ status: 'completed', providerTransactionId: String(transaction!.transactionId) });
    expect(submissionsFor(paymentId)).toHaveLength(1);
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
  });

  it.each(['RECIPIENT_HAS_PENDING_TRANSACTION', 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE'])(
    '%s: a refusal that may pass later is retried, not failed',
    async (errorCode) => {
      double.state.failNext({ status: 400, errorCode, path: '/topups-async' });
      const { orderId, paymentId, row } = await paidAndRun(`80312300${errorCode.startsWith('RECIPIENT') ? '12' : '13'}`);
      expect(row.status).toBe('processing');
      expect((await fulfilJob(api, orderId))!.lastError).toContain(errorCode);
      expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
      expect((await runAgain(orderId)).status).toBe('processing');
      double.state.setStatus(transactionsFor(paymentId)[0]!.transactionId, 'SUCCESSFUL');
      expect((await runAgain(orderId)).status).toBe('completed');
    },
  );

  it('a 404 on the status call: the top-up is asked for by customIdentifier, not thrown about', async () => {
    const { orderId, paymentId } = await paidAndRun('8031230014');
    const [transaction] = transactionsFor(paymentId);
    // The saved id means nothing to Reloadly (a restored database, another environment's id).
    await api.database.db.update(orders).set({ providerTransactionId: '424242' }).where(eq(orders.id, orderId));
    const adopted = await runAgain(orderId);
    expect(adopted).toMatchObject({ status: 'processing', providerTransactionId: String(transaction!.transactionId) });
    expect(
      double.state.apiRequests().filter((r) => r.path === '/topups/reports/transactions' && r.query.customIdentifier === paymentId).length,
    ).toBeGreaterThan(0);
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    expect((await runAgain(orderId)).status).toBe('completed');
    expect(submissionsFor(paymentId)).toHaveLength(1);
  });

  it('a PIN longer than a float keeps every digit', async () => {
    const { orderId, paymentId } = await paidAndRun('8031230015');
    const [transaction] = transactionsFor(paymentId);
    double.state.setPin(transaction!.transactionId, {
      serial: new LosslessNumber('558111'),
      code: new LosslessNumber('12345678901234567891'),
      info1: 'DIAL *611',
    });
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    const done = await runAgain(orderId);
    expect(done.status).toBe('completed');
    expect(done.pinDetail).toEqual({ code: '12345678901234567891', serial: '558111', validity: null, instructions: ['DIAL *611'], dial: null });
  });

  it('CUSTOM_IDENTIFIER_ALREADY_USED (the report had not listed the top-up yet): the top-up is adopted, not sent again', async () => {
    double.state.reportLagMs = 60_000;
    provider.loseNextAnswer = true;
    const { orderId, paymentId } = await paidAndRun('8031230016');
    expect(transactionsFor(paymentId)).toHaveLength(1);
    // Next run: the report does not list it yet, so it is sent again and refused as already used.
    const refused = await runAgain(orderId);
    expect(refused).toMatchObject({ status: 'processing', providerTransactionId: null });
    expect((await fulfilJob(api, orderId))!.lastError).toContain('CUSTOM_IDENTIFIER_ALREADY_USED');
    double.state.reportLagMs = 0;
    const [transaction] = transactionsFor(paymentId);
    expect(await runAgain(orderId)).toMatchObject({ status: 'processing', providerTransactionId: String(transaction!.transactionId) });
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    expect((await runAgain(orderId)).status).toBe('completed');
    expect(transactionsFor(paymentId)).toHaveLength(1);
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
  });

  it('FAILED (the operator had an internal error): sent again 30 minutes later under a new customIdentifier, delivered, nothing credited', async () => {
    const { orderId, paymentId } = await paidAndRun('8031230017');
    const [first] = transactionsFor(paymentId);
    double.state.setStatus(first!.transactionId, 'FAILED', { code: null, message: 'Transaction failed' });
    const waiting = await runAgain(orderId);
    expect(waiting).toMatchObject({ status: 'processing', providerTransactionId: null });
    const job = await fulfilJob(api, orderId);
    expect(job!.inSeconds).toBeGreaterThan(29 * 60);
    expect(job!.inSeconds).toBeLessThanOrEqual(30 * 60);
    expect(job!.lastError).toContain('Transaction failed');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);

    const resent = await runAgain(orderId);
    const second = double.state.transactions.find((t) => t.customIdentifier === `${paymentId}-2`);
    expect(second).toBeDefined();
    expect(resent).toMatchObject({ status: 'processing', providerTransactionId: String(second!.transactionId) });
    double.state.setStatus(second!.transactionId, 'SUCCESSFUL');
    expect((await runAgain(orderId)).status).toBe('completed');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([]);
  });

  it('FAILED three times: the order fails after the third top-up and its total is credited', async () => {
    const { orderId, paymentId } = await paidAndRun('8031230018');
    for (const identifier of [paymentId, `${paymentId}-2`, `${paymentId}-3`]) {
      const transaction = double.state.transactions.find((t) => t.customIdentifier === identifier);
      expect(transaction, identifier).toBeDefined();
      double.state.setStatus(transaction!.transactionId, 'REFUNDED', {
        code: null,
        message: 'The transaction failed due to an outage and / or connection issue with the operator',
      });
      await runAgain(orderId); // learns it ended: waits 30 minutes (or, the third time, fails)
      if (identifier.endsWith('-3')) break;
      expect((await runAgain(orderId)).status).toBe('processing'); // sends the next one
    }
    expect((await orderRow(api, orderId)).status).toBe('failed');
    const [failed] = await api.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'failed')));
    expect(failed?.cause).toContain('outage');
    expect(await ledgerOf(api, eq(ledgerEntries.orderId, orderId))).toEqual([expect.objectContaining({ reason: 'failed_delivery', amountCents: 1100 })]);
    expect(double.state.transactions.filter((t) => t.customIdentifier?.startsWith(paymentId))).toHaveLength(3);
  });

  it('an unknown outcome never fails an order, however many tries it has taken', async () => {
    const { orderId, paymentId } = await paidAndRun('8031230019');
    const [transaction] = transactionsFor(paymentId);
    await dueNow(api, orderId, 40);
    double.state.failNext({ status: 500, errorCode: 'PROVIDER_INTERNAL_ERROR', path: '/topups/' });
    await worker.drain();
    expect((await orderRow(api, orderId)).status).toBe('processing');
    expect((await fulfilJob(api, orderId))!.lastError).toContain('outcome unknown');
    double.state.setStatus(transaction!.transactionId, 'SUCCESSFUL');
    expect((await runAgain(orderId)).status).toBe('completed');
  });

  it('unknown outcome, the top-up never reached Reloadly: the next run finds nothing and sends it', async () => {
    double.state.failNext({ status: 503, errorCode: null, rawBody: '<html>502 Bad Gateway</html>', path: '/topups-async' });
    const { orderId, paymentId, row } = await paidAndRun('8031230010');
    expect(row.status).toBe('processing');
    expect(transactionsFor(paymentId)).toEqual([]);
    expect((await runAgain(orderId)).status).toBe('processing');
    expect(transactionsFor(paymentId)).toHaveLength(1);
    double.state.setStatus(transactionsFor(paymentId)[0]!.transactionId, 'SUCCESSFUL');
    expect((await runAgain(orderId)).status).toBe('completed');
  });
});
