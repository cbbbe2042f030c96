import { CHAINS, parseUnits } from '@topup/shared';

/**
 * What needs a market price: an asset of the registry that is not a stablecoin (ETH, BNB, POL). Prices
 * are per asset, so ETH on Base costs what ETH costs.
 */
export type VolatileCoin = string;
export const VOLATILE_COINS: VolatileCoin[] = CHAINS.pricedAssets();

export interface PricePoint {
  /** USD per whole coin × 1e8. */
  usdE8: bigint;
  /** When the source last updated this price. */
  updatedAt: Date;
}

/**
 * A source's answer, keyed by asset. Each coin stands alone: a coin the source could not price is
 * simply absent (the others still count), and a coin it refuses to price carries the reason, shown to
 * the customer.
 */
export interface PriceAnswer {
  prices: Partial<Record<VolatileCoin, PricePoint>>;
  refused?: Partial<Record<VolatileCoin, string>>;
}

export interface PriceFeed {
  readonly name: string;
  /** Throws only when nothing at all could be read (the source is down). */
  fetchPrices(coins: readonly VolatileCoin[]): Promise<PriceAnswer>;
}

/** The embedded default: a fixed table, so quotes are reproducible without a network. Not a market price. */
export class FixedPriceFeed implements PriceFeed {
  readonly name = 'fixed development price table';
  constructor(private readonly table: Readonly<Record<VolatileCoin, string>> = { ETH: '3000', BNB: '600', POL: '0.5', TRX: '0.3', TON: '3' }) {}

  async fetchPrices(coins: readonly VolatileCoin[]): Promise<PriceAnswer> {
    const updatedAt = new Date();
    // A coin the table does not list is absent from the answer, as a source that cannot price it.
    return { prices: Object.fromEntries(coins.flatMap((c) => (this.table[c] ? [[c, { usdE8: parseUnits(this.table[c], 8)!, updatedAt }]] : []))) };
  }
}
