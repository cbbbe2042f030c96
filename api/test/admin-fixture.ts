/**
 * The admin API tests' shared setup: one API with a signed-in admin per test file, and the requests and
 * rows those tests build on. `api`, `token` and `adminId` are live bindings, set by `startAdminApi()`'s
 * beforeAll in the file that calls it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TAdminRole, TOrderStatus } from '@topup/shared';
import { adminToken, startTestApi, type TestApi } from './harness';
import { auditLog, orders, payments } from '../src/db/schema';
import { transition } from '../src/services/order-state';

export let api: TestApi;
export let token: string;
export let adminId: number;
/** Starts the API (with `opts`) and signs the admin in before the calling file's tests; closes it after them. */
export function startAdminApi(opts?: Parameters<typeof startTestApi>[0]): void {
  beforeAll(async () => {
    api = await startTestApi(opts);
    token = await adminToken(api);
    adminId = (await api.call('GET', '/api/admin/me', { headers: { 'x-admin-token': token } })).body.admin.id;
  });
  afterAll(() => api?.close());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Res = { status: number; body: any; headers: Headers };

export const asAdmin = (method: string, path: string, body?: unknown, t: string = token): Promise<Res> =>
  api.call(method, `/api/admin${path}`, { body, headers: { 'x-admin-token': t } });
/** The spec's balance calls send the token as a bearer header. */
export const asAdminBearer = (path: string, body: unknown, t: string = token): Promise<Res> =>
  api.call('POST', `/api/admin${path}`, { body, headers: { authorization: `Bearer ${t}` } });

/** Invites `email` as `role`, accepts the invitation, signs in: the new member's session token. */
export async function member(email: string, role: TAdminRole): Promise<{ id: number; token: string }> {
  const invited = await asAdmin('POST', '/team/invitations', { email, role });
  expect(invited.status).toBe(200);
  const token = new URL(invited.body.link).hash.slice(1);
  expect((await api.call('POST', '/api/admin/team/invitations/accept', { body: { token, password: `${role}-password-123` } })).status).toBe(200);
  const login = await api.call('POST', '/api/admin/login', { body: { email, password: `${role}-password-123` } });
  expect(login.status).toBe(200);
  const me = await asAdmin('GET', '/me', undefined, login.body.token);
  expect(me.body.admin).toMatchObject({ email, role });
  return { id: me.body.admin.id, token: login.body.token };
}

/** The bot's headers for a Telegram user (api/src/http/identity.ts). */
export const asTelegramUser = (id: number, on: TestApi = api) => ({ 'x-service-token': on.config.botApiSecret, 'x-telegram-user-id': String(id) });

export const recharge = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };

export interface Created {
  orderId: number;
  paymentId: string;
  walletAddress: string;
}
export async function createOrder(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}, on: TestApi = api): Promise<Created> {
  const res = await on.call('POST', '/api/crypto-payment', { body: { ...recharge, ...overrides }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Created;
}

/** Moves an order through statuses the only allowed way: transition(), one transaction each. */
export async function moveTo(orderId: number, statuses: TOrderStatus[], on: TestApi = api): Promise<void> {
  for (const to of statuses) await on.database.db.transaction((tx) => transition(tx, orderId, to, { cause: `test: to ${to}` }));
}

/** A delivery that failed as the fulfilment job records it: failed, and the order's value credited. */
export async function failDelivery(orderId: number): Promise<void> {
  await moveTo(orderId, ['paid', 'processing']);
  await api.database.db.transaction(async (tx) => {
    const failed = await transition(tx, orderId, 'failed', { cause: 'test: the provider refused' });
    await api.services.balances.creditFailedDelivery(tx, failed);
  });
}

export async function orderRow(id: number) {
  const [row] = await api.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function auditFor(target: string) {
  return api.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
}

let paymentSeq = 0;
/** A chain payment to an order's address as the watcher records it. */
export async function recordPayment(orderId: number | null, to: string, fields: Partial<typeof payments.$inferInsert> = {}) {
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
