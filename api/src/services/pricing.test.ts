import { describe, expect, it } from 'vitest';
import { FixedPriceFeed, VOLATILE_COINS, type PriceAnswer, type PriceFeed } from './price-feed';
import { PricingService } from './pricing';

const E8 = 100_000_000n;

/** A feed whose answers and failures the test controls, counting its calls. */
class ScriptedFeed implements PriceFeed {
  readonly name = 'scripted';
  calls = 0;
  /** The assets of each call. */
  readonly asked: string[][] = [];
  constructor(public next: () => PriceAnswer) {}
  async fetchPrices(assets: readonly string[]) {
    this.calls += 1;
    this.asked.push([...assets]);
    return this.next();
  }
}

describe('pricing', () => {
  it('prices stablecoins 1:1 without the feed, exactly', async () => {
    const feed = new ScriptedFeed(() => {
      throw new Error('not called');
    });
    const pricing = new PricingService(feed, { cacheMs: 1000, maxAgeMs: 1000 });
    expect((await pricing.quote('USDT', 1100)).units).toBe(11_000_000n);
    expect((await pricing.quote('USDT-BEP20', 1100)).units).toBe(11n * 10n ** 18n);
    expect(feed.calls).toBe(0);
  });

  it('caches the feed for cacheMs and refuses a price older than maxAgeMs', async () => {
    let now = 1_000_000;
    let fail = false;
    const feed = new ScriptedFeed(() => {
      if (fail) throw new Error('feed down');
      const updatedAt = new Date(now);
      return { prices: { ETH: { usdE8: 3000n * E8, updatedAt }, BNB: { usdE8: 600n * E8, updatedAt }, POL: { usdE8: E8 / 2n, updatedAt } } };
    });
    const pricing = new PricingService(feed, { cacheMs: 60_000, maxAgeMs: 300_000, now: () => now });
    expect((await pricing.quote('ETH', 1100)).units).toBe(3_666_670_000_000_000n);
    await pricing.quote('BNB', 1100);
    expect(feed.calls).toBe(1);

    fail = true;
    now += 120_000; // stale cache, feed down: the last price is still young enough
    expect((await pricing.quote('POL', 100)).units).toBe(2n * 10n ** 18n);
    expect(feed.calls).toBe(2);
    now += 300_000; // now too old
    await expect(pricing.quote('ETH', 1100)).rejects.toMatchObject({ code: 'PRICE_UNAVAILABLE' });
  });

  it('keeps each coin on its own: a coin the feed leaves out ages alone, a refused coin says why', async () => {
    let now = 1_000_000;
    let answer: () => PriceAnswer = () => ({
      prices: { ETH: { usdE8: 3000n * E8, updatedAt: new Date(now) }, BNB: { usdE8: 600n * E8, updatedAt: new Date(now) } },
    });
    const pricing = new PricingService(new ScriptedFeed(() => answer()), { cacheMs: 60_000, maxAgeMs: 300_000, now: () => now });
    await expect(pricing.quote('POL', 100)).rejects.toMatchObject({ code: 'PRICE_UNAVAILABLE' });
    expect((await pricing.quote('ETH', 1100)).usdE8).toBe(3000n * E8);

    answer = () => ({ prices: { ETH: { usdE8: 3100n * E8, updatedAt: new Date(now) } }, refused: { POL: 'POL: the sources disagree' } });
    now += 400_000;
    expect((await pricing.quote('ETH', 1100)).usdE8).toBe(3100n * E8);
    await expect(pricing.quote('BNB', 1100)).rejects.toMatchObject({ code: 'PRICE_UNAVAILABLE' });
    await expect(pricing.quote('POL', 100)).rejects.toThrow('POL: the sources disagree');
  });

  it('prices a coin by its asset (ETH on Base and Arbitrum is ETH) and names MATIC as the coin it is now, POL', async () => {
    const updatedAt = new Date();
    const feed = new ScriptedFeed(() => ({ prices: { ETH: { usdE8: 2500n * E8, updatedAt }, POL: { usdE8: E8 / 4n, updatedAt } } }));
    const pricing = new PricingService(feed, { cacheMs: 60_000, maxAgeMs: 300_000 });
    for (const coin of ['ETH', 'ETH-BASE', 'ETH-ARBITRUM'])
      expect(await pricing.quote(coin, 1000)).toMatchObject({ coin, usdE8: 2500n * E8, units: 4_000_000_000_000_000n });
    expect(await pricing.quote('MATIC', 100)).toMatchObject({ coin: 'POL', units: 4n * 10n ** 18n });
    expect(await pricing.quote('USDC-ARBITRUM', 1234)).toMatchObject({ coin: 'USDC-ARBITRUM', units: 12_340_000n, source: 'USD peg' });
    expect(feed.calls).toBe(1);
    expect(feed.asked).toEqual([['ETH', 'BNB', 'POL', 'TRX', 'TON']]);
  });

  it('the fixed development table is named as such', async () => {
    const feed = new FixedPriceFeed();
    expect(feed.name).toContain('development');
    expect((await feed.fetchPrices(VOLATILE_COINS)).prices.ETH?.usdE8).toBe(3000n * E8);
  });
});
