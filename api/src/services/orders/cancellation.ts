import { and, eq, ne } from 'drizzle-orm';
import { CANCEL_REFUSED_FUNDS_MESSAGE, CANCEL_REFUSED_PAID_MESSAGE, stillPayableMessage, type TCancelResponse } from '@topup/shared';
import type { Db } from '../../db/client';
import { jobs, orders, payments } from '../../db/schema';
import { orderJobKey, QUEUES } from '../../jobs/queues';
import { AppError } from '../errors';
import type { OrderTokens } from '../order-tokens';
import { transition } from '../order-state';
import { assertOwner, type OwnerProof } from './ownership';

export interface LeaveRequest {
  paymentId: string;
  proof: OwnerProof;
}

export interface CancelRequest extends LeaveRequest {
  /** cancel-transaction names the order twice: both must agree. */
  orderId?: number;
  cause: string;
}

/**
 * The customer leaves the payment screen (release-wallet on Back, auto-cancel-order when the page is
 * hidden or unloaded). Leaving is not cancelling (docs/design.md section 9): a customer who reloads, or
 * switches to the wallet app and pays, must find the order still payable, so nothing changes. Only the
 * owner may ask (403 otherwise), so the answer tells nobody else anything.
 */
export async function leaveByCustomer(deps: { db: Db; tokens: OrderTokens }, r: LeaveRequest): Promise<TCancelResponse> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.paymentId, r.paymentId));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  assertOwner(order, r.proof, deps.tokens, 'leave it');
  const payable = order.status === 'pending_crypto_payment' || order.status === 'confirming';
  return {
    success: true,
    orderId: order.id,
    status: order.status,
    message: payable ? stillPayableMessage(order.expiresAt.toISOString()) : 'The order is no longer awaiting payment.',
  };
}

/**
 * The customer's explicit Cancel (cancel-transaction): only its owner may. Asking twice is harmless.
 * An order that has received funds in its coin is never cancelled: the 409 says why and what happens to the funds
 * (CANCEL_REFUSED_FUNDS_MESSAGE, or CANCEL_REFUSED_PAID_MESSAGE once paid: the texts every client shows).
 */
export async function cancelByCustomer(deps: { db: Db; tokens: OrderTokens }, r: CancelRequest): Promise<TCancelResponse> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentId, r.paymentId)).for('update');
    if (!order || (r.orderId !== undefined && order.id !== r.orderId)) throw new AppError('NOT_FOUND', 'Order not found');
    assertOwner(order, r.proof, deps.tokens, 'cancel it');
    if (order.status === 'pending_crypto_payment') {
      // Only the order's own coin counts toward it (as in its story): another coin sent to the address
      // is credited to the balance whatever becomes of the order, so it does not keep the order open.
      const [funds] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), ne(payments.status, 'removed'), order.coin === null ? undefined : eq(payments.coin, order.coin)))
        .limit(1);
      if (!funds) {
        await transition(tx, order.id, 'cancelled', { cause: r.cause });
        await tx.delete(jobs).where(eq(jobs.key, orderJobKey(QUEUES.expireOrder, order.id)));
        return {
          success: true as const,
          orderId: order.id,
          status: 'cancelled' as const,
          message: 'Order cancelled. The payment address is no longer reserved.',
        };
      }
    }
    if (order.status === 'cancelled' || order.status === 'payment_expired') {
      return { success: true as const, orderId: order.id, status: order.status, message: 'The order is no longer awaiting payment.' };
    }
    const partly = order.status === 'pending_crypto_payment' || order.status === 'confirming';
    throw new AppError('INVALID_STATE', partly ? CANCEL_REFUSED_FUNDS_MESSAGE : CANCEL_REFUSED_PAID_MESSAGE);
  });
}
