import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatUsd, MANUAL_TOPUP_STATUSES, type TAdminOrderDetail } from '@topup/shared';
import type { Db, DbOrTx } from '../db/client';
import { ledgerEntries, orderEvents, orders, type OrderRow } from '../db/schema';
import { recordAudit } from './audit';
import type { BalanceService } from './balances';
import { customerNames } from './customers';
import { AppError } from './errors';
import { customIdentifier } from './fulfilment';
import type { OrderStories } from './orders/story';

/**
 * Who paid a recharge, as SQL over an orders row `o`: `customer` (crypto reaching the order, their
 * balance, or the credit of a failed order it re-sends), `admin` (a new manual top-up, an order an
 * admin marked paid) or `deposit` (a balance top-up: its money counts when the balance is spent).
 * The admin's figures and the refund rule both read it.
 */
export function paidBySql(o: SQL): SQL<'customer' | 'admin' | 'deposit'> {
  return sql`case
    when ${o}.kind <> 'recharge' then 'deposit'
    when exists (select 1 from ${orderEvents} e where e.order_id = ${o}.id and e.to_status = 'paid' and e.detail->>'paidByAdmin' = 'true') then 'admin'
    when ${o}.payment_method <> 'admin' then 'customer'
    when ${o}.retry_of is not null then 'customer'
    else 'admin'
  end`;
}

/** The order an admin sent again in place of a failed one (orders.retry_of), or null. */
export async function resentAs(db: DbOrTx, failedOrderId: number): Promise<number | null> {
  const [retry] = await db.select({ id: orders.id }).from(orders).where(eq(orders.retryOf, failedOrderId));
  return retry?.id ?? null;
}

/**
 * One order as an admin sees it on its page, built on the customer's order story (services/orders/
 * story.ts): the same display, amounts, value and next action, its timeline with each entry's recorded
 * cause, its payments with what only admins need, its provider ids, the ledger entries it caused, the
 * orders it re-sends or was re-sent as; and the money actions on it: a credit to its customer's balance
 * and a refund of its value, each with a reason, audited, through the ledger. Marking paid and
 * re-sending are AdminService.manualTopupExisting (the Manual Top-up tab's own path).
 */
export class AdminOrderService {
  constructor(private readonly deps: { db: Db; balances: BalanceService; stories: OrderStories }) {}

  async detail(id: number): Promise<TAdminOrderDetail> {
    const { db, stories } = this.deps;
    const order = await this.load(id);
    const facts = await stories.factsOf(order, { events: true });
    const { timeline: _items, payments: storyPayments, ...story } = stories.customerStory(facts);
    const customer = await customerNames(db, order.customerId);
    const [resent, refundable] = await Promise.all([resentAs(db, id), this.refundable(order)]);
    const submitted = order.kind === 'recharge' && ['processing', 'completed', 'failed'].includes(order.status);
    return {
      story,
      timeline: stories.timeline(facts).map(({ item, source }) => ({
        ...item,
        source: source.kind,
        cause: source.kind === 'event' ? source.event.cause : source.kind === 'ledger' ? source.entry.note : null,
      })),
      // The story's payments are the facts' payments, in the same order.
      payments: facts.payments.map((p, i) => ({
        ...storyPayments[i]!,
        id: p.id,
        fromAddress: p.fromAddress,
        blockNumber: p.blockNumber,
        logIndex: p.logIndex,
      })),
      record: {
        source: order.source,
        chainId: order.chainId,
        telegramUserId: order.telegramUserId,
        operatorTransactionId: order.operatorTransactionId,
        customIdentifiers: submitted
          ? Array.from({ length: order.topupAttempt }, (_, i) => customIdentifier({ paymentId: order.paymentId, topupAttempt: i + 1 }))
          : [],
        updatedAt: order.updatedAt,
      },
      customer,
      // What it caused: entries on it, and those naming it (a re-send's take-back of a failure's credit).
      ledger: facts.ledger
        .filter((l) => l.orderId === id || (l.referenceType === 'order' && l.referenceId === String(id)))
        .map((l) => ({
          id: l.id,
          customerId: l.customerId,
          orderId: l.orderId,
          amount: l.amountCents,
          reason: l.reason,
          referenceType: l.referenceType,
          referenceId: l.referenceId,
          note: l.note,
          createdAt: l.createdAt,
        })),
      resentAs: resent,
      resendOf: order.retryOf,
      actions: {
        markPaid: order.kind === 'recharge' && MANUAL_TOPUP_STATUSES.includes(order.status) && order.status !== 'failed',
        resend: order.kind === 'recharge' && order.status === 'failed' && resent === null,
        refund: refundable,
        credit: true,
      },
    };
  }

