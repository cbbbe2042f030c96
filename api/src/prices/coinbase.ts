import { z } from 'zod';
import { ZNumberText, scaledDecimal } from '../outbound/json';
import type { PriceAnswer, PriceFeed, PricePoint, VolatileCoin } from '../services/price-feed';
import { getJson, trimSlash, type SourceOptions } from '../outbound/http';

/**
 * Coinbase's spot price, `GET /v2/prices/{BASE-USD}/spot` (docs.cdp.coinbase.com, "Data API - Prices":
 * no authentication). One request per coin, so a pair Coinbase does not list affects only that coin.
 * The answer carries no time: the price is as of the request.
 */
export const COINBASE_BASE_URL = 'https://api.coinbase.com';

/** Prices by asset: POL is Polygon's coin (MATIC before 2024). */
const PAIRS: Readonly<Record<VolatileCoin, string>> = { ETH: 'ETH-USD', BNB: 'BNB-USD', POL: 'POL-USD', TRX: 'TRX-USD', TON: 'TON-USD' };

const ZSpot = z.object({ data: z.object({ amount: ZNumberText, currency: z.literal('USD') }) });

export class CoinbasePriceFeed implements PriceFeed {
  readonly name = 'Coinbase';

  constructor(private readonly opts: Partial<SourceOptions> = {}) {}

  async fetchPrices(coins: readonly VolatileCoin[]): Promise<PriceAnswer> {
    const baseUrl = trimSlash(this.opts.baseUrl ?? COINBASE_BASE_URL);
    const answers = await Promise.allSettled(
      coins
        .filter((c) => PAIRS[c] !== undefined)
        .map(async (coin) => {
          const { data } = ZSpot.parse(await getJson(this.name, `${baseUrl}/v2/prices/${PAIRS[coin]}/spot`, {}, { baseUrl, ...this.opts }));
          return [coin, scaledDecimal(data.amount, 8)] as const;
        }),
    );
    const updatedAt = new Date();
    const prices: Partial<Record<VolatileCoin, PricePoint>> = {};
    for (const answer of answers) {
      if (answer.status === 'fulfilled' && answer.value[1] && answer.value[1] > 0n) prices[answer.value[0]] = { usdE8: answer.value[1], updatedAt };
    }
    const failure = answers.find((a) => a.status === 'rejected');
    if (Object.keys(prices).length === 0 && failure) throw failure.reason;
    return { prices };
  }
}
