import { formatUnits, type TStoryPayment, type TTimelineItem } from '@topup/shared';
import type { LedgerRow, OrderEventRow, OrderFacts, PaymentRow } from './story-facts';
import { isCreditReason, isOwnEntry, storyCredit } from './story-value';

/** A timeline item and where it came from: the admin's page shows the recorded cause. */
export interface TimelineEntry {
  item: TTimelineItem;
  source: { kind: 'event'; event: OrderEventRow } | { kind: 'payment'; payment: PaymentRow } | { kind: 'ledger'; entry: LedgerRow };
}

/**
 * What happened, oldest first: status changes, payments seen, credits, claims, re-sends, payouts. `decimals`:
 * of the order's coin (null without one); `storyPayment` tells a payment as the story does.
 */
export function orderTimeline(f: OrderFacts, decimals: number | null, storyPayment: (p: PaymentRow) => TStoryPayment): TimelineEntry[] {
  const { order } = f;
  const blank = { status: null, payment: null, credit: null, amount: null, received: null, transactionId: null, relatedOrderId: null };
  const entries: { rank: number; entry: TimelineEntry }[] = [];
  const add = (rank: number, source: TimelineEntry['source'], at: Date, item: Partial<TTimelineItem> & Pick<TTimelineItem, 'kind'>) =>
    entries.push({ rank, entry: { source, item: { ...blank, ...item, at: at.toISOString() } } });

  for (const p of f.payments) add(0, { kind: 'payment', payment: p }, p.createdAt, { kind: 'payment_seen', payment: storyPayment(p) });
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
        if (detail?.received && decimals !== null)
          add(1, source, e.createdAt, {
            kind: 'underpaid',
            status,
            received: { amount: formatUnits(BigInt(detail.received), decimals), baseUnits: detail.received },
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
    if (!isOwnEntry(order, l)) continue;
    if (isCreditReason(l.reason) && l.amountCents > 0) add(2, source, l.createdAt, { kind: 'credited', credit: storyCredit(l) });
    else if (l.reason === 'claim_in') add(2, source, l.createdAt, { kind: 'claimed', amount: l.amountCents });
    else if (l.reason === 'payout') add(2, source, l.createdAt, { kind: 'paid_out', amount: -l.amountCents });
    else if (l.reason === 'manual_retry') add(2, source, l.createdAt, { kind: 'resent', amount: -l.amountCents, relatedOrderId: Number(l.referenceId) });
  }
  return entries
    .map((e, i) => ({ ...e, i, t: Date.parse(e.entry.item.at) }))
    .sort((a, b) => a.t - b.t || a.rank - b.rank || a.i - b.i)
    .map((e) => e.entry);
}
