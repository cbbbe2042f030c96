import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, orderEvents, orders, payments, type OrderRow } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** Everything recorded about one order. */
export interface OrderFacts {
  order: OrderRow;
  /** Every transfer seen to its address, removed ones included, oldest first. */
  payments: PaymentRow[];
  /**
   * The ledger entries it caused: those on the order (credits to its customer or held on it, claims,
   * a re-send taking its failure's credit back) and, for an admin's re-send of a failed order, the
   * credit of its own failure, which is held on the order it re-sent.
   */
  ledger: LedgerRow[];
  /** Its status changes, oldest first (read for the story only; empty for lists). */
  events: OrderEventRow[];
  /** An admin's re-sends of it (a failed order), oldest first. */
  retries: Pick<OrderRow, 'id' | 'status'>[];
}

/** Orders whose facts are read in one round of queries (PostgreSQL takes at most 65,535 parameters a statement). */
const FACTS_CHUNK = 1000;

/**
 * The facts of several orders, four queries per thousand orders (lists ask for all their orders at
 * once; an admin's CSV export for many thousands).
 */
export async function readOrderFacts(db: Db, list: OrderRow[], opts: { events?: boolean } = {}): Promise<Map<number, OrderFacts>> {
  const result = new Map<number, OrderFacts>();
  for (let i = 0; i < list.length; i += FACTS_CHUNK) {
    for (const [id, facts] of await factsChunk(db, list.slice(i, i + FACTS_CHUNK), opts)) result.set(id, facts);
  }
  return result;
}

async function factsChunk(db: Db, list: OrderRow[], opts: { events?: boolean }): Promise<Map<number, OrderFacts>> {
  const result = new Map<number, OrderFacts>(list.map((order) => [order.id, { order, payments: [], ledger: [], events: [], retries: [] }]));
  const ids = list.map((o) => o.id);
  const holders = [...new Set([...ids, ...list.flatMap((o) => (o.retryOf === null ? [] : [o.retryOf]))])];
  const failed = list.filter((o) => o.status === 'failed').map((o) => o.id);
  const [paymentRows, ledgerRows, eventRows, retryRows] = await Promise.all([
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
    db
      .select()
      .from(ledgerEntries)
      .where(
        or(
          inArray(ledgerEntries.orderId, holders),
          and(eq(ledgerEntries.reason, 'failed_delivery'), eq(ledgerEntries.referenceType, 'order'), inArray(ledgerEntries.referenceId, ids.map(String))),
        ),
      )
      .orderBy(asc(ledgerEntries.id)),
    opts.events ? db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)) : Promise.resolve([]),
    failed.length
      ? db.select({ id: orders.id, status: orders.status, retryOf: orders.retryOf }).from(orders).where(inArray(orders.retryOf, failed)).orderBy(asc(orders.id))
      : Promise.resolve([]),
  ]);
  for (const r of retryRows) result.get(r.retryOf!)?.retries.push({ id: r.id, status: r.status });
  for (const p of paymentRows) result.get(p.orderId!)?.payments.push(p);
  for (const e of eventRows) result.get(e.orderId)?.events.push(e);
  for (const f of result.values()) {
    const holder = f.order.retryOf ?? f.order.id;
    f.ledger = ledgerRows.filter(
      (l) => l.orderId === f.order.id || l.orderId === holder || (l.reason === 'failed_delivery' && l.referenceId === String(f.order.id)),
    );
  }
  return result;
}
