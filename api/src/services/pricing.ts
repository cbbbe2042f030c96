import { CHAINS, centsToCryptoUnits, PRICE_SCALE, type ChainRegistry, type TCoinSymbol } from '@topup/shared';
import { AppError } from '../http/errors';
import type { PriceFeed, PriceSnapshot } from './price-feed';

export interface Quote {
  coin: TCoinSymbol;
  cents: number;
  units: bigint;
  decimals: number;
  usdE8: bigint;
  source: string;
  priceUpdatedAt: Date;
}

/**
 * Converts US cents to crypto. Stablecoins are 1:1 with USD; the others use the feed, cached for
 * `cacheMs`, and a price older than `maxAgeMs` is refused rather than used.
 */
export class PricingService {
  private snapshot: PriceSnapshot | undefined;
  private fetchedAt = 0;
  private inflight: Promise<PriceSnapshot> | undefined;

  constructor(
    private readonly feed: PriceFeed,
    private readonly opts: { registry?: ChainRegistry; cacheMs: number; maxAgeMs: number; now?: () => number },
  ) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  async quote(coin: TCoinSymbol, cents: number): Promise<Quote> {
    const { decimals, stable } = this.coin(coin);
    if (stable) {
      return { coin, cents, decimals, usdE8: PRICE_SCALE, units: centsToCryptoUnits(cents, PRICE_SCALE, decimals), source: 'USD peg', priceUpdatedAt: new Date(this.now()) };
    }
    const snapshot = await this.prices();
    const usdE8 = priceOf(snapshot, coin);
    return { coin, cents, decimals, usdE8, units: centsToCryptoUnits(cents, usdE8, decimals), source: this.feed.name, priceUpdatedAt: snapshot.updatedAt };
  }

  /** USD per whole coin × 1e8, now. */
  async usdE8(coin: TCoinSymbol): Promise<bigint> {
    return this.coin(coin).stable ? PRICE_SCALE : priceOf(await this.prices(), coin);
  }

  private coin(symbol: TCoinSymbol) {
    const registry = this.opts.registry ?? CHAINS;
    const coin = registry.coin(symbol);
    if (!coin) throw new AppError('VALIDATION_ERROR', `cryptocurrency must be one of ${registry.coins.map((c) => c.symbol).join(', ')}`);
    return coin;
  }

  private async prices(): Promise<PriceSnapshot> {
    if (!this.snapshot || this.now() - this.fetchedAt >= this.opts.cacheMs) {
      try {
        this.inflight ??= this.feed.fetchPrices().finally(() => (this.inflight = undefined));
        this.snapshot = await this.inflight;
      } catch {
        // Keep the last snapshot: the age check below decides whether it may still be used.
      }
      // Also after a failure, so a feed that is down is asked again only once per cache period.
      this.fetchedAt = this.now();
    }
    if (!this.snapshot || this.now() - this.snapshot.updatedAt.getTime() > this.opts.maxAgeMs) {
      throw new AppError('PRICE_UNAVAILABLE', 'Crypto prices are unavailable right now. Please try again in a moment or pay with USDT or USDC.');
    }
    return this.snapshot;
  }
}

function priceOf(snapshot: PriceSnapshot, coin: TCoinSymbol): bigint {
  const price = snapshot.usdE8[coin];
  if (price === undefined) throw new AppError('PRICE_UNAVAILABLE', `No price for ${coin} right now. Please try again in a moment or pay with USDT or USDC.`);
  return price;
}
