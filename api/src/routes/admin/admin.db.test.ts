import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { ZAdminOrderDetail, type TOrderStatus } from '@topup/shared';
import { adminToken, startTestApi, type TestApi } from '../../../test/harness';
import { admins, auditLog, customers, jobs, ledgerEntries, orderEvents, orders, payments } from '../../db/schema';
import { JobWorker } from '../../jobs/queue';
import { QUEUES } from '../../jobs/queues';
import { transition } from '../../services/order-state';
import { AdminAuthService, LOGIN_FAILED } from '../../services/admin-auth';

/**
 * The admin API, action by action: good input and bad input, with the spec's messages (section 5 and
 * 8). Without a session every route answers 401: admin-guard.db.test.ts proves that for each route.
 */

let api: TestApi;
let token: string;
let adminId: number;
beforeAll(async () => {
  api = await startTestApi();
  token = await adminToken(api);
  adminId = (await api.call('GET', '/api/admin/me', { headers: { 'x-admin-token': token } })).body.admin.id;
});
afterAll(() => api?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: any; headers: Headers };

const asAdmin = (method: string, path: string, body?: unknown, t: string = token): Promise<Res> =>
  api.call(method, `/api/admin${path}`, { body, headers: { 'x-admin-token': t } });
/** The spec's balance calls send the token as a bearer header. */
const asAdminBearer = (path: string, body: unknown, t: string = token): Promise<Res> =>
  api.call('POST', `/api/admin${path}`, { body, headers: { authorization: `Bearer ${t}` } });
const login = (email: string, password: string, on: TestApi = api): Promise<Res> => on.call('POST', '/api/admin/login', { body: { email, password } });

/** The bot's headers for a Telegram user (api/src/http/identity.ts). */
const asTelegramUser = (id: number, on: TestApi = api) => ({ 'x-service-token': on.config.botApiSecret, 'x-telegram-user-id': String(id) });

const recharge = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };

