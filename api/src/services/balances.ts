import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatUsd } from '@topup/shared';
import type { Db, DbOrTx } from '../db/client';
import { customers, ledgerEntries, orders, type OrderRow } from '../db/schema';
import { AppError } from './errors';
import { credit, type LedgerReason } from './ledger';

/**
 * Balances are ledger entries (DESIGN.md section 5): a balance is the sum of its entries and never goes
 * below zero. A customer's balance is their entries; an anonymous order's held credits are the entries
 * on that order with no customer, until someone holding the order token claims them.
 *
 * Every debit locks the row that owns the balance (the customer, or the order for held credits) and
 * checks the sum in the same transaction, so concurrent purchases cannot overdraw it.
 */
export class BalanceService {
  constructor(private readonly db: Db) {}

  async balanceCents(customerId: number, db: DbOrTx = this.db): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.customerId, customerId));
    return Number(row?.sum ?? 0);
  }

  /** Credits held on an anonymous order, claimable with its token. */
  async heldCents(orderId: number, db: DbOrTx = this.db): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), isNull(ledgerEntries.customerId)));
    return Number(row?.sum ?? 0);
  }

  /** A delivery that failed: the order's value (top-up and fee) goes back to whoever paid. */
  creditFailedDelivery(tx: DbOrTx, order: OrderRow): Promise<boolean> {
    return creditOrderOwner(tx, order, 'failed_delivery', order.totalCents);
  }

  /** A paid balance top-up order. */
  creditBalanceTopup(tx: DbOrTx, order: OrderRow): Promise<boolean> {
    return creditOrderOwner(tx, order, 'balance_topup', order.amountCents);
  }

  /**
   * Takes `amountCents` from the customer's balance for an order. Must run in the transaction that
   * creates the order. Throws INSUFFICIENT_FUNDS (409) when the balance is short.
   */
  async debitForPurchase(tx: DbOrTx, customerId: number, amountCents: number, orderId: number): Promise<void> {
    // NO KEY UPDATE, not UPDATE: the order this debit pays for was inserted in this transaction, and its
    // foreign key holds a KEY SHARE lock on the customer; FOR UPDATE would wait on the other purchases'
    // KEY SHARE locks while they wait on ours (a deadlock). NO KEY UPDATE still queues the debits.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('no key update');
    const balance = await this.balanceCents(customerId, tx);
    if (balance < amountCents) {
      throw new AppError('INSUFFICIENT_FUNDS', `Your balance is ${formatUsd(balance)}; this order costs ${formatUsd(amountCents)}.`);
    }
    await tx.insert(ledgerEntries).values({
      customerId,
      orderId,
      amountCents: -amountCents,
      reason: 'purchase',
      referenceType: 'order',
      referenceId: String(orderId),
    });
  }

  /**
   * Moves the credits held on an anonymous order to a customer: a debit of the order's holding and a
   * credit to the customer, both in the ledger. Returns the amount moved.
   */
  async claimHeld(orderId: number, customerId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const held = await this.heldCents(orderId, tx);
      if (held <= 0) return 0;
      // Named by the newest entry it moves, so each claim is distinct and a repeated one is refused.
      const [newest] = await tx.select({ id: sql<number>`max(${ledgerEntries.id})` }).from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
      const reference = { referenceType: 'order', referenceId: `${orderId}@${newest?.id}` };
      await tx.insert(ledgerEntries).values([
        { ...reference, reason: 'claim_out', customerId: null, orderId, amountCents: -held, note: `claimed by customer ${customerId}` },
        { ...reference, reason: 'claim_in', customerId, orderId, amountCents: held, note: `claimed from order ${orderId}` },
      ]);
      if (order.customerId === null) await tx.update(orders).set({ customerId }).where(eq(orders.id, orderId));
      return held;
    });
  }
}

/** A credit to an order's customer (held on the order when anonymous), once per order and reason. */
function creditOrderOwner(tx: DbOrTx, order: OrderRow, reason: LedgerReason, amountCents: number): Promise<boolean> {
  return credit(tx, { customerId: order.customerId, orderId: order.id, amountCents, reason, referenceType: 'order', referenceId: String(order.id) });
}
