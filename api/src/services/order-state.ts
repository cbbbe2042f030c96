import { eq, sql } from 'drizzle-orm';
import { canTransition, type TOrderStatus } from '@topup/shared';
import { rowsOf, tableRow, type DbOrTx } from '../db/client';
import { insertRecordset } from '../db/recordset';
import { depositAddresses, isCryptoOrder, orderEvents, orders, type CryptoOrderRow, type NewOrderRow, type OrderRow } from '../db/schema';
import { AppError } from './errors';
import { enqueue, orderJobsFrom } from '../jobs/queue';
import { orderJob, QUEUES } from '../jobs/queues';
import { recordStatusNotifications } from './notifications';

/**
 * The one place where an order's status is set. Every change is checked against the guards in
 * shared/src/order-status.ts and recorded as an order event in the same transaction, with its cause.
 */

export interface NewOrder {
  row: Omit<NewOrderRow, 'status' | 'createdAt' | 'updatedAt' | 'paymentMethod'> & {
    createdAt: Date;
    depositAddress: string;
    watchUntil: Date;
    coin: string;
    network: string;
    chainId: number;
    cryptoAmount: string;
    priceUsdE8: string;
  };
  /** The address was derived for the order (recorded for sweeping); null for a shared address and memo. */
  derived: { family: string; index: number } | null;
  cause: string;
  /** The job that expires the order if nothing arrives in its window. */
  expiry: { queue: string; runAt: Date };
}

/**
 * Brings orders to life in their first status: for each, its deposit address, the order, its first
 * event and its expiry job, all in one statement (one round trip and one commit for many orders:
 * order creation is the hot path, see OrderInserter).
 */
export async function insertOrders(db: DbOrTx, list: NewOrder[]): Promise<CryptoOrderRow[]> {
  const status: TOrderStatus = 'pending_crypto_payment';
  const derived = list.flatMap((o) => (o.derived ? [{ address: o.row.depositAddress, family: o.derived.family, derivationIndex: o.derived.index }] : []));
  const addresses = derived.length ? sql`address as (${insertRecordset(depositAddresses, derived)}),` : sql``;
  const created = sql`${insertRecordset(
    orders,
    list.map((o) => ({ ...o.row, paymentMethod: 'crypto' as const, status, updatedAt: o.row.createdAt })),
  )} returning *`;
  // Each order's own cause and expiry, joined to its new id by payment id.
  const extras = JSON.stringify(
    list.map((o) => ({ payment_id: o.row.paymentId, cause: o.cause, queue: o.expiry.queue, run_at: o.expiry.runAt.toISOString() })),
  );
  const result = await db.execute(sql`
    with ${addresses}
    created as (${created}),
    extra as (select * from json_to_recordset(${extras}::json) as e(payment_id text, cause text, queue text, run_at timestamptz)),
    event as (
      insert into ${orderEvents} (order_id, from_status, to_status, cause)
      select c.id, null, ${status}, e.cause from created c join extra e on e.payment_id = c.payment_id
    ),
    job as (${orderJobsFrom(sql`created c join extra e on e.payment_id = c.payment_id`)})
    select * from created`);
  const byPaymentId = new Map(
    rowsOf<Record<string, unknown>>(result)
      .map((raw) => tableRow(orders, raw))
      .filter(isCryptoOrder)
      .map((row) => [row.paymentId, row]),
  );
  return list.map((o) => byPaymentId.get(o.row.paymentId)!);
}

export async function insertOrder(db: DbOrTx, o: NewOrder): Promise<CryptoOrderRow> {
  return (await insertOrders(db, [o]))[0]!;
}

/**
 * An order paid without a chain payment (from the customer's balance, or by an admin): born `paid`,
 * with its first event, and queued for delivery like any paid order. The caller debits the balance in
 * the same transaction.
 */
export async function insertPaidOrder(
  tx: DbOrTx,
  method: 'balance' | 'admin',
  row: Omit<NewOrderRow, 'status' | 'paymentMethod'>,
  cause: string,
): Promise<OrderRow> {
  const status: TOrderStatus = 'paid';
  const [order] = await tx
    .insert(orders)
    .values({ ...row, paymentMethod: method, status, updatedAt: row.createdAt })
    .returning();
  await tx.insert(orderEvents).values({ orderId: order!.id, fromStatus: null, toStatus: status, cause });
  await onEnter(tx, order!, status, cause);
  return order!;
}

/** The NOTIFY channel on which an order id is announced whenever its status or payments change. */
export const ORDER_CHANGED_CHANNEL = 'order_changed';

/** Announces a change of the order; delivered to listeners when the transaction commits. */
export async function notifyOrderChanged(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${ORDER_CHANGED_CHANNEL}, ${String(orderId)})`);
}

/**
 * What entering a status sets in motion, in the same transaction as the change: live views are told,
 * the outbox gets the customer's messages, and a paid order is queued for delivery (whatever made it
 * paid: the chain, a balance, an admin), so none can be paid and forgotten.
 */
async function onEnter(tx: DbOrTx, order: OrderRow, status: TOrderStatus, cause: string): Promise<void> {
  await notifyOrderChanged(tx, order.id);
  await recordStatusNotifications(tx, order, status, cause);
  if (status === 'paid') {
    await enqueue(tx, orderJob(QUEUES.fulfil, order.id, { maxAttempts: 1000 }));
  }
}

interface TransitionOptions {
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
  const from = current.status;
  if (!canTransition(from, to)) {
    throw new AppError('INVALID_STATE', `Order ${orderId} cannot go from ${from} to ${to}`);
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...opts.set, status: to, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderEvents).values({ orderId, fromStatus: from, toStatus: to, cause: opts.cause, detail: opts.detail ?? null });
  await onEnter(tx, updated!, to, opts.cause);
  return updated!;
}
