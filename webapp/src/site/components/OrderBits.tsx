import type { TOrderView } from '@topup/shared';
import { capitaliseStatus, statusTone } from '../../components/order-status';

/** The status badge: capitalised, coloured (completed green, failed or cancelled red, else yellow). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${statusTone(status)}${status === 'completed' ? ' badge-completed' : ''}`}>{capitaliseStatus(status)}</span>;
}

/** The icon of a status (the dashboard's rows). */
export function StatusIcon({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span className={`status-icon status-${tone}`} aria-hidden="true">
      {tone === 'green' ? '✓' : tone === 'red' ? '✕' : '⏱'}
    </span>
  );
}

/** Spec: orders without a phone number are balance top-ups. */
export const orderTitle = (order: Pick<TOrderView, 'phoneNumber'>) => (order.phoneNumber ? 'Mobile Recharge' : 'Balance Top-up');
