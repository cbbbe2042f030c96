import crypto from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { formatUsd } from '@topup/shared';
import type { Db, DbOrTx } from '../db/client';
import { ledgerEntries, orders, type OrderRow } from '../db/schema';
import { AppError } from './errors';
import { balanceOf, credit, debit, lockBalance, transfer, type LedgerReason } from './ledger';

/**
 * Balances (docs/design.md section 5): what moves money on a balance and why, written to the ledger
 * (ledger.ts). A customer's balance is their entries; an anonymous order's held credits are the entries
 * on that order with no customer, until someone holding the order token claims them. No balance ever
 * goes below zero: every debit locks the balance's owner and checks the sum in its transaction.
 */
export class BalanceService {
  constructor(private readonly db: Db) {}

  balanceCents(customerId: number, db: DbOrTx = this.db): Promise<number> {
    return balanceOf(db, { customerId });
  }

  /** Credits held on an anonymous order, claimable with its token. */
  heldCents(orderId: number, db: DbOrTx = this.db): Promise<number> {
    return balanceOf(db, { heldOn: orderId });
  }

  /**
   * A delivery that failed: the order's value (top-up and fee) goes back to whoever paid. An admin's
   * re-send of a failed order was paid with that order's credit: its failure gives the credit back to
   * that order (held there for its customer, who can reach it), not to the re-send nobody holds.
   */
  async creditFailedDelivery(tx: DbOrTx, order: OrderRow): Promise<boolean> {
    const [resent] = order.retryOf === null ? [] : await tx.select().from(orders).where(eq(orders.id, order.retryOf));
    const holder = resent ?? order;
    return credit(tx, {
      customerId: holder.customerId,
      orderId: holder.id,
      amountCents: order.totalCents,
      reason: 'failed_delivery',
      referenceType: 'order',
      referenceId: String(order.id),
    });
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
    await debit(
      tx,
      { customerId, orderId, amountCents, reason: 'purchase', referenceType: 'order', referenceId: String(orderId) },
      (balance) => `Your balance is ${formatUsd(balance)}; this order costs ${formatUsd(amountCents)}.`,
    );
  }

  /**
   * An admin adds to or takes from a customer's balance (`signedCents` < 0 takes). Each adjustment is
   * its own entry, named by a random reference: parallel ones never collide. Returns the balance before
   * and after, and the entry's reference.
   */
  async adjustByAdmin(tx: DbOrTx, adminId: number, customerId: number, signedCents: number, note: string) {
    const before = await lockBalance(tx, { customerId });
    const entry = {
      customerId,
      orderId: null,
      amountCents: Math.abs(signedCents),
      reason: 'admin_adjustment' as const,
      referenceType: 'admin' as const,
      referenceId: `${adminId}:${crypto.randomUUID()}`,
      note,
    };
    if (signedCents >= 0) await credit(tx, entry);
    else await debit(tx, entry, (balance) => `The balance is ${formatUsd(balance)}: it cannot go below zero.`);
    return { beforeCents: before, afterCents: before + signedCents, reference: entry.referenceId };
  }

  /**
   * A failed order is sent again as `retryOrderId` (an admin's manual top-up): the credit its failure
   * gave comes back from whoever holds it (the customer, or the order's holding), or the retry is refused.
   */
  async takeBackFailureCredit(tx: DbOrTx, failed: OrderRow, retryOrderId: number, note: string): Promise<void> {
    await debit(
      tx,
      {
        customerId: failed.customerId,
        orderId: failed.id,
        amountCents: failed.totalCents,
        reason: 'manual_retry',
        referenceType: 'order',
        referenceId: String(retryOrderId),
        note,
      },
      () => `The ${formatUsd(failed.totalCents)} credited for this failed order was already used; top up as a new order instead.`,
    );
  }

  /**
   * An admin credits an amount to an order's customer (held on the order when it is anonymous), with
   * the reason as the entry's note. Each credit is its own entry.
   */
  async creditByAdmin(tx: DbOrTx, adminId: number, order: OrderRow, amountCents: number, reason: string): Promise<void> {
    await credit(tx, {
      customerId: order.customerId,
      orderId: order.id,
      amountCents,
      reason: 'admin_adjustment',
      referenceType: 'admin',
      referenceId: `${adminId}:${crypto.randomUUID()}`,
      note: reason,
    });
  }

  /**
   * An admin gives an order's value (top-up and fee) back to whoever paid it: once per order, so a
   * second refund adds nothing and returns false.
   */
  refundByAdmin(tx: DbOrTx, order: OrderRow, reason: string): Promise<boolean> {
    return credit(tx, {
      customerId: order.customerId,
      orderId: order.id,
      amountCents: order.totalCents,
      reason: 'admin_refund',
      referenceType: 'order',
      referenceId: String(order.id),
      note: reason,
    });
  }

  /**
   * What becomes a customer's when they sign in: the orders of their Telegram account
   * (proven by Telegram) become theirs, so later credits land on the balance; and the credits held on
   * anonymous orders of their Telegram account, of their e-mail address (the failure e-mail promised
   * it to that address) and of the orders they brought (`orderIds`: the order tokens of the browser)
   * move to their balance, each order's once (claimHeld, under the order's lock). Run at every sign-in:
   * credits held since the last one move too. Returns the cents moved.
   */
  async claimOnSignIn(customer: { id: number; email: string | null; telegramUserId: number | null }, orderIds: number[] = []): Promise<number> {
    if (customer.telegramUserId !== null) {
      await this.db
        .update(orders)
        .set({ customerId: customer.id })
        .where(and(eq(orders.telegramUserId, customer.telegramUserId), isNull(orders.customerId)));
    }
    const theirs = [
      ...(customer.email ? [sql`lower(${orders.email}) = ${customer.email.toLowerCase()}`] : []),
      ...(customer.telegramUserId !== null ? [eq(orders.telegramUserId, customer.telegramUserId)] : []),
      ...(orderIds.length ? [inArray(orders.id, orderIds)] : []),
    ];
    if (theirs.length === 0) return 0;
    const holding = await this.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(ledgerEntries, and(eq(ledgerEntries.orderId, orders.id), isNull(ledgerEntries.customerId)))
      .where(and(or(...theirs), or(isNull(orders.customerId), eq(orders.customerId, customer.id))))
      .groupBy(orders.id)
      .having(sql`sum(${ledgerEntries.amountCents}) > 0`);
    let moved = 0;
    for (const { id } of holding) moved += await this.claimHeld(id, customer.id);
    return moved;
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
      const [newest] = await tx
        .select({ id: sql<number>`max(${ledgerEntries.id})` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, orderId));
      const reference = { orderId, amountCents: held, referenceType: 'order', referenceId: `${orderId}@${newest?.id}` } as const;
      await transfer(
        tx,
        { ...reference, customerId: null, reason: 'claim_out', note: `claimed by customer ${customerId}` },
        { ...reference, customerId, reason: 'claim_in', note: `claimed from order ${orderId}` },
      );
      if (order.customerId === null) await tx.update(orders).set({ customerId }).where(eq(orders.id, orderId));
      return held;
    });
  }
}

/** A credit to an order's customer (held on the order when anonymous), once per order and reason. */
function creditOrderOwner(tx: DbOrTx, order: OrderRow, reason: LedgerReason, amountCents: number): Promise<boolean> {
  return credit(tx, { customerId: order.customerId, orderId: order.id, amountCents, reason, referenceType: 'order', referenceId: String(order.id) });
}
