import type { ReactNode } from 'react';
import type { TCoinSymbol } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { CoinNetworkChoice } from './PaymentChoice';

export interface CoinStepProps {
  selected: TCoinSymbol | null;
  onSelect(symbol: TCoinSymbol): void;
  /** The coin the choice preselects while none is chosen (Checkout.preselectCoin). */
  onPreselect(symbol: TCoinSymbol): void;
  /** The total to pay in USD cents, from the server's quote; undefined until it answers. */
  totalCents: number | undefined;
  /** The total in the chosen coin: undefined while asked, null when it could not be had. */
  cryptoAmount: string | null | undefined;
  /** Surface-specific fields (an e-mail, say) and actions go below the list. */
  children?: ReactNode;
}

/**
 * Coin choice: the coin, then its network (./PaymentChoice.tsx, from GET /api/payment-options; spec
 * section 3: symbol, name, network), and the total in the chosen coin.
 */
export function CoinStep({ selected, onSelect, onPreselect, totalCents, cryptoAmount, children }: CoinStepProps) {
  const t = useI18n();
  const formatUsd = t.usd;
  return (
    <section className="wz-step" aria-labelledby="wz-coin-heading">
      <h2 id="wz-coin-heading" className="wz-heading">
        {t.web.chooseCoin}
      </h2>
      <CoinNetworkChoice selected={selected} onSelect={onSelect} onPreselect={onPreselect} />
      <div className="wz-summary wz-pay-total" aria-live="polite">
        <span>{t.web.totalToPay}</span>
        <strong>
          {selected && cryptoAmount
            ? `${cryptoAmount} ${selected}`
            : totalCents !== undefined && (!selected || cryptoAmount === null)
              ? formatUsd(totalCents)
              : t.web.calculating}
        </strong>
        {selected && cryptoAmount && totalCents !== undefined && <small>≈ {t.web.pay.dollars({ amount: formatUsd(totalCents) })}</small>}
      </div>
      {children}
    </section>
  );
}
