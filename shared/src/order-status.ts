/**
 * Order statuses and the only transitions allowed between them (docs/design.md section 5). The names are
 * the spec's, so clients of the earlier product keep working.
 */

export const ORDER_STATUSES = ['pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed', 'failed', 'payment_expired', 'cancelled'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

interface StatusRules {
  /** Where an order may go from here; none: the status is final. */
  next: readonly TOrderStatus[];
  /** The admin console's badge: its words, and whether it stands out (only a completed order does). */
  label: string;
  badge: 'highlight' | 'plain';
  /** Whom entering the status tells: the customer's Telegram chat, an e-mail receipt. */
  tells: { telegram: boolean; email: boolean };
}

/** Every status's rules in one table: a new status must fill each of them to compile. */
export const ORDER_STATUS_RULES: Record<TOrderStatus, StatusRules> = {
  // A payment may be seen, the window may pass, or the customer may walk away. An admin may also
  // confirm a payment made outside the chain watcher's view (manual top-up): straight to paid.
  pending_crypto_payment: {
    next: ['confirming', 'payment_expired', 'cancelled', 'paid'],
    label: 'pending crypto payment',
    badge: 'plain',
    tells: { telegram: false, email: false },
  },
  // Depth reached -> paid. A reorganisation that removes the payment sends the order back to wait
  // (or to expired when its window has passed meanwhile).
  confirming: { next: ['paid', 'pending_crypto_payment', 'payment_expired'], label: 'confirming', badge: 'plain', tells: { telegram: true, email: false } },
  // Balance top-ups complete on payment; recharges go to the provider, which may refuse at once.
  paid: { next: ['processing', 'completed', 'failed'], label: 'paid', badge: 'plain', tells: { telegram: true, email: true } },
  processing: { next: ['completed', 'failed'], label: 'processing', badge: 'plain', tells: { telegram: true, email: false } },
  completed: { next: [], label: 'completed', badge: 'highlight', tells: { telegram: true, email: true } },
  failed: { next: [], label: 'failed', badge: 'plain', tells: { telegram: true, email: true } },
  // A late payment (within the watch period) is still confirmed and may still be fulfilled; or an
  // admin tops it up manually.
  payment_expired: { next: ['confirming', 'paid'], label: 'payment expired', badge: 'plain', tells: { telegram: true, email: false } },
  // The customer cancelled: they know.
  cancelled: { next: [], label: 'cancelled', badge: 'plain', tells: { telegram: false, email: false } },
};

export function canTransition(from: TOrderStatus, to: TOrderStatus): boolean {
  return ORDER_STATUS_RULES[from].next.includes(to);
}

export function isFinalStatus(status: TOrderStatus): boolean {
  return ORDER_STATUS_RULES[status].next.length === 0;
}
