import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TCoinSymbol } from '@topup/shared';
import { coinsQuery } from '../api/queries';
import { formatUsd } from '../shared';

export interface CoinStepProps {
  selected: TCoinSymbol | null;
  onSelect(symbol: TCoinSymbol): void;
  /** The total to pay in USD cents, from the server's quote; undefined until it answers. */
  totalCents: number | undefined;
  /** The total in the chosen coin: undefined while asked, null when it could not be had. */
  cryptoAmount: string | null | undefined;
  /** Surface-specific fields (an e-mail, say) and actions go below the list. */
  children?: ReactNode;
}

/**
 * Coin choice: the coins the server offers (GET /api/coins; spec section 3: symbol, name, network),
 * and the total in the chosen coin.
 */
export function CoinStep({ selected, onSelect, totalCents, cryptoAmount, children }: CoinStepProps) {
  const coins = useQuery(coinsQuery()).data?.coins ?? [];
  return (
    <section className="wz-step" aria-labelledby="wz-coin-heading">
      <h2 id="wz-coin-heading" className="wz-heading">Choose Payment Method</h2>
      <div className="wz-coins" role="radiogroup" aria-label="Cryptocurrency">
        {coins.map(({ symbol, name, network, networkText }) => (
          <button key={symbol} type="button" role="radio" aria-checked={symbol === selected} className="wz-row wz-coin" onClick={() => onSelect(symbol)}>
            <span className={`wz-coin-mark wz-coin-${network}`} aria-hidden="true">
              {symbol.slice(0, 4)}
            </span>
            <span className="wz-row-title">
              {symbol}
              <small>{name}</small>
              <small>{networkText}</small>
            </span>
            <span className="wz-check" aria-hidden="true">
              ✓
            </span>
          </button>
        ))}
      </div>
      <div className="wz-summary wz-pay-total" aria-live="polite">
        <span>Total to pay</span>
        <strong>{selected && cryptoAmount ? `${cryptoAmount} ${selected}` : totalCents !== undefined && (!selected || cryptoAmount === null) ? formatUsd(totalCents) : 'Calculating...'}</strong>
        {selected && cryptoAmount && totalCents !== undefined && <small>≈ {formatUsd(totalCents)} USD</small>}
      </div>
      {children}
    </section>
  );
}
