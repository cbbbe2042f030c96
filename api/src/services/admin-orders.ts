import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { formatUnits, formatUsd, MANUAL_TOPUP_STATUSES, type ChainRegistry, type TAdminOrderDetail } from '@topup/shared';
import type { Db, DbOrTx } from '../db/client';
import { customers, ledgerEntries, orderEvents, orders, payments, type OrderRow } from '../db/schema';
import { recordAudit } from './audit';
import type { BalanceService } from './balances';
import { AppError } from './errors';
import { customIdentifier } from './fulfilment';
import { orderView } from './orders';

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
    when exists (select 1 from ${ledgerEntries} l where l.reason = 'manual_retry' and l.reference_type = 'order' and l.reference_id = ${o}.id::text) then 'customer'
    else 'admin'
  end`;
}

/**
 * One order as an admin sees it on its page (its payments, the ledger entries it caused, its provider
 * ids, the orders it re-sends or was re-sent as) and the money actions on it: a credit to its
 * customer's balance and a refund of its value, each with a reason, audited, through the ledger.
 * Marking paid and re-sending are AdminService.manualTopupExisting (the Manual Top-up tab's own path).
 */
export class AdminOrderService {
  constructor(private readonly deps: { db: Db; balances: BalanceService; registry: ChainRegistry }) {}

  async detail(id: number): Promise<TAdminOrderDetail> {
    const { db, balances, registry } = this.deps;
    const order = await this.load(id);
    const [customer] = order.customerId === null
      ? []
      : await db
          .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName, telegramUserId: customers.telegramUserId })
          .from(customers)
          .where(eq(customers.id, order.customerId));
    const paid = await db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id));
    const ledger = await db
      .select()
      .from(ledgerEntries)
      .where(or(eq(ledgerEntries.orderId, id), and(eq(ledgerEntries.referenceType, 'order'), eq(ledgerEntries.referenceId, String(id)))))
      .orderBy(asc(ledgerEntries.id));
    const [resentAs, resendOf, refundable] = await Promise.all([balances.resentAs(db, id), balances.resendOf(db, id), this.refundable(order)]);
    const submitted = order.kind === 'recharge' && ['processing', 'completed', 'failed'].includes(order.status);
    return {
      order: {
        ...orderView(order, registry),
        amount: order.amountCents,
        serviceFee: order.feeCents,
        totalAmount: order.totalCents,
        source: order.source,
        network: order.network,
        chainId: order.chainId,
        operatorTransactionId: order.operatorTransactionId,
        customIdentifiers: submitted ? Array.from({ length: order.topupAttempt }, (_, i) => customIdentifier({ paymentId: order.paymentId, topupAttempt: i + 1 })) : [],
        updatedAt: order.updatedAt,
      },
      customer: customer ?? null,
      heldCredit: await balances.heldCents(id),
      payments: paid.map((p) => {
        const decimals = registry.coin(p.coin)?.decimals;
        return {
          id: p.id,
          network: p.network,
          coin: p.coin,
          amount: p.amount,
          amountText: decimals === undefined ? p.amount : formatUnits(BigInt(p.amount), decimals),
          txHash: p.txHash,
          txUrl: registry.transactionUrl(p.network, p.chainId, p.txHash),
          logIndex: p.logIndex,
          blockNumber: p.blockNumber,
          fromAddress: p.fromAddress,
          confirmations: p.confirmations,
          status: p.status,
          disposition: p.disposition,
          receivedAt: p.createdAt,
        };
      }),
      ledger: ledger.map((l) => ({
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
      resentAs,
      resendOf,
      actions: {
        markPaid: order.kind === 'recharge' && MANUAL_TOPUP_STATUSES.includes(order.status) && order.status !== 'failed',
        resend: order.kind === 'recharge' && order.status === 'failed' && resentAs === null,
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
      await recordAudit(tx, { adminId, action: 'order.refund', target: `order:${id}`, after: { amountCents: order.totalCents, customerId: order.customerId, reason } });
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
    const [row] = await db.select({ paidBy: paidBySql(sql`o`) }).from(sql`${orders} o`).where(sql`o.id = ${order.id}`);
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
