import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, orders, payments } from '../../db/schema';
import { orderJobKey, QUEUES } from '../../jobs/queues';
import { recordAudit } from '../audit';
import { AppError } from '../errors';

/** Admin delete: only orders that never received funds; audited in the same transaction. */
export async function deleteUnpaidOrder(db: Db, orderId: number, adminId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} not found`);
    const [funds] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
    const unpaid = ['pending_crypto_payment', 'payment_expired', 'cancelled'].includes(order.status);
    if (funds || !unpaid) {
      throw new AppError('CONFLICT', `Order ${orderId} has received funds (status ${order.status}); it cannot be deleted.`);
    }
    await tx.delete(jobs).where(eq(jobs.key, orderJobKey(QUEUES.expireOrder, orderId)));
    await tx.delete(orders).where(eq(orders.id, orderId));
    await recordAudit(tx, { adminId, action: 'order.delete', target: `order:${orderId}`, before: order });
  });
}
