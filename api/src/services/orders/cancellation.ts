import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, orders, payments } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import { AppError } from '../errors';
import type { OrderTokens } from '../order-tokens';
import { transition } from '../order-state';
import { assertOwner, type OwnerProof } from './ownership';

export interface CancelRequest {
  paymentId: string;
  /** cancel-transaction names the order twice: both must agree. */
  orderId?: number;
  cause: string;
  proof: OwnerProof;
}

/**
 * The customer leaves an unpaid order (release-wallet, cancel-transaction, auto-cancel-order): only its
 * owner may. Asking twice is harmless; an order that has received funds is never cancelled.
 */
export async function cancelByCustomer(deps: { db: Db; tokens: OrderTokens }, r: CancelRequest) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentId, r.paymentId)).for('update');
    if (!order || (r.orderId !== undefined && order.id !== r.orderId)) throw new AppError('NOT_FOUND', 'Order not found');
    assertOwner(order, r.proof, deps.tokens, 'cancel it');
    if (order.status === 'pending_crypto_payment') {
      const [funds] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), ne(payments.status, 'removed'))).limit(1);
      if (!funds) {
        await transition(tx, order.id, 'cancelled', { cause: r.cause });
        await tx.delete(jobs).where(eq(jobs.key, `${QUEUES.expireOrder}:${order.id}`));
        return { success: true as const, orderId: order.id, status: 'cancelled' as const, message: 'Order cancelled. The payment address is no longer reserved.' };
      }
    }
    if (order.status === 'cancelled' || order.status === 'payment_expired') {
      return { success: true as const, orderId: order.id, status: order.status, message: 'The order is no longer awaiting payment.' };
    }
    throw new AppError('INVALID_STATE', 'A payment for this order has already been received; it cannot be cancelled.');
  });
}
