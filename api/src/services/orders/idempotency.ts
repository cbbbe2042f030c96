import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys, orders, type OrderRow } from '../../db/schema';
import { AppError } from '../errors';

/** What a key is bound to: the order as understood, so ignored client fields (a stale cryptoAmount) do not matter. */
export function hashRequest(source: string, spec: unknown): string {
  return crypto.createHash('sha256').update(`${source}:${JSON.stringify(spec)}`).digest('hex');
}

/** Runs `create` under an Idempotency-Key; null when another request with the key got there first. */
export async function onceForKey<T extends OrderRow>(db: Db, key: string, requestHash: string, create: (tx: Tx) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(idempotencyKeys).values({ key, requestHash }).onConflictDoNothing().returning();
    // Another request with this key won the race; its order is the answer (read after this one ends).
    if (!claimed) return null;
    const order = await create(tx);
    await tx.update(idempotencyKeys).set({ orderId: order.id }).where(eq(idempotencyKeys.key, key));
    return order;
  });
}

/** The order an earlier request with this key created, or null when the key is new. */
export async function orderForKey(db: Db, key: string, requestHash: string): Promise<OrderRow | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, order: orders })
    .from(idempotencyKeys)
    .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
    .where(eq(idempotencyKeys.key, key));
  if (!row) return null;
  if (row.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.');
  }
  if (!row.order) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed. Please retry.');
  return row.order;
}
