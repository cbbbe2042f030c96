import { desc, eq, sql } from 'drizzle-orm';
import { cryptoUnitsToCents, formatUnits, type ChainRegistry, type TReconciliation } from '@topup/shared';
import type { AirtimeProvider } from '../../airtime/provider';
import { rowsOf, type Db } from '../../db/client';
import { providerBalanceReadings } from '../../db/schema';
import type { PricingService } from '../pricing';

/** Statuses an order reaches only once paid. */
const PAID_STATUSES = sql`('paid', 'processing', 'completed', 'failed')`;

/**
 * The reconciliation report: what arrived on chain against what the orders and the ledger made of it,
 * per network and coin; what delivered top-ups cost against how the provider's balance moved; and what
 * is owed to customers against the funds on hand. Each difference is listed with the order behind it.
 */
export class ReconciliationService {
  constructor(private readonly deps: { db: Db; provider: AirtimeProvider; pricing: PricingService; registry: ChainRegistry; toleranceBps: number }) {}

  async report(): Promise<TReconciliation> {
    const differences: TReconciliation['differences'] = [];
    const chain = rowsOf<{ network: string; coin: string; arrived: string; to_orders: string; credited: string }>(
      await this.deps.db.execute(sql`
        select network, coin, sum(amount)::text as arrived,
          coalesce(sum(amount) filter (where disposition = 'order'), 0)::text as to_orders,
          coalesce(sum(amount) filter (where disposition = 'credited'), 0)::text as credited
        from payments where status = 'confirmed' group by network, coin order by network, coin`),
    ).map((r) => ({
      network: r.network,
      coin: r.coin,
      arrived: r.arrived,
      toOrders: r.to_orders,
      credited: r.credited,
      unaccounted: (BigInt(r.arrived) - BigInt(r.to_orders) - BigInt(r.credited)).toString(),
    }));

    // Money that arrived and went nowhere: a confirmed payment not settled, though its order no longer waits.
    const unsettled = rowsOf<{ order_id: number; network: string; coin: string; amount: string; tx_hash: string }>(
      await this.deps.db.execute(sql`
        select p.order_id, p.network, p.coin, p.amount::text, p.tx_hash from payments p join orders o on o.id = p.order_id
        where p.status = 'confirmed' and p.disposition is null and o.status not in ('pending_crypto_payment', 'confirming')
        order by p.id`),
    );
    for (const p of unsettled) {
      const detail = `${this.amountOf(p.coin)(p.amount)} ${p.coin} in ${p.tx_hash} arrived but neither paid the order nor was credited`;
      differences.push(orderDifference('payment_unsettled', p.network, p.order_id, detail));
    }

    // Orders that count as paid in crypto without the payment on chain (an admin's "mark paid" is recorded as such and is not one).
    const short = rowsOf<{ id: number; network: string; coin: string; due: string; received: string }>(
      await this.deps.db.execute(sql`
        select o.id, o.network, o.coin, o.crypto_amount::text as due,
          coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.status = 'confirmed' and p.disposition = 'order'), 0)::text as received
        from orders o
        where o.payment_method = 'crypto' and o.status in ${PAID_STATUSES}
          and not exists (select 1 from order_events e where e.order_id = o.id and e.to_status = 'paid' and e.detail->>'paidByAdmin' = 'true')
          and coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.status = 'confirmed' and p.disposition = 'order'), 0) * 10000
            < o.crypto_amount * (10000 - ${this.deps.toleranceBps})
        order by o.id`),
    );
    for (const o of short) {
      const amount = this.amountOf(o.coin);
      const detail = `order counts as paid but ${amount(o.received)} of ${amount(o.due)} ${o.coin} arrived for it`;
      differences.push(orderDifference('order_paid_without_payment', o.network, o.id, detail));
    }

    const providers = [await this.providerRow(differences)];
    const liabilities = await this.liabilities(chain);
    if (liabilities.difference < 0) {
      differences.push({
        kind: 'liabilities_not_covered',
        network: null,
        orderId: null,
        detail: `the funds on hand fall short of what is owed by ${-liabilities.difference} cents`,
      });
    }
    return { success: true, chain, providers, liabilities, differences };
  }

  /** Writes a coin's base units (as PostgreSQL's numeric text) in the coin's own unit. */
  private amountOf(coin: string): (baseUnits: string) => string {
    const decimals = this.deps.registry.coin(coin)?.decimals ?? 18;
    return (baseUnits) => formatUnits(BigInt(baseUnits), decimals);
  }

