import type { TOrderView } from '@topup/shared';
import { useI18n } from '../../i18n/I18n';
import { stateLabel } from '../../order/label';
import { displayTone, type TOrderDisplay, type WebMessages } from '../../shared';

/** The status badge: the order's display state, labelled (in the page's language) and coloured by the shared helpers (order-display.ts). */
export function StatusBadge({ display }: { display: TOrderDisplay }) {
  const { common } = useI18n();
  return <span className={`badge badge-${displayTone(display)}${display.state === 'completed' ? ' badge-completed' : ''}`}>{stateLabel(common, display)}</span>;
}

/** The status as text in its colour (the dashboard's rows). */
export function StatusText({ display }: { display: TOrderDisplay }) {
  const { common } = useI18n();
  return <span className={`tx-status status-text-${displayTone(display)}`}>{stateLabel(common, display)}</span>;
}

/** What an order credited (another coin, too much, a failed delivery…) and where it is: its cards and rows say it, not only its page. */
export function CreditLine({ display }: { display: TOrderDisplay }) {
  const { web, usd } = useI18n();
  const credit = display.credit;
  if (!credit) return null;
  const t = web.order;
  return (
    <span className="muted small" data-testid="order-credit">
      {t.credit({ amount: usd(credit.amount), reason: credit.reasons.map((r) => t.creditReasons[r]).join(', ') })} (
      {credit.place === 'held' ? t.held : t.onBalance})
    </span>
  );
}

/** The order page of an order (its payment id): /orders/{paymentId}. */
export const orderPath = (paymentId: string) => `/orders/${encodeURIComponent(paymentId)}`;

/** The icon of a display state (the dashboard's rows). */
export function StatusIcon({ display }: { display: TOrderDisplay }) {
  const tone = displayTone(display);
  return (
    <span className={`status-icon status-${tone}`} aria-hidden="true">
      {tone === 'green' ? '✓' : tone === 'red' ? '✕' : '⏱'}
    </span>
  );
}

/** Spec: orders without a phone number are balance top-ups. */
export const orderTitle = (web: Pick<WebMessages, 'mobileRecharge' | 'balanceTopup'>, order: Pick<TOrderView, 'phoneNumber'>) =>
  order.phoneNumber ? web.mobileRecharge : web.balanceTopup;
