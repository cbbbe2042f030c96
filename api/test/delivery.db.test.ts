/**
 * Delivery on the sandbox provider: fulfilment of paid orders, balances as a ledger, and the
 * notification outbox (Telegram for the bot, e-mail receipts). Orders are created over HTTP and made
 * paid through order-state's `transition`, which enqueues the fulfil job; the jobs run on a real
 * JobWorker with the handlers of workers.ts. The Reloadly adapter's delivery: delivery-reloadly.db.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { BALANCE_TOPUP_PHONE } from '@topup/shared';
import { startTestApi, type TestApi } from './harness';
import { SandboxProvider } from '../src/airtime/sandbox';
import { adminAlerts, jobs, ledgerEntries, notifications, orderEvents, orders } from '../src/db/schema';
import { enqueue, type JobWorker } from '../src/jobs/queue';
import { QUEUES } from '../src/jobs/queues';
import { recordStatusNotifications } from '../src/services/notifications';
import { deliverEmail } from '../src/services/receipts';
import {
  balanceOf,
  botHeaders,
  createOrder,
  customerIdOf,
  deliveryWorker,
  dropJob,
  dueNow,
  fulfilJob,
  ledgerOf,
  mailsTo,
  markPaid,
  orderRow,
  serviceHeaders,
  sleep,
  statusesOf,
} from './delivery-helpers';

const SLOW_MS = 600;

describe('delivery on the sandbox provider', () => {
  let api: TestApi;
  let worker: JobWorker;
  beforeAll(async () => {
    api = await startTestApi({ env: { TOPUP_POLL_MS: '200' }, provider: new SandboxProvider({ slowMs: SLOW_MS }) });
    worker = deliveryWorker(api);
  });
  afterAll(() => api?.close());

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

    const status = await api.call('GET', `/api/payment-status/${orderId}`);
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
    expect(row.pinDetail).toMatchObject({ serial: expect.stringMatching(/^SBX-PIN-/), code: expect.stringMatching(/^\d{12}$/), ivr: '*611' });
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
    const status = await api.call('GET', `/api/payment-status/${orderId}`);
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
    expect((await api.call('GET', `/api/payment-status/${orderId}`)).body).toMatchObject({
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
  // 3. Balances over HTTP with the bot's identity

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
      const status = await api.call('GET', `/api/payment-status/${orderId}`);
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
  // 4. The ledger invariant under concurrent purchases (the PostgreSQL server: real concurrency)

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
  // 5. The outbox

  describe('the Telegram outbox', () => {
    /** Marks everything earlier tests left in the outbox as delivered, so what follows is this test's. */
    async function flushOutbox() {
      await api.database.db.update(notifications).set({ deliveredAt: new Date() }).where(eq(notifications.channel, 'telegram'));
    }
    const take = (limit = 100) => api.call('GET', `/api/bot/notifications?limit=${limit}`, { headers: serviceHeaders(api) });

    it('gives the bot each status change of its user order, in order, leased, until acknowledged', async () => {
      await flushOutbox();
      const user = 5_300_001;
      const created = await createOrder(
        api,
        { amount: 10, phoneNumber: '670000321', operatorId: 53, customerEmail: 'someone@telegram.org' },
        botHeaders(api, user),
      );
      await markPaid(api, created.orderId);
      await worker.drain();
      const row = await orderRow(api, created.orderId);
      expect(row.status).toBe('completed');

      const first = await take();
      expect(first.status).toBe(200);
      const got = first.body.notifications as { id: number; chatId: string; payload: Record<string, unknown> }[];
      expect(got.map((n) => n.payload.status)).toEqual(['confirming', 'paid', 'processing', 'completed']);
      expect(got.every((n) => n.chatId === String(user))).toBe(true);
      expect(got.map((n) => n.id)).toEqual([...got.map((n) => n.id)].sort((a, b) => a - b));
      expect(got[0]!.payload).toMatchObject({
        orderId: created.orderId,
        paymentId: created.paymentId,
        kind: 'recharge',
        phoneNumber: '+237670000321',
        operatorName: 'MTN Cameroon',
        amount: '$10.00',
        total: '$11.00',
        cryptoAmount: '11',
        cryptocurrency: 'USDT',
        creditedAmount: null,
        cause: 'test: payment seen',
      });
      expect(got[3]!.payload).toMatchObject({ status: 'completed', transactionId: row.providerTransactionId });

      // Leased: a second take (another bot instance) gets nothing meanwhile.
      expect((await take()).body.notifications).toEqual([]);

      // Not acknowledged and the lease over: they come back (at least once).
      const ids = got.map((n) => n.id);
      await api.database.db.execute(
        sql`update ${notifications} set leased_until = now() - interval '1 second' where id in (${sql.join(
          ids.slice(0, 2).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const again = (await take()).body.notifications as { id: number }[];
      expect(again.map((n) => n.id)).toEqual(ids.slice(0, 2));
      const attempts = await api.database.db
        .select({ id: notifications.id, attempts: notifications.attempts })
        .from(notifications)
        .where(eq(notifications.orderId, created.orderId))
        .orderBy(asc(notifications.id));
      expect(attempts.map((a) => a.attempts)).toEqual([2, 2, 1, 1]);

      // Acknowledged: delivered, never handed out again, even after the lease.
      const ack = await api.call('POST', '/api/bot/notifications/ack', { body: { ids }, headers: serviceHeaders(api) });
      expect(ack.status).toBe(200);
      await api.database.db.execute(sql`update ${notifications} set leased_until = null where order_id = ${created.orderId}`);
      expect((await take()).body.notifications).toEqual([]);
      const delivered = await api.database.db.select().from(notifications).where(eq(notifications.orderId, created.orderId));
      expect(delivered.every((n) => n.deliveredAt !== null)).toBe(true);

      // A placeholder e-mail gets no receipt.
      expect(delivered.filter((n) => n.channel === 'email')).toEqual([]);
      expect(mailsTo(api, 'someone@telegram.org')).toEqual([]);

      // The same status written twice is one message.
      await api.database.db.transaction((tx) => recordStatusNotifications(tx, row, 'completed', 'written again'));
      const completed = await api.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, created.orderId), eq(notifications.status, 'completed')));
      expect(completed).toHaveLength(1);
      expect(completed[0]!.payload).toMatchObject({ cause: 'the provider confirmed the top-up' });
      expect((await take()).body.notifications).toEqual([]);
    });

    it('is for the bot only', async () => {
      expect((await api.call('GET', '/api/bot/notifications')).status).toBe(401);
      expect((await api.call('GET', '/api/bot/notifications', { headers: { 'x-service-token': 'not-the-secret' } })).status).toBe(401);
      expect((await api.call('POST', '/api/bot/notifications/ack', { body: { ids: [1] }, headers: { 'x-service-token': 'not-the-secret' } })).status).toBe(401);
    });

    it('writes no Telegram message for an anonymous order', async () => {
      await flushOutbox();
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000322', operatorId: 53 });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect(await api.database.db.select().from(notifications).where(eq(notifications.orderId, created.orderId))).toEqual([]);
      expect((await take()).body.notifications).toEqual([]);
    });
  });

  describe('e-mail receipts', () => {
    it('sends a receipt when paid and when completed, through the e-mail job, to the local mail outbox', async () => {
      const email = 'ana.receipts@gmail.com';
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000654', operatorId: 53, email });
      await markPaid(api, created.orderId);
      await worker.drain();
      const row = await orderRow(api, created.orderId);
      expect(row.status).toBe('completed');
      const mails = mailsTo(api, email);
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [`Payment received – order #${created.orderId}`, `Your top-up was sent – order #${created.orderId}`].sort(),
      );
      expect(mails.find((m) => m.subject.startsWith('Your top-up'))!.body).toContain(row.providerTransactionId!);
      const sent = await api.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, created.orderId), eq(notifications.channel, 'email')));
      expect(sent.map((n) => n.status).sort()).toEqual(['completed', 'paid']);
      expect(sent.every((n) => n.deliveredAt !== null && n.recipient === email)).toBe(true);
      expect(await api.database.db.select().from(jobs).where(eq(jobs.queue, QUEUES.email))).toEqual([]);

      // The e-mail job run twice (re-enqueued, or run directly) sends once.
      const paidMail = sent.find((n) => n.status === 'paid')!;
      await enqueue(api.database.db, { queue: QUEUES.email, key: `${QUEUES.email}:${paidMail.id}`, payload: { notificationId: paidMail.id } });
      expect(await worker.drain()).toBe(1);
      await deliverEmail(api.database.db, api.services.mailer, api.services.orderPages, paidMail.id);
      expect(mailsTo(api, email)).toHaveLength(2);
    });

    it('sends a receipt when a delivery failed, naming the credit and where it is (issue 13: kept for whoever signs in with the address)', async () => {
      const email = 'ben.receipts@gmail.com';
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000001', operatorId: 53, email });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect((await orderRow(api, created.orderId)).status).toBe('failed');
      const subjects = mailsTo(api, email)
        .map((m) => m.subject)
        .sort();
      expect(subjects).toEqual([`Payment received – order #${created.orderId}`, `Top-up failed – $11.00 kept for you – order #${created.orderId}`].sort());
      const failed = mailsTo(api, email).find((m) => m.subject.startsWith('Top-up failed'))!;
      expect(failed.body).toContain(`Sign in with this e-mail (${email}) to use it`);
    });

    it('writes receipts in the order’s language: its own field, else the browser’s, with the order’s page', async () => {
      const lea = 'lea.receipts@gmail.com';
      const fr = await createOrder(api, { amount: 10, phoneNumber: '670000656', operatorId: 53, email: lea, locale: 'fr' }, { 'accept-language': 'en-US' });
      const joao = 'joao.receipts@gmail.com';
      const pt = await createOrder(
        api,
        { amount: 10, phoneNumber: '670000001', operatorId: 53, email: joao },
        { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' },
      );
      expect([(await orderRow(api, fr.orderId)).locale, (await orderRow(api, pt.orderId)).locale]).toEqual(['fr', 'pt']);
      await markPaid(api, fr.orderId);
      await markPaid(api, pt.orderId);
      await worker.drain();
      const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
      // Bodies with non-ASCII text travel quoted-printable.
      // mailsTo decodes the quoted-printable body already.
      const body = nbsp;
      const french = mailsTo(api, lea).map((m) => ({ subject: nbsp(m.subject), body: body(m.body) }));
      expect(french.map((m) => m.subject).sort()).toEqual([
        `Paiement reçu – commande n° ${fr.orderId}`,
        `Votre recharge a été envoyée – commande n° ${fr.orderId}`,
      ]);
      expect(french.find((m) => m.subject.startsWith('Votre recharge'))!.body).toContain(
        "C'est fait : 10,00 $US de crédit pour le +237670000656 (MTN Cameroon)",
      );
      expect(french.find((m) => m.subject.startsWith('Paiement'))!.body).toContain('Payé : 11 USDT (11,00 $US)');
      // The delivery failed: the credit (kept for this anonymous order) is named in Portuguese money.
      expect(
        mailsTo(api, joao)
          .map((m) => nbsp(m.subject))
          .sort(),
      ).toEqual([`A recarga falhou – US$ 11,00 guardados para você – pedido nº ${pt.orderId}`, `Pagamento recebido – pedido nº ${pt.orderId}`].sort());
      // With the site's address known, the receipt links the order's page.
      const [paid] = await api.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, fr.orderId), eq(notifications.status, 'paid')));
      await api.database.db.update(notifications).set({ deliveredAt: null }).where(eq(notifications.id, paid!.id));
      await deliverEmail(api.database.db, api.services.mailer, { ...api.services.orderPages, siteUrl: 'https://topup.example/' }, paid!.id);
      const linked = mailsTo(api, lea)
        .map((m) => body(m.body))
        .filter((text) => text.includes('https://topup.example/orders/'));
      expect(linked).toHaveLength(1);
      expect(linked[0]).toContain(`Retrouvez votre commande à tout moment : https://topup.example/orders/${fr.paymentId}`);
    });

    it('sends no receipt to a placeholder address', async () => {
      const created = await createOrder(api, { amount: 10, phoneNumber: '670000655', operatorId: 53, email: 'buyer@example.com' });
      await markPaid(api, created.orderId);
      await worker.drain();
      expect((await orderRow(api, created.orderId)).status).toBe('completed');
      expect(await api.database.db.select().from(notifications).where(eq(notifications.orderId, created.orderId))).toEqual([]);
      expect(mailsTo(api, 'buyer@example.com')).toEqual([]);
    });

    it('keeps every message in the local outbox, even several to one address at once', async () => {
      const email = 'many.receipts@gmail.com';
      await Promise.all(Array.from({ length: 10 }, (_, i) => api.services.mailer.send({ to: email, subject: `Receipt ${i}`, text: `number ${i}` })));
      expect(
        mailsTo(api, email)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(Array.from({ length: 10 }, (_, i) => `Receipt ${i}`).sort());
    });
  });
});
