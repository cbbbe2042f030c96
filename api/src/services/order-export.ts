import { centsToDecimal, displayLabel, formatUnits, type ChainRegistry } from '@topup/shared';
import type { OrderFacts } from './orders/story-facts';
import { orderValue } from './orders/story-value';
import type { OrderStories } from './orders/story';

/**
 * The orders export an accountant opens in a spreadsheet: one row per order, readable words, USD in
 * cents (exact, summable) beside dollars, crypto in the coin and in base units, the chain transactions
 * that paid it, and when it was completed. Moments are ISO 8601 in UTC.
 */
interface Column {
  header: string;
  value(f: OrderFacts, ctx: RowContext): string | number | null;
}

interface RowContext {
  stories: OrderStories;
  registry: ChainRegistry;
}

/** Transfers that count for the order: live ones in its own coin (another coin is credited, not paid). */
function orderPayments(f: OrderFacts) {
  return f.payments.filter((p) => p.status !== 'removed' && p.coin === f.order.coin);
}

function received(f: OrderFacts): bigint {
  return orderPayments(f).reduce((sum, p) => sum + BigInt(p.amount), 0n);
}

function coinDecimals(f: OrderFacts, registry: ChainRegistry): number | null {
  return f.order.coin ? (registry.coin(f.order.coin)?.decimals ?? null) : null;
}

export const ORDER_EXPORT_COLUMNS: Column[] = [
  { header: 'Order id', value: (f) => f.order.id },
  { header: 'Payment id', value: (f) => f.order.paymentId },
  { header: 'Created (UTC)', value: (f) => f.order.createdAt.toISOString() },
  {
    header: 'Completed (UTC)',
    value: (f) => f.events.findLast((e) => e.toStatus === 'completed')?.createdAt.toISOString() ?? null,
  },
  { header: 'Status', value: (f) => f.order.status },
  { header: 'State', value: (f, c) => displayLabel(c.stories.display(f)) },
  { header: 'Kind', value: (f) => (f.order.kind === 'recharge' ? 'Recharge' : 'Balance top-up') },
  { header: 'Paid with', value: (f) => ({ crypto: 'Crypto', balance: 'Balance', admin: 'Admin (manual)' })[f.order.paymentMethod] },
  { header: 'Phone', value: (f) => f.order.phoneNumber },
  { header: 'Country', value: (f) => f.order.countryCode },
  { header: 'Operator', value: (f) => f.order.operatorName },
  { header: 'Amount (USD)', value: (f) => centsToDecimal(f.order.amountCents) },
  { header: 'Amount (cents)', value: (f) => f.order.amountCents },
  { header: 'Fee (cents)', value: (f) => f.order.feeCents },
  { header: 'Total (USD)', value: (f) => centsToDecimal(f.order.totalCents) },
  { header: 'Total (cents)', value: (f) => f.order.totalCents },
  { header: 'Coin', value: (f) => f.order.coin },
  { header: 'Network', value: (f, c) => (f.order.network ? (c.registry.network(f.order.network)?.label ?? f.order.network) : null) },
  {
    header: 'Amount due (coin)',
    value: (f, c) => {
      const decimals = coinDecimals(f, c.registry);
      return decimals === null || !f.order.cryptoAmount ? null : formatUnits(BigInt(f.order.cryptoAmount), decimals);
    },
  },
  { header: 'Amount due (base units)', value: (f) => f.order.cryptoAmount },
  {
    header: 'Amount received (coin)',
    value: (f, c) => {
      const decimals = coinDecimals(f, c.registry);
      return decimals === null ? null : formatUnits(received(f), decimals);
    },
  },
  { header: 'Amount received (base units)', value: (f) => (f.order.coin ? received(f).toString() : null) },
  {
    header: 'Transaction hashes',
    value: (f) =>
      orderPayments(f)
        .map((p) => p.txHash)
        .join(' ') || null,
  },
  { header: 'Credited (cents)', value: (f) => orderValue(f).creditedCents },
  { header: 'Provider transaction', value: (f) => f.order.providerTransactionId },
  { header: 'E-mail', value: (f) => f.order.email },
];

export function orderExportRows(facts: OrderFacts[], ctx: RowContext): (string | number | null)[][] {
  return facts.map((f) => ORDER_EXPORT_COLUMNS.map((c) => c.value(f, ctx)));
}
