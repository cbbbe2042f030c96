import { CHAINS, parseUnits, type TCoinSymbol } from '@topup/shared';

/** Coins that need a market price (the stablecoins are 1:1 with USD): the registry's. */
export type VolatileCoin = TCoinSymbol;
export const VOLATILE_COINS: VolatileCoin[] = CHAINS.coins.filter((c) => !c.stable).map((c) => c.symbol);

export interface PriceSnapshot {
  /** USD per whole coin × 1e8. */
  usdE8: Partial<Record<VolatileCoin, bigint>>;
  /** When the source last updated its prices. */
  updatedAt: Date;
}

export interface PriceFeed {
  readonly name: string;
  fetchPrices(): Promise<PriceSnapshot>;
}

/** The embedded default: a fixed table, so quotes are reproducible without a network. Not a market price. */
export class FixedPriceFeed implements PriceFeed {
  readonly name = 'fixed development price table';
  constructor(private readonly table: Record<VolatileCoin, string> = { ETH: '3000', BNB: '600', MATIC: '0.5' }) {}

  async fetchPrices(): Promise<PriceSnapshot> {
    const usdE8 = Object.fromEntries(Object.entries(this.table).map(([c, price]) => [c, parseUnits(price, 8)!]));
    return { usdE8, updatedAt: new Date() };
  }
}

/** CoinGecko's public simple-price endpoint. MATIC became POL on Polygon; its id is the POL token's. */
const COINGECKO_IDS: Record<VolatileCoin, string | undefined> = { ETH: 'ethereum', BNB: 'binancecoin', MATIC: 'polygon-ecosystem-token' };

export class CoinGeckoPriceFeed implements PriceFeed {
  readonly name = 'CoinGecko';
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async fetchPrices(): Promise<PriceSnapshot> {
    const coins = [...Object.keys(COINGECKO_IDS).filter((c) => VOLATILE_COINS.includes(c)), ...VOLATILE_COINS.filter((c) => !(c in COINGECKO_IDS))];
    const ids = coins.flatMap((c) => COINGECKO_IDS[c] ?? []).join(',');
    const res = await this.fetchImpl(`${this.baseUrl}/simple/price?ids=${ids}&vs_currencies=usd&include_last_updated_at=true`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`CoinGecko answered ${res.status}`);
    const body = (await res.json()) as Record<string, { usd?: number; last_updated_at?: number } | undefined>;
    let oldest = Infinity;
    const usdE8: Record<VolatileCoin, bigint> = {};
    for (const coin of coins) {
      const id = COINGECKO_IDS[coin];
      const entry = id === undefined ? undefined : body[id];
      // The feed speaks floats; they become exact integers here, at the edge, and nowhere else.
      const price = entry?.usd !== undefined ? parseUnits(entry.usd.toFixed(8), 8) : null;
      if (!price || price <= 0n) throw new Error(`CoinGecko gave no USD price for ${coin}`);
      usdE8[coin] = price;
      oldest = Math.min(oldest, (entry?.last_updated_at ?? 0) * 1000);
    }
    return { usdE8, updatedAt: new Date(oldest) };
  }
}
