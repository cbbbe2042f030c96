import type { PriceAnswer, PriceFeed, PricePoint, VolatileCoin } from './price-feed';

/**
 * Two independent sources must agree before a coin is priced, so that a single bad feed cannot
 * under-price an order. Per coin: both prices within `maxDivergenceBps` of the lower one -> the lower
 * price counts (the customer is asked for the larger amount, never less than either source says) as of
 * the older update; further apart -> the coin is refused with a reason; a coin one source lacks is left
 * out (its last agreed price ages until it is refused for age).
 */
export class AgreedPriceFeed implements PriceFeed {
  readonly name: string;

  constructor(
    private readonly primary: PriceFeed,
    private readonly check: PriceFeed,
    private readonly maxDivergenceBps: number,
  ) {
    this.name = `${primary.name}, checked against ${check.name}`;
  }

  async fetchPrices(coins: readonly VolatileCoin[]): Promise<PriceAnswer> {
    const [primary, check] = await Promise.all([this.primary.fetchPrices(coins), this.check.fetchPrices(coins)]);
    const answer: Required<PriceAnswer> = { prices: {}, refused: { ...primary.refused, ...check.refused } };
    for (const coin of coins) {
      const a = primary.prices[coin];
      const b = check.prices[coin];
      if (!a || !b) continue;
      if (divergenceExceeds(a.usdE8, b.usdE8, this.maxDivergenceBps)) {
        answer.refused[coin] =
          `The price of ${coin} differs between our price sources right now (${this.primary.name} and ${this.check.name}), ` +
          'so it cannot be quoted safely. Please try again in a few minutes or pay with USDT or USDC.';
        continue;
      }
      answer.prices[coin] = lower(a, b);
    }
    return answer;
  }
}

function divergenceExceeds(a: bigint, b: bigint, maxBps: number): boolean {
  const [low, high] = a < b ? [a, b] : [b, a];
  return (high - low) * 10_000n > BigInt(maxBps) * low;
}

function lower(a: PricePoint, b: PricePoint): PricePoint {
  return { usdE8: a.usdE8 < b.usdE8 ? a.usdE8 : b.usdE8, updatedAt: a.updatedAt < b.updatedAt ? a.updatedAt : b.updatedAt };
}
