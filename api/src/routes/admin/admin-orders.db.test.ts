import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZAdminOrderDetail } from '@topup/shared';
import { jobs, orders } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import {
  adminId,
  api,
  asAdmin,
  asTelegramUser,
  auditFor,
  createOrder,
  failDelivery,
  moveTo,
  orderRow,
  recordPayment,
  startAdminApi,
  token,
  type Created,
  type Res,
} from '../../../test/admin-fixture';

/**
 * The admin API: the order list, the order page and deleting orders.
 * Good input and bad input, with the spec's messages (section 5 and 8).
 * Without a session every route answers 401: admin-guard.db.test.ts proves that for each route.
 */

startAdminApi();

describe('GET /api/admin/orders', () => {
  let o1: Created, o2: Created, o3: Created;
  const txHash = `0x${'ab12'.repeat(16)}`;
  beforeAll(async () => {
    o1 = await createOrder({ phoneNumber: '671001101', amount: 10 });
    o2 = await createOrder({ phoneNumber: '671001102', amount: 20, cryptoCurrency: 'ETH' });
    o3 = await createOrder({ phoneNumber: '671001103', amount: 30, cryptoCurrency: 'USDC' });
    await moveTo(o3.orderId, ['cancelled']);
    await api.database.db
      .update(orders)
      .set({ createdAt: new Date('2020-06-01T12:00:00Z') })
      .where(eq(orders.id, o3.orderId));
    await recordPayment(o1.orderId, o1.walletAddress, { txHash });
  });
  const list = (query: string) => asAdmin('GET', `/orders?${query}`);
  const ids = (res: Res) => (res.body as { id: number }[]).map((o) => o.id);

  it('lists orders newest first with the total in X-Total-Count', async () => {
    const res = await list('phone=6710011');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(ids(res)).toEqual([o2.orderId, o1.orderId, o3.orderId]);
    expect(res.body[0]).toMatchObject({
      id: o2.orderId,
      phoneNumber: '+237671001102',
      amount: 20,
      status: 'pending_crypto_payment',
      cryptocurrency: 'ETH',
      paymentId: o2.paymentId,
    });
  });

  it('filters by status (one or several), coin, phone and dates', async () => {
    expect(ids(await list('phone=6710011&status=cancelled'))).toEqual([o3.orderId]);
    expect(ids(await list('phone=6710011&status=pending_crypto_payment,cancelled')).sort()).toEqual([o1.orderId, o2.orderId, o3.orderId].sort());
    expect(ids(await list('phone=6710011&coin=ETH'))).toEqual([o2.orderId]);
    expect(ids(await list('phone=%2B237671001101'))).toEqual([o1.orderId]);
    expect(ids(await list('phone=6710011&from=2021-01-01'))).toEqual([o2.orderId, o1.orderId]);
    expect(ids(await list('phone=6710011&to=2020-12-31'))).toEqual([o3.orderId]);
    expect(ids(await list('phone=6710011&from=2020-06-01&to=2020-06-02'))).toEqual([o3.orderId]);
    const none = await list('phone=6710011&coin=BNB');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('finds an order by its id, payment id or a transaction hash of a payment to it', async () => {
    expect(ids(await list(`q=${o2.orderId}`))).toEqual([o2.orderId]);
    expect(ids(await list(`q=${o1.paymentId}`))).toEqual([o1.orderId]);
    expect(ids(await list(`q=${txHash.toUpperCase().replace('0X', '0x')}`))).toEqual([o1.orderId]);
    expect(ids(await list('q=nothing-like-this'))).toEqual([]);
  });

  it('finds nothing, rather than failing, for a number beyond any order id', async () => {
    const res = await list('q=99999999999999999999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('pages', async () => {
    const page1 = await list('phone=6710011&pageSize=2&page=1');
    const page2 = await list('phone=6710011&pageSize=2&page=2');
    expect(ids(page1)).toEqual([o2.orderId, o1.orderId]);
    expect(ids(page2)).toEqual([o3.orderId]);
    expect(page2.headers.get('x-total-count')).toBe('3');
    expect((await list('phone=6710011&pageSize=2&page=3')).body).toEqual([]);
  });

  it('exports the filtered orders as CSV', async () => {
    const res = await list('phone=6710011&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?orders-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    const header = lines[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['id', 'paymentId', 'status', 'phoneNumber', 'amount', 'cryptocurrency', 'createdAt']));
    const row = lines.find((l) => l.startsWith(`${o2.orderId},`))!.split(',');
    expect(row[header.indexOf('status')]).toBe('pending_crypto_payment');
    expect(row[header.indexOf('amount')]).toBe('20');
    // A leading + is defused so that a spreadsheet does not read the cell as a formula.
    expect(row[header.indexOf('phoneNumber')]).toBe("'+237671001102");
  });

  it('refuses bad filters with a 400 that names them', async () => {
    const bad: [string, string][] = [
      ['status=shipped', 'unknown status shipped'],
      ['page=0', 'page'],
      ['pageSize=501', 'pageSize'],
      ['from=yesterday', 'from'],
      ['format=xml', 'format'],
    ];
    for (const [query, message] of bad) {
      const res = await list(query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.error.message).toContain(message);
    }
  });
});

describe('DELETE /api/orders/{id}', () => {
  const remove = (id: number | string, t = token) => api.call('DELETE', `/api/orders/${id}`, { headers: { 'x-admin-token': t } });

  it('deletes orders that never received funds (waiting, expired, cancelled, of a customer too), each audited', async () => {
    const waiting = await createOrder();
    const expired = await createOrder({}, asTelegramUser(9201));
    const cancelled = await createOrder();
    await moveTo(expired.orderId, ['payment_expired']);
    await moveTo(cancelled.orderId, ['cancelled']);
    for (const o of [waiting, expired, cancelled]) {
      const before = await orderRow(o.orderId);
      const res = await remove(o.orderId);
      expect([o.orderId, res.status]).toEqual([o.orderId, 200]);
      expect(res.body).toEqual({ success: true, message: `Order #${o.orderId} has been permanently removed from the database.` });
      expect(await orderRow(o.orderId)).toBeUndefined();
      const [audit, ...more] = await auditFor(`order:${o.orderId}`);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({
        adminId,
        action: 'order.delete',
        before: expect.objectContaining({ id: o.orderId, status: before!.status, paymentId: o.paymentId }),
        after: null,
      });
    }
    // Its expiry job went with it.
    expect(
      await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${QUEUES.expireOrder}:${waiting.orderId}`)),
    ).toEqual([]);
    expect((await remove(waiting.orderId)).status).toBe(404);
  });

  it('refuses with 409 and a clear message an order that received funds, and records nothing', async () => {
    const funded = await createOrder();
    await recordPayment(funded.orderId, funded.walletAddress, { amount: '1000000' });
    const completed = await createOrder();
    await moveTo(completed.orderId, ['paid', 'processing', 'completed']);
    for (const [o, status] of [
      [funded, 'pending_crypto_payment'],
      [completed, 'completed'],
    ] as const) {
      const res = await remove(o.orderId);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'CONFLICT', message: `Order ${o.orderId} has received funds (status ${status}); it cannot be deleted.` });
      expect(res.body.message).toBe(res.body.error.message);
      expect(await orderRow(o.orderId)).toBeDefined();
      expect(await auditFor(`order:${o.orderId}`)).toEqual([]);
    }
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await remove('abc')).status).toBe(400);
    expect((await remove(-1)).status).toBe(400);
    const o = await createOrder();
    expect((await remove(o.orderId, 'not-a-session')).status).toBe(401);
    expect((await api.call('DELETE', `/api/orders/${o.orderId}`)).status).toBe(401);
    expect(await orderRow(o.orderId)).toBeDefined();
  });
});

describe('the order page: GET /api/admin/orders/{id}', () => {
  it('shows the order with its provider ids, payments (with explorer links on a mainnet), ledger entries and actions', async () => {
    const customer = asTelegramUser(9401);
    const o = await createOrder({ amount: 10 }, customer);
    const onDevnet = await recordPayment(o.orderId, o.walletAddress, {
      amount: '5000000',
      status: 'confirmed',
      confirmations: 3,
      fromAddress: '0x00000000000000000000000000000000000000a1',
    });
    const onMainnet = await recordPayment(o.orderId, o.walletAddress, {
      chainId: 1,
      coin: 'USDC',
      amount: '2500000',
      status: 'confirmed',
      disposition: 'credited',
    });
    await failDelivery(o.orderId);

    const res = await asAdmin('GET', `/orders/${o.orderId}`);
    expect(res.status).toBe(200);
    const detail = ZAdminOrderDetail.parse(res.body);
    const row = (await orderRow(o.orderId))!;
    // The customer's story: the same display, amounts and value.
    expect(detail.story.order).toMatchObject({
      orderId: o.orderId,
      paymentId: o.paymentId,
      status: 'failed',
      amount: 1000,
      serviceFee: 100,
      totalAmount: 1100,
      network: 'ethereum',
    });
    expect(detail.story.display).toMatchObject({ state: 'failed_credited', sub: 'on_balance' });
    expect(detail.story.amounts).toMatchObject({ coin: 'USDT', due: { amount: '11' }, received: { amount: '5' } });
    expect(detail.story.value).toMatchObject({ creditedAmount: 1100, onBalanceAmount: 1100, heldAmount: 0 });
    // What only admins see.
    expect(detail.record).toMatchObject({ source: 'bot', chainId: 31337, telegramUserId: 9401, customIdentifiers: [o.paymentId] });
    expect(detail.customer).toMatchObject({ id: row.customerId, telegramUserId: 9401 });
    expect(detail.payments).toEqual([
      expect.objectContaining({
        id: onDevnet.id,
        coin: 'USDT',
        amount: '5',
        amountBaseUnits: '5000000',
        txHash: onDevnet.txHash,
        explorerUrl: null,
        fromAddress: onDevnet.fromAddress,
        blockNumber: onDevnet.blockNumber,
      }),
      expect.objectContaining({
        id: onMainnet.id,
        coin: 'USDC',
        amount: '2.5',
        explorerUrl: `https://etherscan.io/tx/${onMainnet.txHash}`,
        use: 'credited',
        orderCoin: false,
      }),
    ]);
    // The timeline the customer sees, each entry with what the record says.
    const kinds = detail.timeline.map((t) => [t.kind, t.source, t.cause]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['created', 'event', expect.any(String)],
        ['payment_seen', 'payment', null],
        ['failed', 'event', 'test: the provider refused'],
        ['credited', 'ledger', null],
      ]),
    );
    // The failure's credit went to the customer, named by the order.
    expect(detail.ledger).toEqual([
      expect.objectContaining({
        customerId: row.customerId,
        orderId: o.orderId,
        amount: 1100,
        reason: 'failed_delivery',
        referenceType: 'order',
        referenceId: String(o.orderId),
      }),
    ]);
    expect(detail.actions).toEqual({ markPaid: false, resend: true, refund: false, credit: true });
    expect([detail.resentAs, detail.resendOf]).toEqual([null, null]);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await asAdmin('GET', '/orders/987654')).status).toBe(404);
    expect((await asAdmin('GET', '/orders/abc')).status).toBe(400);
  });
});
