import './payment-choice.css';
import { useEffect, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TCoinSymbol, TPaymentAsset, TPaymentOptionsResponse } from '@topup/shared';
import { assetOf, chooseAsset, countText, feeText, preselectedCoin } from '../../../shared/src/payment-choice';
import { paymentOptionsQuery } from '../api/queries';
import { useI18n } from '../i18n/I18n';

/**
 * Coin, then network, for the site's /recharge and /app and the mini-app: the coins the server offers
 * (GET /api/payment-options, so a network switched off there is not offered), then the networks of
 * the coin chosen, cheapest first, each with its typical network fee and its time to count. The rules
 * and words are shared/src/payment-choice.ts' (the bot's too); what is chosen is a coin's symbol.
 * Loaded with the coin step, not with a surface's first screen.
 */

/** The payment options, and the coin preselected while none is chosen (the default coin's asset on its cheapest network). */
export function usePaymentOptions(selected: TCoinSymbol | null, preselect: (coin: TCoinSymbol) => void): TPaymentOptionsResponse | undefined {
  const options = useQuery(paymentOptionsQuery()).data;
  const preselected = options ? preselectedCoin(options) : null;
  useEffect(() => {
    if (selected === null && preselected) preselect(preselected);
  }, [selected, preselected, preselect]);
  return options;
}

/** A coin's mark: its ticker on its colour. */
export function CoinMark({ asset, small = false }: { asset: string; small?: boolean }) {
  return (
    <span className={`wz-coin-mark wz-coin-${asset.toLowerCase()}${small ? ' wz-coin-mark-small' : ''}`} aria-hidden="true">
      {asset.slice(0, 4)}
    </span>
  );
}

/** The coins (USDT, USDC, ETH, BNB, POL) as tiles; picking one chooses its cheapest network. */
function AssetChoice({ options, selected, onSelect }: { options: TPaymentOptionsResponse; selected: TCoinSymbol | null; onSelect(coin: TCoinSymbol): void }) {
  const { web } = useI18n();
  const current = assetOf(options, selected);
  return (
    <div className="wz-assets" role="radiogroup" aria-label={web.cryptocurrency}>
      {options.assets.map((a) => (
        <button key={a.asset} type="button" role="radio" aria-checked={a === current} className="wz-asset" onClick={() => onSelect(chooseAsset(a, selected))}>
          <CoinMark asset={a.asset} />
          <span className="wz-asset-name">
            {a.asset}
            <small>{a.name}</small>
          </span>
        </button>
      ))}
    </div>
  );
}

/**
 * The networks of one coin, cheapest first, each with the coin's symbol, name and network (the spec's
 * names for its six coins), its typical fee for one transfer and its time to count. A coin on one
 * network shows that one, chosen.
 */
export function NetworkChoice({ asset, selected, onSelect }: { asset: TPaymentAsset; selected: TCoinSymbol | null; onSelect(coin: TCoinSymbol): void }) {
  const { common, web } = useI18n();
  const words = web.pay.choiceWords;
  const label = useId();
  return (
    <div className="wz-networks">
      <p className="wz-label" id={label}>
        {common.labels.network} <small>{web.pay.cheapestFirst}</small>
      </p>
      <div className="wz-coins" role="radiogroup" aria-labelledby={label}>
        {asset.networks.map((n) => (
          <button key={n.symbol} type="button" role="radio" aria-checked={n.symbol === selected} className="wz-row wz-coin" onClick={() => onSelect(n.symbol)}>
            <span className="wz-row-title">
              {n.networkLabel}
              <small>
                {n.symbol} · {n.name} · {n.networkText}
              </small>
            </span>
            <span className="wz-row-after">
              <span className="wz-network-fee">{feeText(n.typicalFee, words)}</span>
              <span>{countText(n.timeToCountSeconds, words)}</span>
            </span>
            <span className="wz-check" aria-hidden="true">
              ✓
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** Coin tiles, then the chosen coin's networks. */
export function CoinNetworkChoice({
  selected,
  onSelect,
  onPreselect,
}: {
  selected: TCoinSymbol | null;
  onSelect(coin: TCoinSymbol): void;
  onPreselect(coin: TCoinSymbol): void;
}) {
  const { web } = useI18n();
  const options = usePaymentOptions(selected, onPreselect);
  if (!options) return <div className="wz-skeleton wz-choice-loading" role="status" aria-label={web.pay.loadingCoins} />;
  const asset = assetOf(options, selected);
  return (
    <>
      <AssetChoice options={options} selected={selected} onSelect={onSelect} />
      {asset && <NetworkChoice asset={asset} selected={selected} onSelect={onSelect} />}
    </>
  );
}
