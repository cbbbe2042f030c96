/** The coins we accept and the networks they travel on (DESIGN.md section 5). */

export const NETWORKS = ['ethereum', 'bsc', 'polygon'] as const;
export type TNetwork = (typeof NETWORKS)[number];

export const NETWORK_LABELS: Record<TNetwork, string> = {
  ethereum: 'Ethereum',
  bsc: 'Binance Smart Chain',
  polygon: 'Polygon',
};

export const COIN_SYMBOLS = ['USDT', 'USDT-BEP20', 'ETH', 'USDC', 'MATIC', 'BNB'] as const;
export type TCoinSymbol = (typeof COIN_SYMBOLS)[number];

export interface TCoin {
  symbol: TCoinSymbol;
  /** Name in the payment list (spec section 2, compact wizard step 4). */
  name: string;
  network: TNetwork;
  kind: 'native' | 'token';
  /** Base units per whole coin, as a power of ten. */
  decimals: number;
  /** Pegged 1:1 to the US dollar: priced without a feed. */
  stable: boolean;
}

export const COINS: Record<TCoinSymbol, TCoin> = {
  USDT: { symbol: 'USDT', name: 'Tether USDT (ERC-20)', network: 'ethereum', kind: 'token', decimals: 6, stable: true },
  'USDT-BEP20': { symbol: 'USDT-BEP20', name: 'Tether USDT (BEP-20)', network: 'bsc', kind: 'token', decimals: 18, stable: true },
  ETH: { symbol: 'ETH', name: 'Ethereum (ETH)', network: 'ethereum', kind: 'native', decimals: 18, stable: false },
  USDC: { symbol: 'USDC', name: 'USD Coin (USDC)', network: 'ethereum', kind: 'token', decimals: 6, stable: true },
  MATIC: { symbol: 'MATIC', name: 'Polygon (MATIC)', network: 'polygon', kind: 'native', decimals: 18, stable: false },
  BNB: { symbol: 'BNB', name: 'Binance Coin (BNB)', network: 'bsc', kind: 'native', decimals: 18, stable: false },
};

export const DEFAULT_COIN: TCoinSymbol = 'USDT';

/** The network label the compact flow shows under a coin. */
export function networkLabel(symbol: string): string {
  const coin = COINS[symbol as TCoinSymbol];
  return coin ? NETWORK_LABELS[coin.network] : 'Blockchain';
}
