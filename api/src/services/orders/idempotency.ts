import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys, orders, type OrderRow } from '../../db/schema';
import { AppError } from '../errors';

/**
 * An Idempotency-Key in its caller's scope. A replay returns the order with its order token, so a key
 * must never reach another caller's order: a customer's keys (web session, mini-app, bot user) are
 * theirs alone, and so are a Telegram user's who is no customer yet (new registrations closed);
 * anonymous callers share one scope where the key itself is the only secret, so it must
 * be unguessable (a random value, at least MIN_ANONYMOUS_KEY characters) and is stored as a hash.
 */
export interface ScopedKey {
  scope: string;
  keyHash: string;
}

const MIN_ANONYMOUS_KEY = 16;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Whose key it is: a customer, else a Telegram user who is no customer yet, else anonymous. */
export function scopedKey(key: string, who: { customerId?: number | null; telegramUserId?: number | null }): ScopedKey {
  const { customerId, telegramUserId } = who;
  if (customerId == null && telegramUserId != null) return { scope: `telegram:${telegramUserId}`, keyHash: sha256(key) };
  if (customerId == null) {
    if (key.length < MIN_ANONYMOUS_KEY) {
      throw new AppError('VALIDATION_ERROR', `Idempotency-Key: send a random value of at least ${MIN_ANONYMOUS_KEY} characters (it stands for your order).`);
    }
    return { scope: 'anonymous', keyHash: sha256(key) };
  }
  return { scope: `customer:${customerId}`, keyHash: sha256(key) };
}

/** What a key is bound to: the order as understood, so ignored client fields (a stale cryptoAmount) do not matter. */
export function hashRequest(source: string, spec: unknown): string {
  return sha256(`${source}:${JSON.stringify(spec)}`);
}

const sameKey = (key: ScopedKey) => and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.keyHash, key.keyHash));

/** Runs `create` under an Idempotency-Key; null when another request with the key got there first. */
export async function onceForKey<T extends OrderRow>(db: Db, key: ScopedKey, requestHash: string, create: (tx: Tx) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ ...key, requestHash })
      .onConflictDoNothing()
      .returning();
    // Another request with this key won the race; its order is the answer (read after this one ends).
    if (!claimed) return null;
    const order = await create(tx);
    await tx.update(idempotencyKeys).set({ orderId: order.id }).where(sameKey(key));
    return order;
  });
}

/** The order an earlier request with this key created, or null when the key is new. */
export async function orderForKey(db: Db, key: ScopedKey, requestHash: string): Promise<OrderRow | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, order: orders })
    .from(idempotencyKeys)
    .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
    .where(sameKey(key));
  if (!row) return null;
  if (row.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.');
  }
  if (!row.order) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed. Please retry.');
  return row.order;
}
