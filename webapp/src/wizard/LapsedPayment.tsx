import { useI18n } from '../i18n/I18n';
import type { Checkout } from './useCheckout';

/** A payment left open in this browser that closed meanwhile: said, with its order page (which tells what became of it). */
export function LapsedPayment({ lapsed }: { lapsed: Checkout['lapsed'] }) {
  const { web } = useI18n();
  if (!lapsed) return null;
  return (
    <p className="wz-notice wz-notice-warning" role="status" data-testid="lapsed-payment">
      {web.order.lapsed} <a href={`/orders/${lapsed.paymentId}?token=${encodeURIComponent(lapsed.orderToken)}`}>{web.order.viewOrder}</a>
    </p>
  );
}
