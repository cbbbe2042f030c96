import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { desc, eq, like } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { startTestApi, type TestApi } from '../../../test/harness';
import { adminLoginLimits, admins, auditLog } from '../../db/schema';
import { ACCOUNT_FREE_ATTEMPTS, ADDRESS_FREE_ATTEMPTS, DEVICE_FREE_ATTEMPTS, LOGIN_FAILED, TOTP_FAILED, TOTP_REQUIRED } from '../../services/admin-auth';

/**
 * Admin sign-in under attack: attempts are counted before the slow password check,
 * per client address and per account; sign-ins, failures and lockouts are audited; an admin can turn
 * on a TOTP second factor. The API trusts one proxy here, so each test speaks from its own address.
 */

// Each test checks argon2id hashes one after another (twenty in one): seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => api?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: any; headers: Headers };

const login = (email: string, password: string, address: string, totp?: string, cookie?: string): Promise<Res> =>
  api.call('POST', '/api/admin/login', {
    body: { email, password, ...(totp === undefined ? {} : { totp }) },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });
/** The device cookie a successful sign-in sets, as the browser sends it back. */
const deviceCookie = (res: Res): string => {
  const set = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(set).toMatch(/^admin_device=\d+\.\d+\.[\w-]{43}$/);
  return set;
};

async function createAdmin(email: string, password: string): Promise<number> {
  const [row] = await api.database.db
    .insert(admins)
    .values({ email, passwordHash: await argon2.hash(password, { type: argon2.argon2id }) })
    .returning();
  return row!.id;
}

const limit = async (key: string) => (await api.database.db.select().from(adminLoginLimits).where(eq(adminLoginLimits.key, key)))[0];
const expire = (key: string) =>
  api.database.db
    .update(adminLoginLimits)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(adminLoginLimits.key, key));

