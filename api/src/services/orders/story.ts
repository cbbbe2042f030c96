import {
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
  type TStoryPayment,
} from '@topup/shared';
import type { Chains, OrderPayment, Surface } from '../../chain/chains';
import type { Db } from '../../db/client';
import { isCryptoOrder, type CryptoOrderRow, type OrderRow } from '../../db/schema';
import { readOrderFacts, type OrderFacts, type PaymentRow } from './story-facts';
import { orderTimeline, type TimelineEntry } from './story-timeline';
import { creditsNow, orderValue, type Value } from './story-value';

/**
 * The order story: what an order is and what happened to it, read from its events,
 * its payments and the ledger. One builder for every reader: the customer's order page, the display
 * state of every list and status answer, and the admin's order page, which adds what only admins see
 * (each timeline entry's recorded cause and source, the ledger entries themselves: `OrderFacts`).
 * Money is in cents here; routes encode it for the wire. The facts are read in story-facts.ts, the
 * ledger's value in story-value.ts, the timeline told in story-timeline.ts.
 */

export class OrderStories {
  constructor(private readonly deps: { db: Db; chains: Chains; now?: () => number }) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** The facts of several orders (story-facts.ts reads them in chunks). */
  facts(list: OrderRow[], opts: { events?: boolean } = {}): Promise<Map<number, OrderFacts>> {
    return readOrderFacts(this.deps.db, list, opts);
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

  /** What the customer should be told now (shared/src/order-display.ts says what each state means). */
  display(f: OrderFacts): TOrderDisplay {
    const { order } = f;
    const now = this.now();
    const value = orderValue(f);
    const netCents = value.creditedCents - value.resentCents;
    const reasons = [...new Set(value.credits.map((l) => l.reason as TCreditReason))];
    const credit =
      netCents > 0
        ? {
            amount: netCents,
            place: value.heldCents > 0 ? ('held' as const) : ('on_balance' as const),
            reasons,
            hasEmail: order.email !== null,
            hasTelegram: order.telegramUserId !== null,
          }
        : null;
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
    const { network, payment } = this.orderPayment(order, units);
    return this.deps.chains.walletLinks(network, payment);
  }

  /** `units` of the order's coin to its address (with its memo), as the chain adapters take a payment. */
  orderPayment(order: CryptoOrderRow, units: bigint): { network: string; payment: OrderPayment } {
    const coin = this.deps.chains.registry.requireCoin(order.coin);
    return {
      network: coin.network,
      payment: {
        chainId: order.chainId,
        tokenContract: order.tokenContract,
        address: order.depositAddress,
        memo: order.depositMemo,
        units,
        decimals: coin.decimals,
      },
    };
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
      memo: order.depositMemo,
      amount: formatCryptoAmount(units, coin.decimals),
      amountBaseUnits: units.toString(),
      paymentUri: links.uri,
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

  /** What happened, oldest first: status changes, payments seen, credits, claims, re-sends. */
  timeline(f: OrderFacts): TimelineEntry[] {
    return orderTimeline(f, this.amounts(f)?.decimals ?? null, (p) => this.storyPayment(f.order, p));
  }

  /** Exactly one next action for the order's display state. */
  next(f: OrderFacts, display: TOrderDisplay, value: Value = orderValue(f)): TNextAction {
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

  /**
   * The customer's order page: everything above in the wire's shape (cents; the route encodes dollars).
   * Read on the Telegram surface (its credentials), an order in a coin Telegram's rules keep out is told
   * as Telegram may show it (`inTelegram`).
   */
  customerStory(f: OrderFacts, surface: Surface = 'any'): TOrderStory {
    const story = this.story(f);
    const network = story.order.network;
    return network !== null && !this.deps.chains.shows(surface, network) ? inTelegram(story) : story;
  }

  private story(f: OrderFacts): TOrderStory {
    const { order } = f;
    const { registry } = this.deps.chains;
    const display = this.display(f);
    const value = orderValue(f);
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
        // Whoever reads the story is its owner (lookup.ts) or an admin: the voucher is theirs to see.
        pin: order.status === 'completed' ? order.pinDetail : null,
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
        credits: creditsNow(f, value),
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

/**
 * An order whose coin Telegram's rules keep out of the bot and the mini-app (TELEGRAM_NETWORKS, docs/ton.md),
 * as they may show it: how it stands, without its address, its transactions (their hashes and explorer
 * links are that chain's) or what pays it (QR payload, wallet links), which becomes `pay_outside_telegram`.
 */
function inTelegram(story: TOrderStory): TOrderStory {
  const { next } = story;
  return {
    ...story,
    order: { ...story.order, walletAddress: null },
    payments: [],
    timeline: story.timeline.map((item) => ({ ...item, payment: null })),
    next:
      next.action === 'pay' || next.action === 'pay_rest' ? { action: 'pay_outside_telegram', coin: next.pay.coin, networkLabel: next.pay.networkLabel } : next,
  };
}
