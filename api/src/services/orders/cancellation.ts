import { and, eq, ne } from 'drizzle-orm';
import type { TOrderStatus } from '@topup/shared';
import type { Db } from '../../db/client';
import { jobs, orders, payments } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import { AppError } from '../errors';
import { transition } from '../order-state';

/**
 * The customer leaves an unpaid order (release-wallet, cancel-transaction, auto-cancel-order). Knowing
 * the payment id is the authority, as in the spec's clients. Asking twice is harmless; an order that
 * has received funds is never cancelled.
 */
export async function cancelByCustomer(db: Db, paymentId: string, cause: string, orderId?: number) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentId, paymentId)).for('update');
    if (!order || (orderId !== undefined && order.id !== orderId)) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.status === 'pending_crypto_payment') {
      const [funds] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), ne(payments.status, 'removed'))).limit(1);
      if (!funds) {
        await transition(tx, order.id, 'cancelled', { cause });
        await tx.delete(jobs).where(eq(jobs.key, `${QUEUES.expireOrder}:${order.id}`));
        return { success: true as const, orderId: order.id, status: 'cancelled' as const, message: 'Order cancelled. The payment address is no longer reserved.' };
      }
    }
    if (order.status === 'cancelled' || order.status === 'payment_expired') {
      return { success: true as const, orderId: order.id, status: order.status as TOrderStatus, message: 'The order is no longer awaiting payment.' };
    }
    throw new AppError('INVALID_STATE', 'A payment for this order has already been received; it cannot be cancelled.');
  });
}
