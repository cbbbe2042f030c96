import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { coversWithinTolerance, cryptoUnitsToCents, formatUnits, type ChainRegistry, type TCoinSymbol, type TUnmatchedPayment } from '@topup/shared';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../db/client';
import { chainBlocks, customers, isCryptoOrder, ledgerEntries, orders, payments, type CryptoOrderRow, type OrderRow } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { orderJob, QUEUES } from '../jobs/queues';
import { recordAudit } from './audit';
import { AppError } from './errors';
import { credit, type LedgerReason } from './ledger';
import { notifyOrderChanged, transition } from './order-state';
import type { PricingService } from './pricing';

/** A transfer to a watched address, as the chain watcher saw it. */
export interface ObservedPayment {
  orderId: number;
  network: string;
  chainId: number;
  txHash: string;
  /** Log index of a token Transfer; -1 for a native transfer; -2 for native coins found in the address's balance. */
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  blockTime: Date;
  from: string | null;
  to: string;
  coin: TCoinSymbol;
  amount: bigint;
}

/**
 * A transfer to a shared receiving address whose memo names no open order (none, or an unknown one):
 * recorded without an order, it is one of the admin's unmatched payments, never lost.
 */
export type UnattributedPayment = Omit<ObservedPayment, 'orderId'> & { orderId: null };

type PaymentRow = typeof payments.$inferSelect;
/** USD per whole coin × 1e8 by coin symbol, as asked before a settlement; a coin without a price now is absent. */
type Prices = Map<string, bigint>;

/**
 * What money received means for an order (docs/design.md section 5). The chain watcher records what it
 * sees; this service decides, per order, under a row lock:
 *  - a payment of the order's coin moves it to `confirming`; at the required depth the confirmed total
 *    decides: enough (within the tolerance) -> `paid`, the excess of an overpayment credited; short ->
 *    back to `pending_crypto_payment` with the rest still payable until the address stops being watched,
 *    then what came is credited and the order expires;
 *  - a payment that completes the order after its window (late) pays it only if it still covers a fresh
 *    quote; otherwise its value is credited and the order stays expired;
 *  - another coin, a payment to a cancelled order, or more money after `paid`: credited to the balance.
 * Credits are valued at the price when credited; an overpayment's excess at the order's own quote.
 */
export class PaymentService {
  constructor(
    private readonly deps: {
      db: Db;
      pricing: PricingService;
      registry: ChainRegistry;
      /** Shortfall accepted as full payment, in basis points of the amount due (50 = 0.5%). */
      toleranceBps: number;
      now?: () => number;
    },
  ) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * Records payments once each (network + transaction + position in it). A payment seen again in another block
   * (re-included after a reorganisation) takes the new block and is live again; so is a removed one
   * whose very block is canonical again (the chain switched back to the fork that holds it).
   */
  async record(tx: Tx, observed: (ObservedPayment | UnattributedPayment)[]): Promise<void> {
    if (observed.length === 0) return;
    await tx
      .insert(payments)
      .values(
        observed.map((p) => ({
          orderId: p.orderId,
          network: p.network,
          chainId: p.chainId,
          txHash: p.txHash,
          logIndex: p.logIndex,
          blockNumber: p.blockNumber,
          blockHash: p.blockHash,
          blockTime: p.blockTime,
          fromAddress: p.from,
          toAddress: p.to,
          coin: p.coin,
          amount: p.amount.toString(),
        })),
      )
      .onConflictDoUpdate({
        target: [payments.network, payments.txHash, payments.logIndex],
        set: {
          blockNumber: sql`excluded.block_number`,
          blockHash: sql`excluded.block_hash`,
          blockTime: sql`excluded.block_time`,
          confirmations: 0,
          status: sql`case when ${payments.status} = 'confirmed' then 'confirmed' else 'seen' end`,
        },
        setWhere: sql`${payments.blockHash} <> excluded.block_hash or ${payments.status} = 'removed'`,
      });
  }

  /** A reorganisation dropped the blocks above `keptBlock`: their unconfirmed payments are not credited. */
  async removeAbove(tx: Tx, network: string, keptBlock: number): Promise<number[]> {
    const removed = await tx
      .update(payments)
      .set({ status: 'removed', confirmations: 0 })
      .where(and(eq(payments.network, network), eq(payments.status, 'seen'), sql`${payments.blockNumber} > ${keptBlock}`))
      .returning({ orderId: payments.orderId });
    return unique(removed.map((r) => r.orderId));
  }

