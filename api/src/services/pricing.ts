import type { Logger } from 'pino';
import { CHAINS, centsToCryptoUnits, PRICE_SCALE, type ChainRegistry, type TCoinSymbol } from '@topup/shared';
import { AppError } from './errors';
import type { PriceFeed, PricePoint, VolatileCoin } from './price-feed';

export interface Quote {
  coin: TCoinSymbol;
  cents: number;
  units: bigint;
  decimals: number;
  usdE8: bigint;
  source: string;
  priceUpdatedAt: Date;
}

const UNAVAILABLE = 'Crypto prices are unavailable right now. Please try again in a moment or pay with USDT or USDC.';

/**
 * Converts US cents to crypto. Stablecoins are 1:1 with USD; the others use the feed's price of their
 * asset (ETH on any network is priced as ETH), asked at most once per `cacheMs`. Each asset's price
 * stands alone: one missing from an answer keeps its last price, which ages on its own, and a price
 * older than `maxAgeMs` is refused rather than used.
 */
export class PricingService {
  private readonly points = new Map<VolatileCoin, PricePoint>();
  /** Coins the feed refused to price in its last answer, with the reason for the customer. */
  private readonly refused = new Map<VolatileCoin, string>();
  private fetchedAt = -Infinity;
  private inflight: Promise<void> | undefined;

  constructor(
    private readonly feed: PriceFeed,
    private readonly opts: { registry?: ChainRegistry; cacheMs: number; maxAgeMs: number; now?: () => number; log?: Logger },
  ) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  /** `symbol` may be a former symbol (MATIC): the quote names the coin as it is now (POL). */
  async quote(symbol: TCoinSymbol, cents: number): Promise<Quote> {
    const { symbol: coin, decimals, stable, asset } = this.coin(symbol);
    if (stable) {
      return {
        coin,
        cents,
        decimals,
        usdE8: PRICE_SCALE,
        units: centsToCryptoUnits(cents, PRICE_SCALE, decimals),
        source: 'USD peg',
        priceUpdatedAt: new Date(this.now()),
      };
    }
    const point = await this.price(asset);
    return {
      coin,
      cents,
      decimals,
      usdE8: point.usdE8,
      units: centsToCryptoUnits(cents, point.usdE8, decimals),
      source: this.feed.name,
      priceUpdatedAt: point.updatedAt,
    };
  }

  /** USD per whole coin × 1e8, now. */
  async usdE8(symbol: TCoinSymbol): Promise<bigint> {
    const coin = this.coin(symbol);
    return coin.stable ? PRICE_SCALE : (await this.price(coin.asset)).usdE8;
  }

  private get registry(): ChainRegistry {
    return this.opts.registry ?? CHAINS;
  }

  private coin(symbol: TCoinSymbol) {
    const coin = this.registry.coin(symbol);
    if (!coin) throw new AppError('VALIDATION_ERROR', `cryptocurrency must be one of ${this.registry.coins.map((c) => c.symbol).join(', ')}`);
    return coin;
  }

  private async price(asset: VolatileCoin): Promise<PricePoint> {
    if (this.now() - this.fetchedAt >= this.opts.cacheMs) {
      this.inflight ??= this.refresh().finally(() => (this.inflight = undefined));
      await this.inflight;
    }
    const refusal = this.refused.get(asset);
    if (refusal) throw new AppError('PRICE_UNAVAILABLE', refusal);
    const point = this.points.get(asset);
    if (!point || this.now() - point.updatedAt.getTime() > this.opts.maxAgeMs) throw new AppError('PRICE_UNAVAILABLE', UNAVAILABLE);
    return point;
  }

  private async refresh(): Promise<void> {
    try {
      const assets = this.registry.pricedAssets();
      const answer = await this.feed.fetchPrices(assets);
      for (const coin of assets) {
        const point = answer.prices[coin];
        const refusal = answer.refused?.[coin];
        if (refusal) {
          this.refused.set(coin, refusal);
          this.points.delete(coin);
        } else if (point) {
          this.refused.delete(coin);
          this.points.set(coin, point);
        }
      }
    } catch (err) {
      // The feed is down: each coin keeps its last price, and the age check decides whether it may be used.
      this.opts.log?.warn({ err, feed: this.feed.name }, 'price feed unavailable; keeping the last prices while they are fresh enough');
    }
    // Also after a failure, so a feed that is down is asked again only once per cache period.
    this.fetchedAt = this.now();
  }
}
