import { describe, expect, it } from 'vitest';
import { CoinGeckoPriceFeed, FixedPriceFeed, type PriceFeed, type PriceSnapshot } from './price-feed';
import { PricingService } from './pricing';

const E8 = 100_000_000n;

/** A feed whose snapshot and failures the test controls, counting its calls. */
class ScriptedFeed implements PriceFeed {
  readonly name = 'scripted';
  calls = 0;
  constructor(public next: () => PriceSnapshot) {}
  async fetchPrices() {
    this.calls += 1;
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
      return { usdE8: { ETH: 3000n * E8, BNB: 600n * E8, MATIC: E8 / 2n }, updatedAt: new Date(now) };
    });
    const pricing = new PricingService(feed, { cacheMs: 60_000, maxAgeMs: 300_000, now: () => now });
    expect((await pricing.quote('ETH', 1100)).units).toBe(3_666_670_000_000_000n);
    await pricing.quote('BNB', 1100);
    expect(feed.calls).toBe(1);

    fail = true;
    now += 120_000; // stale cache, feed down: the last price is still young enough
    expect((await pricing.quote('MATIC', 100)).units).toBe(2n * 10n ** 18n);
    now += 300_000; // now too old
    await expect(pricing.quote('ETH', 1100)).rejects.toMatchObject({ code: 'PRICE_UNAVAILABLE' });
  });

  it('the fixed development table is named as such', async () => {
    const feed = new FixedPriceFeed();
    expect(feed.name).toContain('development');
    expect((await feed.fetchPrices()).usdE8.ETH).toBe(3000n * E8);
  });

  it('reads CoinGecko simple prices into exact integers, and refuses a missing one', async () => {
    const body = { ethereum: { usd: 3012.34, last_updated_at: 1_700_000_000 }, binancecoin: { usd: 612.5, last_updated_at: 1_700_000_100 }, 'polygon-ecosystem-token': { usd: 0.4321, last_updated_at: 1_700_000_050 } };
    let url = '';
    const fetchStub = (async (input: string) => {
      url = input;
      return new Response(JSON.stringify(body), { status: 200 });
    }) as unknown as typeof fetch;
    const snapshot = await new CoinGeckoPriceFeed('https://prices.test/api/v3', fetchStub).fetchPrices();
    expect(url).toContain('ids=ethereum,binancecoin,polygon-ecosystem-token');
    expect(snapshot.usdE8).toEqual({ ETH: 301_234_000_000n, BNB: 61_250_000_000n, MATIC: 43_210_000n });
    expect(snapshot.updatedAt.getTime()).toBe(1_700_000_000_000);
    const partial = (async () => new Response(JSON.stringify({ ethereum: body.ethereum }), { status: 200 })) as unknown as typeof fetch;
    await expect(new CoinGeckoPriceFeed('https://prices.test', partial).fetchPrices()).rejects.toThrow(/BNB/);
  });
});