describe('admin sign-in limits', () => {
  it('answers 100 parallel wrong passwords with at most the free number of password checks', async () => {
    await createAdmin('burst@example.com', 'burst-password');
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => login('burst@example.com', `guess-${i}`, '203.0.113.1')));
      expect(verify.mock.calls.length).toBeLessThanOrEqual(ADDRESS_FREE_ATTEMPTS);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(verify.mock.calls.length);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - verify.mock.calls.length);
    } finally {
      verify.mockRestore();
    }
    // Even the right password is refused from that address now…
    expect((await login('burst@example.com', 'burst-password', '203.0.113.1')).status).toBe(429);
    // …but the real admin signs in from elsewhere: one address cannot lock the account.
    expect((await login('burst@example.com', 'burst-password', '198.51.100.7')).status).toBe(200);
  });

  it('after 5 failures refuses the address for a minute, then for twice as long after each further failure; a success forgets them', async () => {
    await createAdmin('locked@example.com', 'locked-password');
    const address = '203.0.113.2';
    const key = `address:${address}`;
    for (let i = 1; i <= 5; i++) expect([i, (await login('locked@example.com', `wrong-${i}`, address)).status]).toEqual([i, 401]);
    const refused = await login('LOCKED@example.com', 'locked-password', address);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many failed sign-ins. Try again in 1 minute.' });
    const first = (await limit(key))!;
    expect(first.attempts).toBe(5);
    const firstMs = first.lockedUntil!.getTime() - first.updatedAt.getTime();
    expect(firstMs).toBeGreaterThan(55_000);
    expect(firstMs).toBeLessThanOrEqual(61_000);

    await expire(key);
    expect((await login('locked@example.com', 'wrong-again', address)).status).toBe(401);
    const second = (await limit(key))!;
    expect(second.attempts).toBe(6);
    expect(second.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(110_000);
    expect((await login('locked@example.com', 'locked-password', address)).body.message).toBe('Too many failed sign-ins. Try again in 2 minutes.');

    await expire(key);
    expect((await login('locked@example.com', 'locked-password', address)).status).toBe(200);
    expect(await limit(key)).toBeUndefined();
    expect(await limit('account:locked@example.com')).toBeUndefined();
  });

  it('locks the account itself only after failures from several addresses', async () => {
    await createAdmin('spread@example.com', 'spread-password');
    const addresses = Array.from({ length: ACCOUNT_FREE_ATTEMPTS / ADDRESS_FREE_ATTEMPTS }, (_, i) => `203.0.113.${10 + i}`);
    for (const address of addresses) {
      for (let i = 0; i < ADDRESS_FREE_ATTEMPTS; i++) expect((await login('spread@example.com', 'wrong', address)).status).toBe(401);
    }
    const fresh = await login('spread@example.com', 'spread-password', '198.51.100.20');
    expect(fresh.status).toBe(429);
    expect((await limit('account:spread@example.com'))!.attempts).toBe(ACCOUNT_FREE_ATTEMPTS);
    // Other accounts are not affected.
    expect((await login('admin@example.com', api.config.admin.password!, '198.51.100.20')).status).toBe(200);
  });

  it("150 addresses' failures lock the account but not its owner's browser that signed in before; audited", async () => {
    const adminId = await createAdmin('owner@example.com', 'owner-password-1');
    const first = await login('owner@example.com', 'owner-password-1', '198.51.100.50');
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    // The attack: 150 addresses in parallel, a wrong password each.
    const attack = await Promise.all(Array.from({ length: 150 }, (_, i) => login('owner@example.com', `guess-${i}`, `10.9.${i >> 8}.${i & 255}`)));
    expect(attack.filter((r) => r.status === 429).length).toBeGreaterThan(100);
    expect((await limit('account:owner@example.com'))!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // As a continued attack keeps it (the lock doubles up to a day): an hour, whatever this busy machine's pace.
    await api.database.db
      .update(adminLoginLimits)
      .set({ lockedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(adminLoginLimits.key, 'account:owner@example.com'));
    // A fresh browser is refused while the account is locked…
    expect((await login('owner@example.com', 'owner-password-1', '198.51.100.51')).status).toBe(429);
    // …the owner's browser is let in, from a new address too.
    const owner = await login('owner@example.com', 'owner-password-1', '198.51.100.52', undefined, device);
    expect(owner.status).toBe(200);
    // A forged device cookie, or another admin's, is a fresh browser.
    const [id, issued] = device.slice('admin_device='.length).split('.');
    expect((await login('owner@example.com', 'owner-password-1', '198.51.100.53', undefined, `admin_device=${id}.${issued}.${'A'.repeat(43)}`)).status).toBe(
      429,
    );
    const other = deviceCookie(await login('admin@example.com', api.config.admin.password!, '198.51.100.54'));
    expect((await login('owner@example.com', 'owner-password-1', '198.51.100.55', undefined, other)).status).toBe(429);
    // The device has its own limit: a stolen cookie buys no more guesses than an address.
    const stolen = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('owner@example.com', `again-${i}`, `10.8.0.${i}`, undefined, owner.headers.get('set-cookie')!.split(';')[0])),
    );
    expect(stolen.filter((r) => r.status === 401).length).toBeLessThanOrEqual(DEVICE_FREE_ATTEMPTS);
    // Both are audited: the lock, and the sign-in that passed it.
    const entries = await api.database.db.select().from(auditLog).where(eq(auditLog.target, 'owner@example.com'));
    expect(entries.some((e) => e.action === 'admin.sign-in-locked' && (e.after as { key: string }).key === 'account:owner@example.com')).toBe(true);
    expect(entries.find((e) => e.action === 'admin.sign-in' && (e.after as { pastAccountLock?: boolean }).pastAccountLock)).toMatchObject({
      adminId,
      after: { address: '198.51.100.52', device: 'known', pastAccountLock: true },
    });
  });

  it('audits sign-ins, failures and lockouts, with the client address', async () => {
    const adminId = await createAdmin('audited@example.com', 'audited-password');
    const address = '203.0.113.30';
    for (let i = 0; i < ADDRESS_FREE_ATTEMPTS; i++) await login('audited@example.com', 'wrong', address);
    await login('nobody-here@example.com', 'wrong', '203.0.113.31');
    await login('audited@example.com', 'audited-password', '203.0.113.32');
    const entries = await api.database.db.select().from(auditLog).where(like(auditLog.target, '%@example.com')).orderBy(desc(auditLog.id));
    const mine = entries.filter((e) => e.target === 'audited@example.com');
    expect(mine.filter((e) => e.action === 'admin.sign-in-failed')).toHaveLength(ADDRESS_FREE_ATTEMPTS);
    expect(mine.find((e) => e.action === 'admin.sign-in-failed')).toMatchObject({ adminId, after: { address, reason: 'wrong email or password' } });
    expect(mine.filter((e) => e.action === 'admin.sign-in-locked')).toEqual([
      expect.objectContaining({ adminId, after: expect.objectContaining({ key: `address:${address}`, attempts: 5 }) }),
    ]);
    expect(mine.find((e) => e.action === 'admin.sign-in')).toMatchObject({ adminId, after: { address: '203.0.113.32' } });
    expect(entries.find((e) => e.target === 'nobody-here@example.com')).toMatchObject({ adminId: null, action: 'admin.sign-in-failed' });
  });
});

