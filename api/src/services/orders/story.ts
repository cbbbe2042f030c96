import { and, asc, eq, inArray, or } from 'drizzle-orm';
import {
  CREDIT_REASONS,
  SLOW_DELIVERY_MS,
  formatCryptoAmount,
  formatUnits,
  roundUpToDisplayable,
  supportReference,
  type TCreditReason,
  type TNextAction,
  type TOrderDisplay,
  type TOrderStory,
  type TPayable,
  type TStoryCredit,
  type TStoryPayment,
  type TTimelineItem,
} from '@topup/shared';
import type { Chains } from '../../chain/chains';
import type { Db } from '../../db/client';
import { isCryptoOrder, ledgerEntries, orderEvents, orders, payments, type CryptoOrderRow, type OrderRow } from '../../db/schema';

/**
 * The order story (issue 13 point 1): what an order is and what happened to it, read from its events,
 * its payments and the ledger. One builder for every reader: the customer's order page, the display
 * state of every list and status answer, and the admin's order page, which adds what only admins see
 * (each timeline entry's recorded cause and source, the ledger entries themselves: `OrderFacts`).
 * Money is in cents here; routes encode it for the wire.
 */

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

/** A timeline item and where it came from: the admin's page shows the recorded cause. */
export interface TimelineEntry {
  item: TTimelineItem;
  source: { kind: 'event'; event: OrderEventRow } | { kind: 'payment'; payment: PaymentRow } | { kind: 'ledger'; entry: LedgerRow };
}

/** Orders whose facts are read in one round of queries (PostgreSQL takes at most 65,535 parameters a statement). */
const FACTS_CHUNK = 1000;

const isCreditReason = (reason: string): reason is TCreditReason => (CREDIT_REASONS as readonly string[]).includes(reason);

/** The order's value in the ledger, in cents. */
interface Value {
  credits: LedgerRow[];
  creditedCents: number;
  /** Held now on the order that holds this order's credits (itself, or the order it re-sent). */
  heldCents: number;
  onBalanceCents: number;
  resentCents: number;
}

