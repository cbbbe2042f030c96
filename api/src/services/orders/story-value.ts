import { CREDIT_REASONS, type TCreditReason, type TStoryCredit } from '@topup/shared';
import type { OrderRow } from '../../db/schema';
import type { LedgerRow, OrderFacts } from './story-facts';

export const isCreditReason = (reason: string): reason is TCreditReason => (CREDIT_REASONS as readonly string[]).includes(reason);

/** The order's value in the ledger, in cents. */
export interface Value {
  credits: LedgerRow[];
  creditedCents: number;
  /** Held now on the order that holds this order's credits (itself, or the order it re-sent). */
  heldCents: number;
  onBalanceCents: number;
  resentCents: number;
}

/** This order's own entry: on the order itself, or its own failure's credit held on the order it re-sent. */
export const isOwnEntry = (order: OrderRow, l: LedgerRow) => l.orderId === order.id || (l.reason === 'failed_delivery' && l.referenceId === String(order.id));

/** Where this order's value is, from its ledger entries. */
export function orderValue(f: OrderFacts): Value {
  const { order } = f;
  const holder = order.retryOf ?? order.id;
  const own = f.ledger.filter((l) => isOwnEntry(order, l));
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

/** A credit as the timeline tells it: where it was put when credited. */
export function storyCredit(l: LedgerRow): TStoryCredit {
  return { reason: l.reason as TCreditReason, amount: l.amountCents, place: l.customerId === null ? 'held' : 'on_balance', at: l.createdAt.toISOString() };
}

/**
 * The order's credits where they are now: a held one moved to the balance with the first claim of its
 * holder order that came after it (a claim moves everything held then), so a customer who signed in is
 * no longer told it waits for a sign-in.
 */
export function creditsNow(f: OrderFacts, value: Value): TStoryCredit[] {
  const holder = f.order.retryOf ?? f.order.id;
  const claims = f.ledger.filter((l) => l.orderId === holder && l.reason === 'claim_out');
  return value.credits.map((l) => {
    const credit = storyCredit(l);
    return credit.place === 'held' && claims.some((c) => c.id > l.id) ? { ...credit, place: 'on_balance' } : credit;
  });
}