describe('two-factor sign-in (TOTP)', () => {
  it('is enrolled with a confirmed code, then asked for at sign-in, accepted once per code, and turned off with a code', async () => {
    await createAdmin('totp@example.com', 'totp-password-123');
    const address = '203.0.113.40';
    const signedIn = await login('totp@example.com', 'totp-password-123', address);
    const headers = { 'x-admin-token': signedIn.body.token as string, 'x-forwarded-for': address };
    expect((await api.call('GET', '/api/admin/me', { headers })).body.totpEnabled).toBe(false);

    const setup = await api.call('POST', '/api/admin/totp/setup', { body: {}, headers });
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const totp = OTPAuth.URI.parse(setup.body.uri) as OTPAuth.TOTP;
    // Each code below is of its own time step (the server accepts the steps either side of now).
    const code = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });

    expect((await api.call('POST', '/api/admin/totp/enable', { body: { code: '000000' === code(0) ? '111111' : '000000' }, headers })).body.error.message).toBe(
      TOTP_FAILED,
    );
    expect((await api.call('POST', '/api/admin/totp/enable', { body: { code: code(-1) }, headers })).status).toBe(200);
    expect((await api.call('GET', '/api/admin/me', { headers })).body.totpEnabled).toBe(true);

    const asked = await login('totp@example.com', 'totp-password-123', address);
    expect(asked.status).toBe(401);
    expect(asked.body).toMatchObject({ success: false, totpRequired: true, error: { code: 'TOTP_REQUIRED', message: TOTP_REQUIRED } });
    expect(asked.body).not.toHaveProperty('token');
    // A wrong password with any code is the generic failure: the code field tells nothing.
    expect((await login('totp@example.com', 'wrong', address, code(0))).body.message).toBe(LOGIN_FAILED);
    expect((await login('totp@example.com', 'totp-password-123', address, '123')).body.message).toBe(TOTP_FAILED);
    const ok = await login('totp@example.com', 'totp-password-123', address, code(0));
    expect(ok.status).toBe(200);
    // The same code again (seen on a shoulder, or in a log) is refused.
    expect((await login('totp@example.com', 'totp-password-123', '203.0.113.41', code(0))).body.message).toBe(TOTP_FAILED);

    const next = { 'x-admin-token': ok.body.token as string };
    expect((await api.call('POST', '/api/admin/totp/disable', { body: { code: code(1) }, headers: next })).status).toBe(200);
    expect((await login('totp@example.com', 'totp-password-123', '203.0.113.42')).status).toBe(200);
    const actions = (await api.database.db.select().from(auditLog).where(like(auditLog.action, 'admin.totp-%'))).map((e) => e.action);
    expect(actions).toEqual(['admin.totp-enabled', 'admin.totp-disabled']);
  });
});
