import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { adminToken, startTestApi, type TestApi } from '../../../test/harness';
import { ledgerEntries } from '../../db/schema';

/**
 * Parallel balance adjustments by admins each get a ledger entry of their own. The
 * reference of an adjustment was built from the millisecond, so two adjustments in the same one (of
 * different customers, which do not wait for each other) collided on the ledger's unique reference: a 500.
 */

const CUSTOMERS = 60;
let api: TestApi;
let token: string;
let userIds: number[];
beforeAll(async () => {
  api = await startTestApi();
  token = await adminToken(api);
  const telegramIds = Array.from({ length: CUSTOMERS }, (_, i) => 9_500_000 + i);
  for (const id of telegramIds)
    await api.call('GET', '/api/orders', { headers: { 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': String(id) } });
  const users = (await api.call('GET', '/api/admin/users', { headers: { 'x-admin-token': token } })).body as { id: number; telegramUserId: number }[];
  userIds = users.filter((u) => telegramIds.includes(u.telegramUserId)).map((u) => u.id);
});
afterAll(() => api?.close());

const adjust = (userId: number, action: 'add' | 'subtract', amount: number) =>
  api.call('POST', `/api/admin/${action}-balance`, { body: { userId, amount, notes: `parallel ${action}` }, headers: { authorization: `Bearer ${token}` } });

describe('parallel admin balance adjustments', () => {
  it('each gets its own ledger entry: none collides, none is lost', async () => {
    expect(userIds).toHaveLength(CUSTOMERS);
    const requests = userIds.flatMap((id) => [adjust(id, 'add', 3), adjust(id, 'add', 2), adjust(id, 'subtract', 1)]);
    const results = await Promise.all(requests);
    // A subtraction that ran before both additions finds too little: a 409, never a 500.
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const entries = await api.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.customerId, userIds));
    expect(entries).toHaveLength(results.filter((r) => r.status === 200).length);
    expect(new Set(entries.map((e) => e.referenceId)).size).toBe(entries.length);
    for (const id of userIds.slice(0, 5)) {
      const own = await api.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, id));
      expect(await api.services.balances.balanceCents(id)).toBe(own.reduce((sum, e) => sum + e.amountCents, 0));
    }
  });
});