  /**
   * Counts confirmations of the network's unconfirmed payments at `head`, and confirms those in blocks
   * up to `finalBlock` (final by the chain's own finality, or deep enough) whose block is the canonical
   * one the watcher holds. Returns the orders touched.
   */
  async confirm(tx: Tx, network: string, head: number, finalBlock: number): Promise<number[]> {
    const counted = await tx
      .update(payments)
      .set({ confirmations: sql`greatest(0, ${head} - ${payments.blockNumber} + 1)` })
      .where(and(eq(payments.network, network), eq(payments.status, 'seen')))
      .returning({ orderId: payments.orderId });
    await tx.execute(sql`
      update ${payments} p set status = 'confirmed'
      from ${chainBlocks} b
      where p.network = ${network} and p.status = 'seen' and p.block_number <= ${finalBlock}
        and b.network = p.network and b.number = p.block_number and b.hash = p.block_hash`);
    return unique(counted.map((r) => r.orderId));
  }

  /**
   * Applies the order's payments to it. Idempotent: run it whenever its payments change. Prices are
   * asked before the order is locked (never a network call under a row lock); a payment that cannot be
   * valued now (its coin's price is unavailable) waits for a later settlement, and nothing else waits for it.
   */
  async settle(orderId: number): Promise<boolean> {
    const prices = await this.pricesFor(orderId);
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      // Payments only ever reach orders with a deposit address, that is orders paid in crypto.
      if (!order || !isCryptoOrder(order)) return true;
      const live = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), ne(payments.status, 'removed')))
        .orderBy(payments.id);
      const open = live.filter((p) => p.disposition === null);
      const others = open.filter((p) => p.coin !== order.coin && p.status === 'confirmed');
      const othersDone = await this.creditAll(tx, order, others, 'wrong_coin', prices);
      const ownDone = await this.settleOwnCoin(
        tx,
        order,
        open.filter((p) => p.coin === order.coin),
        prices,
      );
      // Confirmations and amounts changed even when the status did not: live views refresh.
      await notifyOrderChanged(tx, orderId);
      return othersDone && ownDone;
    });
  }

  private async settleOwnCoin(tx: Tx, order: CryptoOrderRow, open: PaymentRow[], prices: Prices): Promise<boolean> {
    const confirmed = open.filter((p) => p.status === 'confirmed');
    const unconfirmed = open.length > confirmed.length;
    const expected = BigInt(order.cryptoAmount);
    const received = confirmed.reduce((sum, p) => sum + BigInt(p.amount), 0n);
    const enough = coversWithinTolerance(received, expected, this.deps.toleranceBps);
    const coin = this.deps.registry.requireCoin(order.coin);
    let status = order.status;

    if (status === 'pending_crypto_payment' || status === 'payment_expired') {
      // A short payment after the window takes the way of one seen unconfirmed (confirming, then
      // underpaid with the watch running), whether or not the watcher saw it before it counted: the
      // customer is asked for the rest, and what arrived is credited when the watch ends.
      const lateShort = status === 'payment_expired' && confirmed.length > 0;
      if (!unconfirmed && !enough && !lateShort) {
        // A short payment already confirmed when first seen (the watcher was behind, or one confirmation
        // suffices) never passes through confirming: its watch must still end, crediting what arrived.
        if (status === 'pending_crypto_payment' && confirmed.length > 0) {
          await enqueue(tx, orderJob(QUEUES.closeWatch, order.id, { runAt: order.watchUntil }));
        }
        return true;
      }
      const p = open[open.length - 1]!;
      await transition(tx, order.id, 'confirming', {
        cause: `payment seen: ${formatUnits(BigInt(p.amount), coin.decimals)} ${coin.symbol} in block ${p.blockNumber}`,
        detail: { txHash: p.txHash, late: p.blockTime > order.expiresAt },
      });
      status = 'confirming';
    }

    if (status === 'confirming') {
      if (open.length === 0) {
        const back = order.expiresAt.getTime() <= this.now() ? 'payment_expired' : 'pending_crypto_payment';
        await transition(tx, order.id, back, { cause: 'payment removed by a chain reorganisation' });
        return true;
      }
      if (unconfirmed) return true;
      const detail = { received: received.toString(), expected: expected.toString() };
      if (!enough) {
        await transition(tx, order.id, 'pending_crypto_payment', {
          cause: `underpaid: received ${formatUnits(received, coin.decimals)} of ${formatUnits(expected, coin.decimals)} ${coin.symbol}`,
          detail,
        });
        await enqueue(tx, orderJob(QUEUES.closeWatch, order.id, { runAt: order.watchUntil }));
        return true;
      }
      const late = confirmed.some((p) => p.blockTime > order.expiresAt);
      if (late) {
        const covers = this.coversFreshQuote(order, received, prices);
        // No price now: the late payment waits, confirming, for one.
        if (covers === null) return false;
        if (!covers) {
          await transition(tx, order.id, 'payment_expired', { cause: 'late payment no longer covers the price: credited to the balance', detail });
          return this.creditAll(tx, order, confirmed, 'late_payment', prices);
        }
      }
      await transition(tx, order.id, 'paid', { cause: late ? 'late payment confirmed and still covers the price' : 'payment confirmed', detail });
      await tx
        .update(payments)
        .set({ disposition: 'order' })
        .where(
          inArray(
            payments.id,
            confirmed.map((p) => p.id),
          ),
        );
      if (received > expected) {
        await credit(tx, {
          customerId: order.customerId,
          orderId: order.id,
          amountCents: cryptoUnitsToCents(received - expected, BigInt(order.priceUsdE8), coin.decimals),
          reason: 'overpayment',
          referenceType: 'order',
          referenceId: String(order.id),
        });
      }
      return true;
    }

    // Cancelled, or already paid: whatever else arrives belongs to the customer's balance.
    const reason: LedgerReason = status === 'cancelled' ? 'late_payment' : 'overpayment';
    return this.creditAll(tx, order, confirmed, reason, prices);
  }

  /**
   * The end of the watch period of an order that was never fully paid: what did arrive is credited and
   * the order expires.
   */
  async closeWatch(orderId: number): Promise<void> {
    const prices = await this.pricesFor(orderId);
    await this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order || !['pending_crypto_payment', 'payment_expired'].includes(order.status)) return;
      const open = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'confirmed'), sql`${payments.disposition} is null`));
      let valued = true;
      for (const p of open) valued = (await this.creditPayment(tx, ownerOf(order), p, p.coin === order.coin ? 'underpayment' : 'wrong_coin', prices)) && valued;
      // A payment that cannot be valued now: the job is tried again later, the order unchanged meanwhile.
      if (!valued) throw new Error(`order ${orderId}: a payment cannot be valued now (no price); its watch closes on a later try`);
      if (order.status === 'pending_crypto_payment') {
        await transition(tx, orderId, 'payment_expired', { cause: 'watch period ended short of the amount due: received funds credited' });
      }
    });
  }

  /**
   * Payments that did not pay a fulfilled order: credited to a balance (late, short, excess, other coin),
   * not yet settled, or paying an order that is not completed. Newest first. For admins.
   */
  async unmatched(limit = 200): Promise<UnmatchedPayment[]> {
    const result = await this.deps.db.execute(sql`
      select p.id, p.network, p.tx_hash as "txHash", p.from_address as "fromAddress", p.log_index as "logIndex", p.block_number as "blockNumber",
             p.coin, p.amount::text as amount, p.status, p.disposition, o.id as "orderId", o.status as "orderStatus",
             p.created_at as "receivedAt",
             (select sum(l.amount_cents) from ${ledgerEntries} l
               where (l.reference_type = 'payment' and l.reference_id = p.id::text)
                  -- What the order's own credits gave back (an overpayment's excess, a failed delivery's
                  -- value), shown once: on the last payment that paid the order.
                  or (p.disposition = 'order' and l.reference_type = 'order' and l.reference_id = o.id::text
                      and l.reason in ('overpayment', 'failed_delivery')
                      and p.id = (select max(p2.id) from ${payments} p2 where p2.order_id = o.id and p2.disposition = 'order' and p2.status <> 'removed'))
             )::int as "creditedCents"
      from ${payments} p left join ${orders} o on o.id = p.order_id
      where p.status <> 'removed' and (
        p.disposition is distinct from 'order' or o.status is distinct from 'completed'
        or exists (select 1 from ${ledgerEntries} l where l.reference_type = 'order' and l.reference_id = o.id::text and l.reason = 'overpayment'))
      order by p.id desc
      limit ${limit}`);
    return rowsOf<UnmatchedPayment>(result).map((r) => ({
      ...r,
      id: Number(r.id),
      blockNumber: Number(r.blockNumber),
      orderId: r.orderId === null ? null : Number(r.orderId),
      receivedAt: new Date(r.receivedAt).toISOString(),
    }));
  }

  /**
   * The price now of every coin the order's payments (and the order itself) are in, asked before any
   * lock is taken. A coin whose price is unavailable is absent.
   */
  private async pricesFor(orderId: number): Promise<Prices> {
    const rows = await this.deps.db
      .selectDistinct({ coin: payments.coin })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), ne(payments.status, 'removed'), isNull(payments.disposition)));
    const [order] = await this.deps.db.select({ coin: orders.coin }).from(orders).where(eq(orders.id, orderId));
    const coins = new Set([...rows.map((r) => r.coin), ...(order?.coin ? [order.coin] : [])]);
    const prices: Prices = new Map();
    for (const coin of coins) {
      try {
        prices.set(coin, await this.deps.pricing.usdE8(coin));
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'PRICE_UNAVAILABLE')) throw err;
      }
    }
    return prices;
  }

  /** Whether the order's coin received is still worth the order's total at today's price; null when there is no price now. */
  private coversFreshQuote(order: CryptoOrderRow, received: bigint, prices: Prices): boolean | null {
    const coin = this.deps.registry.requireCoin(order.coin);
    const usdE8 = prices.get(order.coin);
    if (usdE8 === undefined) return null;
    const value = cryptoUnitsToCents(received, usdE8, coin.decimals);
    return coversWithinTolerance(BigInt(value), BigInt(order.totalCents), this.deps.toleranceBps);
  }

  /** Credits each payment (creditPayment) to the order's owner; false when one of them cannot be valued now. */
  private async creditAll(tx: DbOrTx, order: OrderRow, list: PaymentRow[], reason: LedgerReason, prices: Prices): Promise<boolean> {
    let all = true;
    for (const p of list) all = (await this.creditPayment(tx, ownerOf(order), p, reason, prices)) && all;
    return all;
  }

  /** Credits the payment's value at today's price to `to`; false (nothing done) when there is no price now. */
  private async creditPayment(tx: DbOrTx, to: BalanceOwner, p: PaymentRow, reason: LedgerReason, prices: Prices, why?: string): Promise<boolean> {
    const coin = this.deps.registry.requireCoin(p.coin);
    const usdE8 = prices.get(p.coin);
    if (usdE8 === undefined) return false;
    await credit(tx, {
      ...to,
      amountCents: this.valueOf(p, usdE8),
      reason,
      referenceType: 'payment',
      referenceId: String(p.id),
      note: `${formatUnits(BigInt(p.amount), coin.decimals)} ${coin.symbol} in ${p.txHash}${why ? `: ${why}` : ''}`,
    });
    await tx.update(payments).set({ disposition: 'credited' }).where(eq(payments.id, p.id));
    return true;
  }

  /** What a payment is worth in cents at `usdE8`: the one valuation of every credit of a payment. */
  private valueOf(p: PaymentRow, usdE8: bigint): number {
    return cryptoUnitsToCents(BigInt(p.amount), usdE8, this.deps.registry.requireCoin(p.coin).decimals);
  }

  /**
   * An admin applies a payment that reached no order (no memo, an unknown one) to the order they name:
   * it becomes that order's payment and the order is settled exactly as if it had come for it (paid,
   * short, over, late, another coin). Once: of two admins at once, one matches it and the other is refused.
   */
  async matchToOrder(adminId: number, paymentId: number, orderRef: number | string, reason: string) {
    const payment = await this.orderlessPayment(paymentId);
    const ref = typeof orderRef === 'number' ? eq(orders.id, orderRef) : eq(orders.paymentId, orderRef);
    const [order] = await this.deps.db.select().from(orders).where(ref);
    if (!order) throw new AppError('NOT_FOUND', `Order ${orderRef} not found.`);
    if (!isCryptoOrder(order)) throw new AppError('INVALID_STATE', `Order #${order.id} is not paid in crypto: a chain payment cannot be matched to it.`);
    // The money stays where it came (the treasury sweeps it from there): another network's order cannot own it.
    if (order.network !== payment.network) {
      throw new AppError(
        'INVALID_STATE',
        `Order #${order.id} is paid on ${order.network}, the payment came on ${payment.network}: credit it to a customer instead.`,
      );
    }
    // Whatever the order makes of it may be a credit, valued now: without a price nothing is matched,
    // rather than a matched payment left unsettled.
    await this.deps.pricing.usdE8(payment.coin);
    await this.deps.db.transaction(async (tx) => {
      await this.claimOrderless(tx, paymentId);
      await tx.update(payments).set({ orderId: order.id }).where(eq(payments.id, paymentId));
      await recordAudit(tx, {
        adminId,
        action: 'payment.match',
        target: `payment:${paymentId}`,
        before: { orderId: null },
        after: { orderId: order.id, reason },
      });
    });
    await this.settle(order.id);
    const [after] = await this.deps.db
      .select({ status: orders.status, disposition: payments.disposition })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, paymentId));
    return { orderId: order.id, status: after!.status, disposition: after!.disposition };
  }

  /**
   * An admin credits a payment that reached no order to the customer they know sent it (by number or
   * e-mail): its value at today's price, as every credit of a payment. Once, as a match.
   */
  async creditToCustomer(adminId: number, paymentId: number, customerRef: number | string, reason: string) {
    const payment = await this.orderlessPayment(paymentId);
    const ref = typeof customerRef === 'number' ? eq(customers.id, customerRef) : eq(customers.email, customerRef.toLowerCase());
    const [customer] = await this.deps.db.select({ id: customers.id }).from(customers).where(ref);
    if (!customer) throw new AppError('NOT_FOUND', `Customer ${customerRef} not found.`);
    const usdE8 = await this.deps.pricing.usdE8(payment.coin);
    return this.deps.db.transaction(async (tx) => {
      const p = await this.claimOrderless(tx, paymentId);
      if (p.status !== 'confirmed') throw new AppError('INVALID_STATE', `Payment ${paymentId} is not final yet: credit it once it is confirmed.`);
      const to = { customerId: customer.id, orderId: null };
      await this.creditPayment(tx, to, p, 'admin_adjustment', new Map([[p.coin, usdE8]]), reason);
      const amountCents = this.valueOf(p, usdE8);
      await recordAudit(tx, {
        adminId,
        action: 'payment.credit',
        target: `payment:${paymentId}`,
        after: { ...to, amountCents, usdE8: usdE8.toString(), reason },
      });
      return { amountCents, customerId: customer.id };
    });
  }

  /** The payment an admin means to use, read first for its coin (claimOrderless checks it again under its lock). */
  private async orderlessPayment(id: number): Promise<PaymentRow> {
    const [row] = await this.deps.db.select().from(payments).where(eq(payments.id, id));
    return refuseUnlessOrderless(id, row);
  }

  /** Locks a payment for an admin's use of it, refused unless it still reached no order and nothing was done with it. */
  private async claimOrderless(tx: Tx, id: number): Promise<PaymentRow> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return refuseUnlessOrderless(id, row);
  }
}

