import { z } from 'zod';
import { ZNumberText, scaledDecimal } from '../outbound/json';
import type { PriceAnswer, PriceFeed, PricePoint, VolatileCoin } from '../services/price-feed';
import { getJson, trimSlash, type SourceOptions } from '../outbound/http';

/**
 * CoinGecko's `/simple/price` (docs.coingecko.com). Without a key it is the keyless public API; a Demo
 * key goes in `x-cg-demo-api-key` on api.coingecko.com, a paid (Pro) key in `x-cg-pro-api-key` on
 * pro-api.coingecko.com: each key works only on its own root.
 */
type CoinGeckoPlan = 'demo' | 'pro';

export const COINGECKO_BASE_URLS: Record<CoinGeckoPlan, string> = {
  demo: 'https://api.coingecko.com/api/v3',
  pro: 'https://pro-api.coingecko.com/api/v3',
};
const KEY_HEADERS: Record<CoinGeckoPlan, string> = { demo: 'x-cg-demo-api-key', pro: 'x-cg-pro-api-key' };

/** Polygon's coin, POL (MATIC before 2024). */
const IDS: Readonly<Record<VolatileCoin, string>> = {
  ETH: 'ethereum',
  BNB: 'binancecoin',
  POL: 'polygon-ecosystem-token',
  TRX: 'tron',
  TON: 'the-open-network',
};

const ZAnswer = z.record(z.string(), z.object({ usd: ZNumberText.optional(), last_updated_at: ZNumberText.optional() }).nullish());

interface CoinGeckoOptions extends Partial<SourceOptions> {
  plan?: CoinGeckoPlan;
  apiKey?: string;
}

export class CoinGeckoPriceFeed implements PriceFeed {
  readonly name = 'CoinGecko';
  private readonly plan: CoinGeckoPlan;

  constructor(private readonly opts: CoinGeckoOptions = {}) {
    this.plan = opts.plan ?? 'demo';
  }

  async fetchPrices(coins: readonly VolatileCoin[]): Promise<PriceAnswer> {
    const baseUrl = trimSlash(this.opts.baseUrl ?? COINGECKO_BASE_URLS[this.plan]);
    // In our id order (one URL per set of coins, for caches); a coin without an id here is left out of
    // the answer, as a coin CoinGecko cannot price.
    const known = Object.keys(IDS).filter((c) => coins.includes(c));
    const ids = known.map((c) => IDS[c]).join(',');
    const headers: Record<string, string> = this.opts.apiKey ? { [KEY_HEADERS[this.plan]]: this.opts.apiKey } : {};
    const body = ZAnswer.parse(
      await getJson(this.name, `${baseUrl}/simple/price?ids=${ids}&vs_currencies=usd&include_last_updated_at=true`, headers, { baseUrl, ...this.opts }),
    );
    const prices: Partial<Record<VolatileCoin, PricePoint>> = {};
    for (const coin of known) {
      const entry = body[IDS[coin]!];
      const usdE8 = entry?.usd === undefined ? null : scaledDecimal(entry.usd, 8);
      // A coin left out (or priced at nothing) is just absent: the other coins' prices still stand.
      if (!usdE8 || usdE8 <= 0n) continue;
      const seconds = Number(entry?.last_updated_at ?? 0);
      prices[coin] = { usdE8, updatedAt: new Date(seconds * 1000) };
    }
    return { prices };
  }
}