  /** An amount to the order's customer (held on the order when anonymous), with the admin's reason. */
  async credit(adminId: number, id: number, amountCents: number, reason: string): Promise<{ amountCents: number; customerId: number | null }> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.load(id, tx);
      await this.deps.balances.creditByAdmin(tx, adminId, order, amountCents, reason);
      await recordAudit(tx, { adminId, action: 'order.credit', target: `order:${id}`, after: { amountCents, customerId: order.customerId, reason } });
      return { amountCents, customerId: order.customerId };
    });
  }

  /**
   * The order's value (top-up and fee) back to whoever paid it, once: only for a completed recharge the
   * customer paid (a failed one was credited when it failed; an admin's top-up cost the customer nothing).
   */
  async refund(adminId: number, id: number, reason: string): Promise<{ amountCents: number; customerId: number | null }> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.load(id, tx);
      if (!(await this.refundable(order, tx))) {
        const why =
          order.status !== 'completed'
            ? `it is ${order.status} (a failed order's value was credited when it failed)`
            : (await this.paidBy(order, tx)) !== 'customer'
              ? 'the customer did not pay for it'
              : 'it was refunded already';
        throw new AppError(order.status === 'completed' ? 'CONFLICT' : 'INVALID_STATE', `Order ${id} cannot be refunded: ${why}.`);
      }
      await this.deps.balances.refundByAdmin(tx, order, reason);
      await recordAudit(tx, {
        adminId,
        action: 'order.refund',
        target: `order:${id}`,
        after: { amountCents: order.totalCents, customerId: order.customerId, reason },
      });
      return { amountCents: order.totalCents, customerId: order.customerId };
    });
  }

  private async refundable(order: OrderRow, db: DbOrTx = this.deps.db): Promise<boolean> {
    if (order.status !== 'completed' || (await this.paidBy(order, db)) !== 'customer') return false;
    const [done] = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'admin_refund'), eq(ledgerEntries.referenceType, 'order'), eq(ledgerEntries.referenceId, String(order.id))));
    return !done;
  }

  private async paidBy(order: OrderRow, db: DbOrTx): Promise<'customer' | 'admin' | 'deposit'> {
    const [row] = await db
      .select({ paidBy: paidBySql(sql`o`) })
      .from(sql`${orders} o`)
      .where(sql`o.id = ${order.id}`);
    return row!.paidBy;
  }

  /** The order, locked when in a transaction (credits and refunds of one order queue up); 404 when unknown. */
  private async load(id: number, tx?: DbOrTx): Promise<OrderRow> {
    const query = (tx ?? this.deps.db).select().from(orders).where(eq(orders.id, id));
    const [order] = tx ? await query.for('update') : await query;
    if (!order) throw new AppError('NOT_FOUND', `Order ${id} not found`);
    return order;
  }
}

/** A refund or credit's confirmation, as the console shows it. */
export function creditedMessage(kind: 'credit' | 'refund', amountCents: number, customerId: number | null): string {
  const where = customerId === null ? 'held on the order for its customer' : `on the balance of customer #${customerId}`;
  return `${kind === 'refund' ? 'Refunded' : 'Credited'} ${formatUsd(amountCents)}: ${where}.`;
}