export class OrderStories {
  constructor(private readonly deps: { db: Db; chains: Chains; now?: () => number }) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * The facts of several orders, four queries per thousand orders (lists ask for all their orders at
   * once; an admin's CSV export for many thousands).
   */
  async facts(list: OrderRow[], opts: { events?: boolean } = {}): Promise<Map<number, OrderFacts>> {
    const result = new Map<number, OrderFacts>();
    for (let i = 0; i < list.length; i += FACTS_CHUNK) {
      for (const [id, facts] of await this.factsChunk(list.slice(i, i + FACTS_CHUNK), opts)) result.set(id, facts);
    }
    return result;
  }

  private async factsChunk(list: OrderRow[], opts: { events?: boolean }): Promise<Map<number, OrderFacts>> {
    const result = new Map<number, OrderFacts>(list.map((order) => [order.id, { order, payments: [], ledger: [], events: [], retries: [] }]));
    const ids = list.map((o) => o.id);
    const holders = [...new Set([...ids, ...list.flatMap((o) => (o.retryOf === null ? [] : [o.retryOf]))])];
    const failed = list.filter((o) => o.status === 'failed').map((o) => o.id);
    const [paymentRows, ledgerRows, eventRows, retryRows] = await Promise.all([
      this.deps.db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
      this.deps.db
        .select()
        .from(ledgerEntries)
        .where(
          or(
            inArray(ledgerEntries.orderId, holders),
            and(eq(ledgerEntries.reason, 'failed_delivery'), eq(ledgerEntries.referenceType, 'order'), inArray(ledgerEntries.referenceId, ids.map(String))),
          ),
        )
        .orderBy(asc(ledgerEntries.id)),
      opts.events ? this.deps.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)) : Promise.resolve([]),
      failed.length
        ? this.deps.db
            .select({ id: orders.id, status: orders.status, retryOf: orders.retryOf })
            .from(orders)
            .where(inArray(orders.retryOf, failed))
            .orderBy(asc(orders.id))
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

  async factsOf(order: OrderRow, opts: { events?: boolean } = {}): Promise<OrderFacts> {
    return (await this.facts([order], opts)).get(order.id)!;
  }

  /** Each order's display state, in the order given. */
  async displays(list: OrderRow[]): Promise<Map<number, TOrderDisplay>> {
    const facts = await this.facts(list);
    return new Map(list.map((o) => [o.id, this.display(facts.get(o.id)!)]));
  }

  private requiredConfirmations(network: string): number {
    return this.deps.chains.networks[network]?.confirmations ?? 1;
  }

  /** Where this order's value is, from its ledger entries. */
  private value(f: OrderFacts): Value {
    const { order } = f;
    const holder = order.retryOf ?? order.id;
    // This order's own entries: on the order itself, or its own failure's credit held on the order it re-sent.
    const own = f.ledger.filter((l) => l.orderId === order.id || (l.reason === 'failed_delivery' && l.referenceId === String(order.id)));
    const credits = own.filter((l) => isCreditReason(l.reason) && l.amountCents > 0);
    const resentCents = -own.filter((l) => l.reason === 'manual_retry').reduce((sum, l) => sum + l.amountCents, 0);
    const creditedCents = credits.reduce((sum, l) => sum + l.amountCents, 0);
    const heldCents = f.ledger.filter((l) => l.orderId === holder && l.customerId === null).reduce((sum, l) => sum + l.amountCents, 0);
    const onBalanceCents =
      credits.filter((l) => l.customerId !== null).reduce((sum, l) => sum + l.amountCents, 0) +
      own.filter((l) => l.reason === 'claim_in').reduce((sum, l) => sum + l.amountCents, 0) -
      (order.customerId === null ? 0 : resentCents);
    return { credits, creditedCents, heldCents, onBalanceCents: Math.max(0, onBalanceCents), resentCents };
  }

  /** What the customer should be told now (shared/src/order-display.ts says what each state means). */
  display(f: OrderFacts): TOrderDisplay {
    const { order } = f;
    const now = this.now();
    const value = this.value(f);
    const netCents = value.creditedCents - value.resentCents;
    const reasons = [...new Set(value.credits.map((l) => l.reason as TCreditReason))];
    const credit = netCents > 0 ? { amount: netCents, place: value.heldCents > 0 ? ('held' as const) : ('on_balance' as const), reasons } : null;
    const live = f.payments.filter((p) => p.status !== 'removed');
    const flags = {
      wrongCoin: reasons.includes('wrong_coin') || (order.coin !== null && live.some((p) => p.coin !== order.coin)),
      overpaid: reasons.includes('overpayment'),
    };
    const amounts = this.amounts(f);
    const base = {
      sub: null,
      coin: amounts?.coin ?? null,
      due: amounts ? amounts.dueText : null,
      received: amounts ? amounts.receivedText : null,
      remaining: amounts ? amounts.remainingText : null,
      deadline: null,
      confirmations: null,
      credit,
      flags,
    };
    const slow = now - order.updatedAt.getTime() > SLOW_DELIVERY_MS ? ('slow' as const) : null;
    const creditedPlace = credit ? credit.place : null;
    switch (order.status) {
      case 'pending_crypto_payment':
        if (amounts && amounts.received > 0n && isCryptoOrder(order)) {
          return {
            ...base,
            state: 'partly_paid',
            sub: now < order.expiresAt.getTime() ? 'in_window' : 'after_window',
            deadline: order.watchUntil.toISOString(),
          };
        }
        if (now < order.expiresAt.getTime()) return { ...base, state: 'awaiting_payment', deadline: order.expiresAt.toISOString() };
        return { ...base, state: 'expired' };
      case 'confirming': {
        const waiting = live.filter((p) => p.coin === order.coin && p.status === 'seen');
        const m = this.requiredConfirmations(order.network!);
        const n = waiting.length ? Math.min(...waiting.map((p) => p.confirmations)) : m;
        return { ...base, state: 'confirming', confirmations: { n: Math.min(n, m), m } };
      }
      case 'paid':
        return { ...base, state: 'paid', sub: slow };
      case 'processing':
        return { ...base, state: 'delivering', sub: slow };
      case 'completed':
        return { ...base, state: 'completed' };
      case 'failed':
        return {
          ...base,
          state: 'failed_credited',
          sub: creditedPlace ?? (value.resentCents > 0 ? 'resent' : order.customerId === null ? 'held' : 'on_balance'),
        };
      case 'payment_expired':
        return credit && (reasons.includes('underpayment') || reasons.includes('late_payment'))
          ? { ...base, state: 'expired_credited', sub: credit.place }
          : { ...base, state: 'expired' };
      case 'cancelled':
        return { ...base, state: 'cancelled', sub: creditedPlace };
    }
  }

  /** Due, received (live payments of the order's coin) and remaining, exactly; null for an order without a coin. */
  private amounts(f: OrderFacts) {
    const { order } = f;
    if (!isCryptoOrder(order)) return null;
    const coin = this.deps.chains.registry.requireCoin(order.coin);
    const due = BigInt(order.cryptoAmount);
    const received = f.payments.filter((p) => p.status !== 'removed' && p.coin === order.coin).reduce((sum, p) => sum + BigInt(p.amount), 0n);
    const remaining = received >= due ? 0n : due - received;
    return {
      coin: coin.symbol,
      decimals: coin.decimals,
      due,
      received,
      remaining,
      dueText: formatCryptoAmount(due, coin.decimals),
      receivedText: formatUnits(received, coin.decimals),
      // Rounded up to what can be shown: the rest asked for is never short of the rest due.
      remainingText: formatCryptoAmount(remaining, coin.decimals),
    };
  }

  /** What a payment screen asks for now: the whole amount, or after a partial payment the rest; null otherwise. */
  toPay(f: OrderFacts, display: TOrderDisplay): TPayable | null {
    const { order } = f;
    if (!isCryptoOrder(order) || (display.state !== 'awaiting_payment' && display.state !== 'partly_paid')) return null;
    const amounts = this.amounts(f)!;
    const units = display.state === 'partly_paid' ? roundUpToDisplayable(amounts.remaining, amounts.decimals) : amounts.due;
    return this.payable(order, units, display.deadline!);
  }

  /** The links that open a wallet sending `units` of the order's coin to its address. */
  walletLinks(order: CryptoOrderRow, units: bigint) {
    const coin = this.deps.chains.registry.requireCoin(order.coin);
    return this.deps.chains.walletLinks(coin.network, {
      chainId: order.chainId,
      tokenContract: order.tokenContract,
      address: order.depositAddress,
      units,
      decimals: coin.decimals,
    });
  }

  /** `units` of the order's coin to its address, with the links that carry exactly that. */
  payable(order: CryptoOrderRow, units: bigint, deadline: string): TPayable {
    const { registry } = this.deps.chains;
    const coin = registry.requireCoin(order.coin);
    const links = this.walletLinks(order, units);
    return {
      coin: coin.symbol,
      network: coin.network,
      networkLabel: registry.network(coin.network)!.label,
      address: order.depositAddress,
      amount: formatCryptoAmount(units, coin.decimals),
      amountBaseUnits: units.toString(),
      paymentUri: links.eip681,
      walletLinks: links,
      deadline,
    };
  }

  private storyPayment(order: OrderRow, p: PaymentRow): TStoryPayment {
    const { registry } = this.deps.chains;
    const coin = registry.requireCoin(p.coin);
    const m = this.requiredConfirmations(p.network);
    return {
      coin: coin.symbol,
      network: p.network,
      networkLabel: registry.network(p.network)?.label ?? p.network,
      amount: formatUnits(BigInt(p.amount), coin.decimals),
      amountBaseUnits: p.amount,
      orderCoin: p.coin === order.coin,
      txHash: p.txHash,
      explorerUrl: registry.explorerTxUrl(p.network, p.chainId, p.txHash),
      confirmations: { n: p.status === 'confirmed' ? m : Math.min(p.confirmations, m), m },
      status: p.status,
      use: p.disposition,
      seenAt: p.createdAt.toISOString(),
    };
  }

  private storyCredit(l: LedgerRow): TStoryCredit {
    return { reason: l.reason as TCreditReason, amount: l.amountCents, place: l.customerId === null ? 'held' : 'on_balance', at: l.createdAt.toISOString() };
  }

  /** What happened, oldest first: status changes, payments seen, credits, claims, re-sends. */
  timeline(f: OrderFacts): TimelineEntry[] {
    const { order } = f;
    const blank = { status: null, payment: null, credit: null, amount: null, received: null, transactionId: null, relatedOrderId: null };
    const entries: { rank: number; entry: TimelineEntry }[] = [];
    const add = (rank: number, source: TimelineEntry['source'], at: Date, item: Partial<TTimelineItem> & Pick<TTimelineItem, 'kind'>) =>
      entries.push({ rank, entry: { source, item: { ...blank, ...item, at: at.toISOString() } } });

    for (const p of f.payments) add(0, { kind: 'payment', payment: p }, p.createdAt, { kind: 'payment_seen', payment: this.storyPayment(order, p) });
    const amounts = this.amounts(f);
    for (const e of f.events) {
      const source = { kind: 'event' as const, event: e };
      const status = e.toStatus;
      if (e.fromStatus === null) {
        add(1, source, e.createdAt, { kind: 'created', status });
        if (status === 'paid') add(1, source, e.createdAt, { kind: 'paid', status });
        continue;
      }
      const transactionId = order.providerTransactionId;
      const detail = e.detail as { received?: string } | null;
      switch (status) {
        case 'pending_crypto_payment':
          // Back from confirming: short of the amount due (a reorganisation shows on its payment instead).
          if (detail?.received && amounts)
            add(1, source, e.createdAt, {
              kind: 'underpaid',
              status,
              received: { amount: formatUnits(BigInt(detail.received), amounts.decimals), baseUnits: detail.received },
            });
          break;
        case 'paid':
          add(1, source, e.createdAt, { kind: 'paid', status });
          break;
        case 'processing':
          add(1, source, e.createdAt, { kind: 'submitted', status, transactionId });
          break;
        case 'completed':
          add(1, source, e.createdAt, { kind: 'completed', status, transactionId });
          break;
        case 'failed':
          add(1, source, e.createdAt, { kind: 'failed', status, transactionId });
          break;
        case 'payment_expired':
          add(1, source, e.createdAt, { kind: 'expired', status });
          break;
        case 'cancelled':
          add(1, source, e.createdAt, { kind: 'cancelled', status });
          break;
        case 'confirming':
          // The payment that moved it is on the timeline as seen.
          break;
      }
    }
    for (const l of f.ledger) {
      const source = { kind: 'ledger' as const, entry: l };
      const mine = l.orderId === order.id || (l.reason === 'failed_delivery' && l.referenceId === String(order.id));
      if (!mine) continue;
      if (isCreditReason(l.reason) && l.amountCents > 0) add(2, source, l.createdAt, { kind: 'credited', credit: this.storyCredit(l) });
      else if (l.reason === 'claim_in') add(2, source, l.createdAt, { kind: 'claimed', amount: l.amountCents });
      else if (l.reason === 'manual_retry') add(2, source, l.createdAt, { kind: 'resent', amount: -l.amountCents, relatedOrderId: Number(l.referenceId) });
    }
    return entries
      .map((e, i) => ({ ...e, i, t: Date.parse(e.entry.item.at) }))
      .sort((a, b) => a.t - b.t || a.rank - b.rank || a.i - b.i)
      .map((e) => e.entry);
  }

  /** Exactly one next action for the order's display state. */
  next(f: OrderFacts, display: TOrderDisplay, value: Value = this.value(f)): TNextAction {
    const { order } = f;
    const again: TNextAction = {
      action: 'new_recharge',
      recharge: {
        kind: order.kind,
        phoneNumber: order.phoneNumber,
        countryId: order.countryId,
        countryCode: order.countryCode,
        operatorId: order.operatorId,
        amount: order.amountCents,
      },
    };
    const credited = (): TNextAction =>
      display.credit?.place === 'held'
        ? { action: 'sign_in', amount: value.heldCents, email: order.email, telegram: order.telegramUserId !== null }
        : { action: 'open_balance', amount: display.credit?.amount ?? 0 };
    switch (display.state) {
      case 'awaiting_payment':
        return { action: 'pay', pay: this.toPay(f, display)! };
      case 'partly_paid':
        return { action: 'pay_rest', pay: this.toPay(f, display)! };
      case 'confirming':
        return { action: 'wait' };
      case 'paid':
      case 'delivering':
        return display.sub === 'slow' ? { action: 'contact_support' } : { action: 'wait' };
      case 'completed':
        return order.kind === 'balance_topup' ? { action: 'open_balance', amount: order.amountCents } : again;
      case 'failed_credited':
        // Sent again by support: done once the re-send is delivered, else on its way.
        if (display.sub === 'resent') return f.retries.at(-1)?.status === 'completed' ? again : { action: 'wait' };
        return display.credit ? credited() : { action: 'contact_support' };
      case 'expired':
        // Another coin sent meanwhile was credited: where it is comes first.
        return display.credit ? credited() : again;
      case 'expired_credited':
        return credited();
      case 'cancelled':
        return display.credit ? credited() : again;
    }
  }

  /** The customer's order page: everything above in the wire's shape (cents; the route encodes dollars). */
  customerStory(f: OrderFacts): TOrderStory {
    const { order } = f;
    const { registry } = this.deps.chains;
    const display = this.display(f);
    const value = this.value(f);
    const amounts = this.amounts(f);
    const coin = order.coin ? registry.requireCoin(order.coin) : null;
    const crypto = (units: bigint) => ({ amount: formatUnits(units, amounts!.decimals), baseUnits: units.toString() });
    return {
      success: true,
      order: {
        orderId: order.id,
        paymentId: order.paymentId,
        kind: order.kind,
        status: order.status,
        paymentMethod: order.paymentMethod,
        phoneNumber: order.phoneNumber,
        countryId: order.countryId,
        countryCode: order.countryCode,
        operatorId: order.operatorId,
        operatorName: order.operatorName,
        amount: order.amountCents,
        serviceFee: order.feeCents,
        totalAmount: order.totalCents,
        localAmount: order.localAmount,
        localCurrency: order.localCurrency,
        coin: coin?.symbol ?? null,
        network: coin?.network ?? null,
        networkLabel: coin ? (registry.network(coin.network)?.label ?? coin.network) : null,
        walletAddress: order.depositAddress,
        email: order.email,
        createdAt: order.createdAt.toISOString(),
        expiresAt: order.expiresAt.toISOString(),
        watchUntil: order.watchUntil?.toISOString() ?? null,
        providerTransactionId: order.providerTransactionId,
      },
      display,
      amounts: amounts && {
        coin: amounts.coin,
        decimals: amounts.decimals,
        due: { amount: amounts.dueText, baseUnits: amounts.due.toString() },
        received: crypto(amounts.received),
        remaining: crypto(amounts.remaining),
      },
      payments: f.payments.map((p) => this.storyPayment(order, p)),
      timeline: this.timeline(f).map((e) => e.item),
      value: {
        credits: value.credits.map((l) => this.storyCredit(l)),
        creditedAmount: value.creditedCents,
        heldAmount: Math.max(0, value.heldCents),
        onBalanceAmount: value.onBalanceCents,
        resentAmount: value.resentCents,
      },
      next: this.next(f, display, value),
      support: { orderId: order.id, paymentId: order.paymentId, reference: supportReference(order.id, order.paymentId) },
    };
  }
}
