import { describe, expect, it } from 'vitest';
import { asksNetwork, assetOf, chooseAsset, countText, feeText, networkOf, networkSummary, preselectedCoin } from './payment-choice';
import { formatUsdIn } from './i18n';
import { catalogFor } from './i18n/catalogs';
import type { TPaymentNetworkOption, TPaymentOptionsResponse } from './schemas/coins';

const network = (symbol: string, networkLabel: string, typicalFee: number | null, timeToCountSeconds: number): TPaymentNetworkOption => ({
  symbol,
  name: symbol,
  network: networkLabel.toLowerCase(),
  networkLabel,
  networkText: networkLabel,
  kind: 'token',
  decimals: 6,
  stable: true,
  chainId: 1,
  tokenContract: '0x0000000000000000000000000000000000000001',
  timeToCount: '',
  typicalFee,
  feeUpdatedAt: null,
  timeToCountSeconds,
});

/** As GET /api/payment-options answers: assets in the registry's order, networks cheapest first. */
const OPTIONS: TPaymentOptionsResponse = {
  assets: [
    {
      asset: 'USDT',
      name: 'Tether USDT',
      networks: [network('USDT-POLYGON', 'Polygon', 1, 30), network('USDT-BEP20', 'Binance Smart Chain', 4, 30), network('USDT', 'Ethereum', 87, 900)],
    },
    { asset: 'BNB', name: 'Binance Coin (BNB)', networks: [network('BNB', 'Binance Smart Chain', null, 30)] },
  ],
  defaultCoin: 'USDT',
};

describe('the coin-then-network choice', () => {
  it('says the fee of one transfer in dollars, and "unknown" while the server has none', () => {
    expect(feeText(1)).toBe('≈ $0.01 network fee');
    expect(feeText(87)).toBe('≈ $0.87 network fee');
    expect(feeText(null)).toBe('network fee unknown');
  });

  it('says how long a payment takes to count from the network’s seconds', () => {
    expect([30, 60, 90, 120, 600, 900].map((s) => countText(s))).toEqual([
      'under a minute',
      'under a minute',
      'about 2 minutes',
      'about 2 minutes',
      'about 10 minutes',
      'about 15 minutes',
    ]);
    expect(countText(80)).toBe('about a minute');
    expect(networkSummary(OPTIONS.assets[0]!.networks[0]!)).toBe('Polygon · ≈ $0.01 network fee · under a minute');
  });

  it('speaks the words it is given (the bot’s languages), dollars written as the language writes them', () => {
    const fr = catalogFor('fr').bot.choiceWords;
    expect(networkSummary(OPTIONS.assets[0]!.networks[2]!, fr)).toBe('Ethereum · ≈ 0,87\u00a0$US de frais de réseau · environ 15 minutes');
    expect(feeText(null, fr)).toBe('frais de réseau inconnus');
    for (const locale of ['es', 'pt'] as const) {
      const fee = feeText(87, catalogFor(locale).bot.choiceWords);
      expect(fee).toContain(formatUsdIn(locale, 87));
      expect(fee).not.toContain('$0.87');
    }
  });

  it('preselects the default coin’s asset on its cheapest network, not the default coin’s own network', () => {
    expect(preselectedCoin(OPTIONS)).toBe('USDT-POLYGON');
    expect(preselectedCoin({ ...OPTIONS, defaultCoin: 'BNB' })).toBe('BNB');
    // A default that is not offered: the first asset.
    expect(preselectedCoin({ ...OPTIONS, defaultCoin: null })).toBe('USDT-POLYGON');
    expect(preselectedCoin({ assets: [], defaultCoin: null })).toBeNull();
  });

  it('picks an asset’s cheapest network, and keeps the network already chosen when the same asset is picked again', () => {
    const usdt = OPTIONS.assets[0]!;
    const bnb = OPTIONS.assets[1]!;
    expect(chooseAsset(usdt, null)).toBe('USDT-POLYGON');
    expect(chooseAsset(usdt, 'BNB')).toBe('USDT-POLYGON');
    expect(chooseAsset(usdt, 'USDT')).toBe('USDT');
    expect(asksNetwork(usdt)).toBe(true);
    expect(asksNetwork(bnb)).toBe(false);
  });

  it('finds a coin’s asset and network, and nothing for a coin not offered', () => {
    expect(assetOf(OPTIONS, 'USDT-BEP20')?.asset).toBe('USDT');
    expect(networkOf(OPTIONS, 'USDT-BEP20')?.networkLabel).toBe('Binance Smart Chain');
    expect(networkOf(OPTIONS, 'USDC')).toBeUndefined();
    expect(assetOf(OPTIONS, null)).toBeUndefined();
  });
});
