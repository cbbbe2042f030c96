import { rowsOf } from '../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { type TestApi } from '../../../test/harness';
import { admins, auditLog, customers, orders } from '../../db/schema';
import { AdminAuthService, LOGIN_FAILED } from '../../services/admin-auth';
import { adminId, api, asAdmin, asAdminBearer, asTelegramUser, createOrder, recharge, startAdminApi, token, type Res } from '../../../test/admin-fixture';

/**
 * The admin API: signing in, sessions, the admin's password and e-mail, the system settings and the audit log.
 * Good input and bad input, with the spec's messages (section 5 and 8).
 * Without a session every route answers 401: admin-guard.db.test.ts proves that for each route.
 */

startAdminApi();

const login = (email: string, password: string, on: TestApi = api): Promise<Res> => on.call('POST', '/api/admin/login', { body: { email, password } });

async function createAdmin(email: string, password: string): Promise<void> {
  await api.database.db.insert(admins).values({ email, passwordHash: await argon2.hash(password, { type: argon2.argon2id }) });
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
    const hashes = rowsOf<{ token_hash: string }>(rows).map((r) => r.token_hash);
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
    // On main the stranger got 403 REGISTRATIONS_CLOSED for every call, checkout included.
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
  // This file's tests change the admin's account and the settings; the order and balance actions are tested in
  // admin-orders, admin-order-actions and admin-money, each against its own database. One of each here, so that
  // the log holds every kind of action.
  beforeAll(async () => {
    const unpaid = await createOrder();
    expect((await api.call('DELETE', `/api/orders/${unpaid.orderId}`, { headers: { 'x-admin-token': token } })).status).toBe(200);
    const topup = { mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 53, amount: 12.5 };
    expect((await asAdmin('POST', '/manual-topup', topup)).status).toBe(200);
    expect((await api.call('GET', '/api/orders', { headers: asTelegramUser(9402) })).status).toBe(200);
    const users = (await asAdmin('GET', '/users')).body as { id: number; telegramUserId: number }[];
    const userId = users.find((u) => u.telegramUserId === 9402)!.id;
    expect((await asAdmin('POST', '/add-balance', { userId, amount: 5 })).status).toBe(200);
    expect((await asAdmin('POST', '/subtract-balance', { userId, amount: 1 })).status).toBe(200);
  });
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