type BalanceOwner = { customerId: number | null; orderId: number | null };
const ownerOf = (order: OrderRow): BalanceOwner => ({ customerId: order.customerId, orderId: order.id });

/** The payment if it reached no order and was not credited; otherwise the refusal that says why. */
function refuseUnlessOrderless(id: number, p: PaymentRow | undefined): PaymentRow {
  if (!p || p.status === 'removed') throw new AppError('NOT_FOUND', `Payment ${id} not found.`);
  if (p.orderId !== null) throw new AppError('CONFLICT', `Payment ${id} is already matched to order #${p.orderId}.`);
  if (p.disposition !== null) throw new AppError('CONFLICT', `Payment ${id} was already credited to a balance.`);
  return p;
}

/** What an admin is told of a match: what the order made of the payment. */
export function matchedMessage(paymentId: number, m: { orderId: number; status: string; disposition: string | null }): string {
  const outcome =
    m.disposition === 'order'
      ? 'it paid the order'
      : m.disposition === 'credited'
        ? "its value was credited (late, another coin, or the order was already settled): see the order's ledger"
        : `the order is ${m.status}`;
  return `Payment ${paymentId} matched to order #${m.orderId}: ${outcome}.`;
}

/** A payment that did not pay a fulfilled order, as the admin API answers it. */
export type UnmatchedPayment = TUnmatchedPayment;

function unique(ids: (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}
