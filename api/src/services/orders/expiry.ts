import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isCryptoOrder, orders, payments } from '../../db/schema';
import { transition } from '../order-state';

/**
 * The expiry job: an order whose window passed with nothing received becomes payment_expired. One
 * that received part of its amount waits for the rest until its watch period ends.
 */
export async function expireOrder(db: Db, orderId: number, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'pending_crypto_payment' || !isCryptoOrder(order)) return;
    if (order.expiresAt.getTime() > now) return;
    const [received] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.coin, order.coin), ne(payments.status, 'removed')))
      .limit(1);
    if (received) return;
    await transition(tx, orderId, 'payment_expired', { cause: 'payment window ended with nothing received' });
  });
}
