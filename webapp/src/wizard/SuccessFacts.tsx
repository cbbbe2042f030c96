import type { TAmountOption, TPaymentStatus } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { centsOf, localFirst } from './format';

/** The amount delivered as the recipient gets it (local money first, the dollars beside), on every success screen. */
export function Delivered({ option, usd }: { option: Pick<TAmountOption, 'localAmount' | 'currencyCode'>; usd: number }) {
  const t = useI18n();
  return <span data-testid="success-delivered">{localFirst(t, option, t.web.pay.dollars({ amount: t.usd(centsOf(usd)) }))}</span>;
}

/** Paid too much: where the excess went, so a success never hides money. */
export function OverpaidNote({ status }: { status: TPaymentStatus | null }) {
  const { web, usd } = useI18n();
  const credit = status?.display.credit;
  if (!status?.display.flags.overpaid || !credit) return null;
  return (
    <p className="wz-notice wz-notice-warning" data-testid="success-overpaid">
      {web.pay.overpaid({ amount: usd(credit.amount), held: credit.place === 'held' })}
    </p>
  );
}
