import { DISPLAY_ICONS, displayKey, type Catalog, type TDisplayState, type TOrderDisplay, type TOrderStatus, escapeHtml as h } from '@topup/shared';

/** The spec's status line of an order status; while it confirms, with how far when known. */
export function statusLine(t: Catalog, status: TOrderStatus, confirmations?: { n: number; m: number } | null): string {
  if (status === 'confirming') return confirmations ? t.bot.statusConfirming(confirmations) : t.bot.statusConfirmingPlain;
  const lines: Record<Exclude<TOrderStatus, 'confirming'>, string> = {
    pending_crypto_payment: t.bot.statusWaiting,
    paid: t.bot.statusPaid,
    processing: t.bot.statusProcessing,
    completed: t.bot.statusCompleted,
    failed: t.bot.statusFailed,
    payment_expired: t.bot.statusExpired,
    cancelled: t.bot.statusCancelled,
  };
  return lines[status];
}

/** The display states the spec's status lines tell, and the status whose line each takes. */
const SPEC_LINES: Partial<Record<TDisplayState, TOrderStatus>> = {
  awaiting_payment: 'pending_crypto_payment',
  confirming: 'confirming',
  paid: 'paid',
  delivering: 'processing',
  completed: 'completed',
  failed_credited: 'failed',
  expired: 'payment_expired',
  expired_credited: 'payment_expired',
  cancelled: 'cancelled',
};

/** The spec's status line for the plain display states; the display's label for the others. */
export function displayStatusLine(t: Catalog, d: TOrderDisplay): string {
  const status = SPEC_LINES[d.state];
  return status ? statusLine(t, status, d.confirmations) : `${DISPLAY_ICONS[d.state]} ${h(t.common.displayStates[displayKey(d)])}`;
}
