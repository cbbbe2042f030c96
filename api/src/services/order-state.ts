import { eq } from 'drizzle-orm';
import { canTransition, type TOrderStatus } from '@topup/shared';
import type { DbOrTx } from '../db/client';
import { orderEvents, orders, type NewOrderRow, type OrderRow } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * The one place where an order's status is set. Every change is checked against the guards in
 * shared/src/order-status.ts and recorded as an order event in the same transaction, with its cause.
 */

export async function insertOrder(tx: DbOrTx, row: Omit<NewOrderRow, 'status'>, cause: string): Promise<OrderRow> {
  const status: TOrderStatus = 'pending_crypto_payment';
  const [order] = await tx.insert(orders).values({ ...row, status }).returning();
  await tx.insert(orderEvents).values({ orderId: order!.id, fromStatus: null, toStatus: status, cause });
  return order!;
}

export interface TransitionOptions {
  cause: string;
  detail?: Record<string, unknown>;
  /** Other columns that change with the status (e.g. the provider's transaction id). */
  set?: Partial<Omit<NewOrderRow, 'id' | 'status'>>;
}

/**
 * Moves an order to `to`. Must run inside a transaction: the row is locked so that two changes of
 * one order are applied one after the other and each sees the other's result.
 */
export async function transition(tx: DbOrTx, orderId: number, to: TOrderStatus, opts: TransitionOptions): Promise<OrderRow> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!current) throw new AppError('NOT_FOUND', `Order ${orderId} not found`);
  const from = current.status as TOrderStatus;
  if (!canTransition(from, to)) {
    throw new AppError('INVALID_STATE', `Order ${orderId} cannot go from ${from} to ${to}`);
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, cause: opts.cause, detail: opts.detail ?? null });
  return updated!;
}
