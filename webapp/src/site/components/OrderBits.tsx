import type { TOrderView } from '@topup/shared';
import { displayLabel, displayTone, type TOrderDisplay } from '../../shared';

/** The status badge: the order's display state, labelled and coloured by the shared helper (order-display.ts). */
export function StatusBadge({ display }: { display: TOrderDisplay }) {
  return <span className={`badge badge-${displayTone(display)}${display.state === 'completed' ? ' badge-completed' : ''}`}>{displayLabel(display)}</span>;
}

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
export const orderTitle = (order: Pick<TOrderView, 'phoneNumber'>) => (order.phoneNumber ? 'Mobile Recharge' : 'Balance Top-up');
