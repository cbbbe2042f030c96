/**
 * Order statuses and the only transitions allowed between them (docs/design.md section 5). The names are
 * the spec's, so clients of the earlier product keep working.
 */

export const ORDER_STATUSES = ['pending_crypto_payment', 'confirming', 'paid', 'processing', 'completed', 'failed', 'payment_expired', 'cancelled'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

const TRANSITIONS: Record<TOrderStatus, readonly TOrderStatus[]> = {
  // A payment may be seen, the window may pass, or the customer may walk away. An admin may also
  // confirm a payment made outside the chain watcher's view (manual top-up): straight to paid.
  pending_crypto_payment: ['confirming', 'payment_expired', 'cancelled', 'paid'],
  // Depth reached -> paid. A reorganisation that removes the payment sends the order back to wait
  // (or to expired when its window has passed meanwhile).
  confirming: ['paid', 'pending_crypto_payment', 'payment_expired'],
  // Balance top-ups complete on payment; recharges go to the provider, which may refuse at once.
  paid: ['processing', 'completed', 'failed'],
  processing: ['completed', 'failed'],
  completed: [],
  failed: [],
  // A late payment (within the watch period) is still confirmed and may still be fulfilled; or an
  // admin tops it up manually.
  payment_expired: ['confirming', 'paid'],
  cancelled: [],
};

export function canTransition(from: TOrderStatus, to: TOrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinalStatus(status: TOrderStatus): boolean {
  return TRANSITIONS[status].length === 0;
}