  /**
   * The provider's balance now against its last reading, and what was delivered between the two (at
   * face value: what the provider charges for a top-up). The first report only takes a reading.
   */
  private async providerRow(differences: TReconciliation['differences']): Promise<TReconciliation['providers'][number]> {
    const provider = this.deps.provider.name;
    const [previous] = await this.deps.db
      .select()
      .from(providerBalanceReadings)
      .where(eq(providerBalanceReadings.provider, provider))
      .orderBy(desc(providerBalanceReadings.id))
      .limit(1);
    const now = await this.deps.provider.getBalance().catch(() => null);
    const readAt = new Date();
    if (now) await this.deps.db.insert(providerBalanceReadings).values({ provider, balanceCents: now.balanceCents, currency: now.currencyCode, readAt });
    const since = previous?.readAt ?? new Date(0);
    const [delivered] = rowsOf<{ cents: string; n: number }>(
      await this.deps.db.execute(sql`
        select coalesce(sum(o.amount_cents), 0)::text as cents, count(*)::int as n from orders o
        where o.status = 'completed' and exists (
          select 1 from order_events e where e.order_id = o.id and e.to_status = 'completed' and e.created_at > ${since} and e.created_at <= ${readAt})`),
    );
    const deliveredCents = Number(delivered!.cents);
    const balanceChange = now && previous ? now.balanceCents - previous.balanceCents : null;
    const difference = balanceChange === null ? null : balanceChange + deliveredCents;
    if (difference) {
      differences.push({
        kind: 'provider_balance',
        network: null,
        orderId: null,
        detail: `${provider}: the balance moved by ${balanceChange} cents while top-ups worth ${deliveredCents} cents were delivered`,
      });
    }
    return { provider, delivered: deliveredCents, deliveredOrders: delivered!.n, balanceChange, difference };
  }

  /**
   * Owed: customers' balances, credits held on anonymous orders, payouts approved and not yet paid.
   * On hand: the crypto that arrived, less what was paid out and the fees paid, at today's prices, less
   * what delivered top-ups cost (the provider was paid from it). The difference is what the business
   * earned (fees) and what prices moved; below zero, what is owed is not covered.
   */
  private async liabilities(chain: TReconciliation['chain']): Promise<TReconciliation['liabilities']> {
    const [owed] = rowsOf<{ balances: string; held: string; due: string; delivered: string }>(
      await this.deps.db.execute(sql`
        select
          (select coalesce(sum(amount_cents), 0) from ledger_entries where customer_id is not null)::text as balances,
          (select coalesce(sum(amount_cents), 0) from ledger_entries where customer_id is null)::text as held,
          (select coalesce(sum(amount_cents), 0) from payouts where status in ('approved', 'sending'))::text as due,
          (select coalesce(sum(amount_cents), 0) from orders where status = 'completed')::text as delivered`),
    );
    const spent = rowsOf<{ network: string; coin: string; amount: string }>(
      await this.deps.db.execute(sql`
        select network, coin, sum(amount)::text as amount from treasury_transfers where kind = 'payout' and status = 'confirmed' group by network, coin
        union all
        select network, null as coin, sum(fee)::text as amount from treasury_transfers where status <> 'sent' and fee is not null group by network`),
    );
    const held = new Map<string, bigint>();
    for (const c of chain) held.set(c.coin, (held.get(c.coin) ?? 0n) + BigInt(c.arrived));
    for (const s of spent) {
      const coin = s.coin ?? this.deps.registry.nativeCoin(s.network).symbol;
      held.set(coin, (held.get(coin) ?? 0n) - BigInt(s.amount));
    }
    let cryptoCents = 0;
    for (const [symbol, units] of held) {
      const coin = this.deps.registry.coin(symbol);
      if (!coin) continue;
      cryptoCents += cryptoUnitsToCents(units, await this.deps.pricing.usdE8(coin.symbol), coin.decimals);
    }
    const balances = Number(owed!.balances);
    const heldCents = Number(owed!.held);
    const payoutsDue = Number(owed!.due);
    const total = balances + heldCents + payoutsDue;
    const fundsOnHand = cryptoCents - Number(owed!.delivered);
    return { balances, held: heldCents, payoutsDue, total, fundsOnHand, difference: fundsOnHand - total };
  }
}

type Difference = TReconciliation['differences'][number];

/** A difference found on one order (PostgreSQL may answer its id as text). */
function orderDifference(kind: Difference['kind'], network: string, orderId: number | string, detail: string): Difference {
  return { kind, network, orderId: Number(orderId), detail };
}