interface Created {
  orderId: number;
  paymentId: string;
  walletAddress: string;
}
async function createOrder(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}, on: TestApi = api): Promise<Created> {
  const res = await on.call('POST', '/api/crypto-payment', { body: { ...recharge, ...overrides }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Created;
}

/** Moves an order through statuses the only allowed way: transition(), one transaction each. */
async function moveTo(orderId: number, statuses: TOrderStatus[], on: TestApi = api): Promise<void> {
  for (const to of statuses) await on.database.db.transaction((tx) => transition(tx, orderId, to, { cause: `test: to ${to}` }));
}

/** A delivery that failed as the fulfilment job records it: failed, and the order's value credited. */
async function failDelivery(orderId: number): Promise<void> {
  await moveTo(orderId, ['paid', 'processing']);
  await api.database.db.transaction(async (tx) => {
    const failed = await transition(tx, orderId, 'failed', { cause: 'test: the provider refused' });
    await api.services.balances.creditFailedDelivery(tx, failed);
  });
}

async function orderRow(id: number) {
  const [row] = await api.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Runs the fulfilment jobs that are due, as the API's worker does (api/src/workers.ts). */
async function deliverPaidOrders(): Promise<void> {
  const worker = new JobWorker(
    api.database,
    { [QUEUES.fulfil]: (payload, job) => api.services.fulfilment.run((payload as { orderId: number }).orderId, job.attempts) },
    { pollMs: 50, log: pino({ level: 'silent' }) },
  );
  await worker.drain();
}

async function createAdmin(email: string, password: string): Promise<void> {
  await api.database.db.insert(admins).values({ email, passwordHash: await argon2.hash(password, { type: argon2.argon2id }) });
}

async function auditFor(target: string) {
  return api.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
}

let paymentSeq = 0;
/** A chain payment to an order's address as the watcher records it. */
async function recordPayment(orderId: number | null, to: string, fields: Partial<typeof payments.$inferInsert> = {}) {
  paymentSeq += 1;
  const hex = paymentSeq.toString(16).padStart(4, '0');
  const [row] = await api.database.db
    .insert(payments)
    .values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${hex.repeat(16)}`,
      logIndex: 0,
      blockNumber: paymentSeq,
      blockHash: `0x${'b'.repeat(60)}${hex}`,
      blockTime: new Date(),
      toAddress: to,
      coin: 'USDT',
      amount: '11000000',
      orderId,
      ...fields,
    })
    .returning();
  return row!;
}

describe('POST /api/admin/login', () => {
  it('signs in with the right email and password, case and spaces in the email aside', async () => {
    const res = await login('  ADMIN@example.com ', api.config.admin.password!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), email: 'admin@example.com' });
    expect(res.body.token.length).toBeGreaterThanOrEqual(40);
    const me = await asAdmin('GET', '/me', undefined, res.body.token);
    expect(me.body.admin).toMatchObject({ id: adminId, email: 'admin@example.com' });
  });

  it('answers a wrong password and an unknown email with the same generic failure', async () => {
    await createAdmin('generic@example.com', 'generic-password');
    const wrongPassword = await login('generic@example.com', 'not-the-password');
    const unknownEmail = await login('nobody@example.com', 'generic-password');
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: LOGIN_FAILED }, message: LOGIN_FAILED });
    }
    expect(LOGIN_FAILED).toBe('Invalid credentials. Please try again.');
  });

  it('refuses a request without email or password with a 400', async () => {
    for (const body of [{}, { email: 'admin@example.com' }, { password: 'x' }, { email: '', password: '' }]) {
      const res = await api.call('POST', '/api/admin/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps no session token in the database, only its hash', async () => {
    const res = await login('admin@example.com', api.config.admin.password!);
    const rows = await api.database.db.execute(`select token_hash from admin_sessions`);
    const hashes = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(res.body.token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });
});

describe('admin sessions', () => {
  it('logout revokes the token it is called with, and only that one', async () => {
    const other = (await login('admin@example.com', api.config.admin.password!)).body.token as string;
    const bye = await asAdmin('POST', '/logout', {}, other);
    expect(bye.status).toBe(200);
    expect(bye.body.success).toBe(true);
    expect((await asAdmin('GET', '/me', undefined, other)).status).toBe(401);
    expect((await asAdmin('POST', '/logout', {}, other)).status).toBe(401);
    expect((await asAdmin('GET', '/me')).status).toBe(200);

    const bearer = (await login('admin@example.com', api.config.admin.password!)).body.token as string;
    expect((await asAdminBearer('/logout', {}, bearer)).status).toBe(200);
    expect((await asAdmin('GET', '/stats', undefined, bearer)).status).toBe(401);
  });

  it('expire after 12 hours unused, and slide while used', async () => {
    await createAdmin('slide@example.com', 'slide-password');
    const clock = { now: Date.now() };
    const auth = new AdminAuthService(api.database.db, () => clock.now);
    const hour = 3600_000;
    const signIn = async () => {
      const result = await auth.login({ email: 'slide@example.com', password: 'slide-password', address: '192.0.2.9' });
      if (!result.ok) throw new Error(result.reason);
      return result.token;
    };
    const idle = await signIn();
    const used = await signIn();
    clock.now += 7 * hour;
    expect(await auth.authenticate(used)).toMatchObject({ email: 'slide@example.com' });
    clock.now += 5 * hour + 60_000; // 12 h and a minute after sign-in
    expect(await auth.authenticate(idle)).toBeNull();
    expect(await auth.authenticate(used)).not.toBeNull();
    clock.now += 13 * hour;
    expect(await auth.authenticate(used)).toBeNull();
  });
});

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

describe('password and e-mail changes', () => {
  it('change-password: validates, checks the current password, then only the new one signs in', async () => {
    await createAdmin('pw@example.com', 'first-password');
    const t = (await login('pw@example.com', 'first-password')).body.token as string;
    const elsewhere = (await login('pw@example.com', 'first-password')).body.token as string;
    const change = (body: unknown) => asAdmin('POST', '/change-password', body, t);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please fill in all password fields'],
      [{ currentPassword: 'first-password' }, 'Please fill in all password fields'],
      [{ currentPassword: '', newPassword: 'second-password' }, 'Please fill in all password fields'],
      [{ currentPassword: 'first-password', newPassword: '12345' }, 'New password must be at least 6 characters long'],
      [{ currentPassword: 'wrong-password', newPassword: 'second-password' }, 'Current password is incorrect'],
    ];
    for (const [body, message] of cases) {
      const res = await change(body);
      expect([body, res.status, res.body.message]).toEqual([body, 400, message]);
    }
    expect((await login('pw@example.com', 'first-password')).status).toBe(200);

    const ok = await change({ currentPassword: 'first-password', newPassword: 'second-password' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Your admin password has been updated successfully' });
    expect((await login('pw@example.com', 'first-password')).status).toBe(401);
    expect((await login('pw@example.com', 'second-password')).status).toBe(200);
    // The session that changed it stays; every other one ends.
    expect((await asAdmin('GET', '/me', undefined, t)).status).toBe(200);
    expect((await asAdmin('GET', '/me', undefined, elsewhere)).status).toBe(401);
    const [audit] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.change-password'));
    expect(audit).toMatchObject({ before: null, after: null });
  });

  it('change-email: the contact email, required and well formed', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please enter a new email address'],
      [{ newEmail: '' }, 'Please enter a new email address'],
      [{ newEmail: '   ' }, 'Please enter a new email address'],
      [{ newEmail: 'not-an-email' }, 'Please enter a valid email address'],
      [{ newEmail: 'ops team@example.com' }, 'Please enter a valid email address'],
      [{ newEmail: 'ops@example' }, 'Please enter a valid email address'],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin('POST', '/change-email', body);
      expect([body, res.status, res.body.message]).toEqual([body, 400, message]);
    }
    const ok = await asAdmin('POST', '/change-email', { newEmail: 'ops@example.com' });
    expect(ok.body).toEqual({ success: true, message: 'Your admin contact email has been updated successfully' });
    const [row] = await api.database.db.select().from(admins).where(eq(admins.id, adminId));
    expect(row!.contactEmail).toBe('ops@example.com');
    expect(row!.email).toBe('admin@example.com');
    const [audit] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.change-email'));
    expect(audit).toMatchObject({ adminId, before: { contactEmail: null }, after: { contactEmail: 'ops@example.com' } });
  });

  it("change-signin-email: required, well formed, not another admin's; then the new address signs in", async () => {
    await createAdmin('signin@example.com', 'signin-password');
    const t = (await login('signin@example.com', 'signin-password')).body.token as string;
    const change = (body: unknown) => asAdmin('POST', '/change-signin-email', body, t);
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'Please enter a new sign-in email address'],
      [{ newSignInEmail: '' }, 400, 'Please enter a new sign-in email address'],
      [{ newSignInEmail: 'nope' }, 400, 'Please enter a valid email address'],
      [{ newSignInEmail: 'a b@example.com' }, 400, 'Please enter a valid email address'],
      [{ newSignInEmail: 'ADMIN@example.com' }, 409, 'Another admin already signs in with this email address'],
    ];
    for (const [body, status, message] of cases) {
      const res = await change(body);
      expect([body, res.status, res.body.message]).toEqual([body, status, message]);
    }
    const ok = await change({ newSignInEmail: 'Moved@Example.com' });
    expect(ok.body).toEqual({ success: true, message: 'Your admin sign-in email has been updated successfully' });
    expect((await login('signin@example.com', 'signin-password')).status).toBe(401);
    expect((await login('moved@example.com', 'signin-password')).status).toBe(200);
    expect((await asAdmin('GET', '/me', undefined, t)).body.admin.email).toBe('moved@example.com');
    const [audit] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.change-signin-email'));
    expect(audit).toMatchObject({ before: { email: 'signin@example.com' }, after: { email: 'moved@example.com' } });
  });
});

describe('system settings, enforced', () => {
  const defaults = { maintenanceMode: false, allowNewRegistrations: true, minTopUp: 5, maxTopUp: 500, serviceFee: 1 };
  const put = (body: unknown) => asAdmin('PUT', '/settings', body);
  afterAll(async () => {
    await put(defaults);
  });

  it('reads the spec defaults', async () => {
    const res = await asAdmin('GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(defaults);
  });

  it('refuses incomplete or inconsistent settings', async () => {
    const cases: [unknown, string][] = [
      [{}, 'maintenanceMode'],
      [{ ...defaults, maintenanceMode: 'yes' }, 'maintenanceMode'],
      [{ ...defaults, minTopUp: 600 }, 'The minimum top-up must be above zero and not above the maximum'],
      [{ ...defaults, minTopUp: 0 }, 'The minimum top-up must be above zero and not above the maximum'],
      [{ ...defaults, minTopUp: 5.555 }, 'at most 2 decimals'],
      [{ ...defaults, serviceFee: -1 }, 'serviceFee'],
      [{ ...defaults, serviceFee: 'free' }, 'serviceFee'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.message).toContain(message);
    }
    expect((await asAdmin('GET', '/settings')).body).toEqual(defaults);
  });

  it('maintenance mode refuses new orders in every flow with a clear message, and says so on /api/pricing', async () => {
    const on = await put({ ...defaults, maintenanceMode: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ success: true, settings: { ...defaults, maintenanceMode: true } });
    const message = 'We are doing some maintenance: new orders are paused. Please try again a little later.';
    const five = await api.call('POST', '/api/crypto-payment', { body: recharge });
    expect(five.status).toBe(503);
    expect(five.body.error).toEqual({ code: 'MAINTENANCE', message });
    const compact = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' } });
    expect(compact.status).toBe(503);
    const fromBot = await api.call('POST', '/api/crypto-payment', { body: { ...recharge, customerEmail: 'x@telegram.org' }, headers: asTelegramUser(9501) });
    expect(fromBot.body.error.code).toBe('MAINTENANCE');
    expect((await api.call('GET', '/api/pricing')).body.maintenanceMode).toBe(true);

    await put(defaults);
    expect((await api.call('POST', '/api/crypto-payment', { body: recharge })).status).toBe(201);
  });

  it('the minimum and maximum top-up apply to every flow, the manual top-up included', async () => {
    expect((await put({ ...defaults, minTopUp: 10, maxTopUp: 50 })).status).toBe(200);
    const range = 'Amount must be between $10.00 and $50.00.';
    for (const amount of [9.99, 50.01]) {
      const five = await api.call('POST', '/api/crypto-payment', { body: { ...recharge, amount } });
      expect([amount, five.status, five.body.error]).toEqual([amount, 400, { code: 'AMOUNT_OUT_OF_RANGE', message: range }]);
      const compact = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount, currency: 'USDT' } });
      expect(compact.body.error.message).toBe(range);
      const manual = await asAdmin('POST', '/manual-topup', { mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 53, amount, notes: '' });
      expect(manual.body.error).toEqual({ code: 'AMOUNT_OUT_OF_RANGE', message: range });
    }
    expect((await api.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 10 } })).status).toBe(201);
    expect((await api.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 50 } })).status).toBe(201);
    expect((await api.call('GET', '/api/pricing')).body).toMatchObject({ minAmount: 10, maxAmount: 50 });
    await put(defaults);
  });

  it('the service fee changes the totals of new orders', async () => {
    expect((await put({ ...defaults, serviceFee: 2.5 })).status).toBe(200);
    const order = await api.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 10 } });
    expect(order.body).toMatchObject({ amount: 10, serviceFee: 2.5, totalAmount: 12.5, cryptoAmount: '12.5' });
    expect((await api.call('GET', '/api/pricing')).body.serviceFee).toBe(2.5);
    await put({ ...defaults, serviceFee: 0 });
    expect((await api.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 10 } })).body).toMatchObject({ serviceFee: 0, totalAmount: 10 });
    await put(defaults);
  });

  it('closed registrations never block checkout: a Telegram user never seen orders and lists as no customer; known customers and anonymous checkout go on', async () => {
    expect((await api.call('GET', '/api/orders', { headers: asTelegramUser(9601) })).status).toBe(200);
    expect((await put({ ...defaults, allowNewRegistrations: false })).status).toBe(200);
    // Issue 13 point 8: on main the stranger got 403 REGISTRATIONS_CLOSED for every call, checkout included.
    const stranger = await api.call('POST', '/api/crypto-payment', { body: recharge, headers: asTelegramUser(9602) });
    expect(stranger.status).toBe(201);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, stranger.body.orderId));
    expect(row).toMatchObject({ customerId: null, telegramUserId: 9602, source: 'bot' });
    const list = await api.call('GET', '/api/orders', { headers: asTelegramUser(9602) });
    expect([list.status, list.body.map((o: { id: number }) => o.id)]).toEqual([200, [stranger.body.orderId]]);
    expect(await api.database.db.select().from(customers).where(eq(customers.telegramUserId, 9602))).toEqual([]);
    // Still no account: a balance needs one.
    expect((await api.call('GET', '/api/balance', { headers: asTelegramUser(9602) })).status).toBe(401);
    expect((await api.call('GET', '/api/orders', { headers: asTelegramUser(9601) })).status).toBe(200);
    expect((await api.call('POST', '/api/crypto-payment', { body: recharge, headers: asTelegramUser(9601) })).status).toBe(201);
    expect((await api.call('POST', '/api/crypto-payment', { body: recharge })).status).toBe(201);
    await put(defaults);
    // Registrations open again: the user's first call makes them a customer, and their order is theirs.
    const mine = await api.call('GET', '/api/orders', { headers: asTelegramUser(9602) });
    expect(mine.body.map((o: { id: number }) => o.id)).toEqual([stranger.body.orderId]);
    const [customer] = await api.database.db.select().from(customers).where(eq(customers.telegramUserId, 9602));
    const [after] = await api.database.db.select().from(orders).where(eq(orders.id, stranger.body.orderId));
    expect(after!.customerId).toBe(customer!.id);
  });

  it('each change is in the audit log with the settings before and after', async () => {
    await put({ ...defaults, maxTopUp: 400 });
    await put(defaults);
    const log = (await asAdmin('GET', '/audit?pageSize=2')).body as { action: string; adminId: number; before: unknown; after: unknown; createdAt: string }[];
    expect(log).toHaveLength(2);
    const stored = { maintenanceMode: false, allowNewRegistrations: true, minAmountCents: 500, maxAmountCents: 50_000, serviceFeeCents: 100 };
    expect(log[1]).toMatchObject({ action: 'settings.update', adminId, before: stored, after: { ...stored, maxAmountCents: 40_000 } });
    expect(log[0]).toMatchObject({ action: 'settings.update', before: { ...stored, maxAmountCents: 40_000 }, after: stored });
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every admin action newest first, with who, what, when, before and after; paged', async () => {
    const all = (await asAdmin('GET', '/audit?pageSize=500')).body as {
      id: number;
      action: string;
      adminId: number | null;
      target: string | null;
      createdAt: string;
    }[];
    const actions = new Set(all.map((a) => a.action));
    for (const action of [
      'order.delete',
      'order.manual-topup',
      'balance.add',
      'balance.subtract',
      'admin.change-password',
      'admin.change-email',
      'admin.change-signin-email',
      'settings.update',
    ]) {
      expect(actions).toContain(action);
    }
    expect(all.map((a) => a.id)).toEqual([...all.map((a) => a.id)].sort((x, y) => y - x));
    // Only a failed sign-in to an unknown account has no admin.
    expect(all.every((a) => (typeof a.adminId === 'number' || a.action === 'admin.sign-in-failed') && !Number.isNaN(Date.parse(a.createdAt)))).toBe(true);
    const page2 = (await asAdmin('GET', '/audit?page=2&pageSize=3')).body as { id: number }[];
    expect(page2.map((a) => a.id)).toEqual(all.slice(3, 6).map((a) => a.id));
    expect((await asAdmin('GET', '/audit?page=0')).status).toBe(400);
    expect((await asAdmin('GET', '/audit?pageSize=1000')).status).toBe(400);
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

  it('lists open alerts', async () => {
    expect((await asAdmin('GET', '/alerts')).body).toEqual([]);
    await api.services.alerts.raise('provider_balance_low', 'The airtime provider balance is too low');
    expect((await asAdmin('GET', '/alerts')).body).toEqual([
      expect.objectContaining({ kind: 'provider_balance_low', message: 'The airtime provider balance is too low' }),
    ]);
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
