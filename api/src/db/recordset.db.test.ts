import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/db';
import { rowsOf, type Database } from './client';
import { insertRecordset } from './recordset';
import { orders } from './schema';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** An order row with a value of every kind the table holds: text, integers, a uint256, times, JSON. */
function row(paymentId: string) {
  return {
    paymentId,
    kind: 'recharge' as const,
    source: 'web' as const,
    status: 'completed' as const,
    amountCents: 1_000,
    feeCents: 50,
    totalCents: 1_050,
    phoneNumber: '+237671234567',
    cryptoAmount: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    pinDetail: { code: '1234-5678', serial: null, validity: '90 days', instructions: ['Dial *123#', 'Say "ok" and it\'s done'], dial: null },
    expiresAt: new Date('2026-11-29T10:00:00.123Z'),
    email: null,
  };
}

describe('insertRecordset', () => {
  it('writes rows as drizzle’s own insert does: every value through its column, JSON as JSON, defaults where no row names a column', async () => {
    const { db } = database;
    await db.insert(orders).values(row('recordset-drizzle'));
    await db.execute(insertRecordset(orders, [row('recordset-json-1'), row('recordset-json-2')]));
    const [byDrizzle] = await db.select().from(orders).where(eq(orders.paymentId, 'recordset-drizzle'));
    const byRecordset = await db
      .select()
      .from(orders)
      .where(inArray(orders.paymentId, ['recordset-json-1', 'recordset-json-2']));
    expect(byRecordset).toHaveLength(2);
    const comparable = ({ id: _id, paymentId: _p, createdAt: _c, updatedAt: _u, ...rest }: typeof orders.$inferSelect) => rest;
    for (const written of byRecordset) {
      expect(comparable(written)).toEqual(comparable(byDrizzle!));
      // Columns no row named keep their defaults.
      expect(written).toMatchObject({ paymentMethod: 'crypto', balanceChecks: 0, topupAttempt: 1 });
      expect(written.createdAt).toBeInstanceOf(Date);
    }
    expect(byRecordset[0]!.pinDetail).toEqual(row('x').pinDetail);
    // Stored as a JSON object, not as a JSON string holding one (drizzle would read either back alike).
    const kinds = rowsOf<{ kind: string }>(await db.execute(sql`select jsonb_typeof(pin_detail) as kind from orders where payment_id like 'recordset-%'`));
    expect(kinds.map((k) => k.kind)).toEqual(['object', 'object', 'object']);
    expect(byRecordset[0]!.expiresAt.toISOString()).toBe('2026-11-29T10:00:00.123Z');
  });
});
