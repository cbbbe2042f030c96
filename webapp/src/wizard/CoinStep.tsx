import type { ReactNode } from 'react';
import type { TCoinSymbol } from '@topup/shared';
import { COIN_SYMBOLS, COINS, formatUsd } from '../shared';

/** Spec section 3, crypto options: symbol, name, network. */
export const COIN_NETWORKS: Record<TCoinSymbol, string> = {
  USDT: 'Ethereum ERC-20',
  'USDT-BEP20': 'Binance Smart Chain BEP-20',
  ETH: 'Ethereum Network',
  USDC: 'Ethereum ERC-20',
  MATIC: 'Polygon Network',
  BNB: 'BSC Network',
};

export interface CoinStepProps {
  selected: TCoinSymbol | null;
  onSelect(symbol: TCoinSymbol): void;
  /** Total to pay in USD cents. */
  totalCents: number;
  /** The quote for the chosen coin: undefined while loading, null when it failed. */
  cryptoAmount: string | null | undefined;
  coins?: readonly TCoinSymbol[];
  /** Surface-specific fields (an e-mail, say) and actions go below the list. */
  children?: ReactNode;
}

/** Coin choice: the six coins with symbol, name and network, and the total in the chosen coin. */
export function CoinStep({ selected, onSelect, totalCents, cryptoAmount, coins = COIN_SYMBOLS, children }: CoinStepProps) {
  return (
    <section className="wz-step" aria-labelledby="wz-coin-heading">
      <h2 id="wz-coin-heading" className="wz-heading">Choose Payment Method</h2>
      <div className="wz-coins" role="radiogroup" aria-label="Cryptocurrency">
        {coins.map((symbol) => (
          <button key={symbol} type="button" role="radio" aria-checked={symbol === selected} className="wz-row wz-coin" onClick={() => onSelect(symbol)}>
            <span className={`wz-coin-mark wz-coin-${COINS[symbol].network}`} aria-hidden="true">
              {symbol.slice(0, 4)}
            </span>
            <span className="wz-row-title">
              {symbol}
              <small>{COINS[symbol].name}</small>
              <small>{COIN_NETWORKS[symbol]}</small>
            </span>
            <span className="wz-check" aria-hidden="true">
              ✓
            </span>
          </button>
        ))}
      </div>
      <div className="wz-summary wz-pay-total" aria-live="polite">
        <span>Total to pay</span>
        <strong>
          {!selected ? formatUsd(totalCents) : cryptoAmount === undefined ? 'Calculating...' : cryptoAmount === null ? formatUsd(totalCents) : `${cryptoAmount} ${selected}`}
        </strong>
        {selected && cryptoAmount && <small>≈ {formatUsd(totalCents)} USD</small>}
      </div>
      {children}
    </section>
  );
}
