import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPriceDouble, type PriceDouble } from '../../test/price-double';
import { VOLATILE_COINS } from '../services/price-feed';
import { AgreedPriceFeed } from '../services/price-agreement';
import { PricingService } from '../services/pricing';
import { loadConfig } from '../config';
import { CoinbasePriceFeed, COINBASE_BASE_URL } from './coinbase';
import { CoinGeckoPriceFeed, COINGECKO_BASE_URLS } from './coingecko';
import { createPriceFeed } from '.';

const E8 = 100_000_000n;
let double: PriceDouble;

beforeEach(async () => {
  double = await startPriceDouble();
  double.coingecko = { ethereum: '3012.34', binancecoin: '612.5', 'polygon-ecosystem-token': '0.4321', tron: '0.2834', 'the-open-network': '3.105' };
  double.coinbase = { 'ETH-USD': '3013.10', 'BNB-USD': '611.95', 'POL-USD': '0.4318', 'TRX-USD': '0.2836', 'TON-USD': '3.11' };
});
afterEach(() => double.close());

/** A fetch that sends every request to the double, keeping path and query: for the default roots. */
function intoDouble(urls: string[]): typeof fetch {
  return (async (input: string, init?: RequestInit) => {
    urls.push(input);
    const url = new URL(input);
    return fetch(`${double.url}${url.pathname}${url.search}`, init);
  }) as typeof fetch;
}

describe('CoinGecko', () => {
  it('reads /simple/price into exact integers, keyless on the public root', async () => {
    double.coingecko.ethereum = '3012.123456789123';
    const answer = await new CoinGeckoPriceFeed({ baseUrl: `${double.url}/api/v3` }).fetchPrices(VOLATILE_COINS);
    expect(answer.prices).toEqual({
      ETH: { usdE8: 301_212_345_678n, updatedAt: new Date(double.coingeckoUpdatedAt * 1000) },
      BNB: { usdE8: 61_250_000_000n, updatedAt: new Date(double.coingeckoUpdatedAt * 1000) },
      POL: { usdE8: 43_210_000n, updatedAt: new Date(double.coingeckoUpdatedAt * 1000) },
      TRX: { usdE8: 28_340_000n, updatedAt: new Date(double.coingeckoUpdatedAt * 1000) },
      TON: { usdE8: 310_500_000n, updatedAt: new Date(double.coingeckoUpdatedAt * 1000) },
    });
    const [request] = double.requests;
    expect(request).toMatchObject({
      path: '/api/v3/simple/price',
      query: { ids: 'ethereum,binancecoin,polygon-ecosystem-token,tron,the-open-network', vs_currencies: 'usd', include_last_updated_at: 'true' },
    });
    expect(request!.headers['x-cg-demo-api-key']).toBeUndefined();
    expect(request!.headers['x-cg-pro-api-key']).toBeUndefined();
  });

  it('sends a Demo key as x-cg-demo-api-key to api.coingecko.com, a Pro key as x-cg-pro-api-key to pro-api.coingecko.com', async () => {
    const urls: string[] = [];
    await new CoinGeckoPriceFeed({ apiKey: 'demo-key', fetch: intoDouble(urls) }).fetchPrices(['ETH']);
    await new CoinGeckoPriceFeed({ plan: 'pro', apiKey: 'pro-key', fetch: intoDouble(urls) }).fetchPrices(['ETH']);
    expect(urls.map((u) => new URL(u).origin + new URL(u).pathname)).toEqual([
      'https://api.coingecko.com/api/v3/simple/price',
      'https://pro-api.coingecko.com/api/v3/simple/price',
    ]);
    expect(COINGECKO_BASE_URLS).toEqual({ demo: 'https://api.coingecko.com/api/v3', pro: 'https://pro-api.coingecko.com/api/v3' });
    const [demo, pro] = double.requests;
    expect(demo!.headers).toMatchObject({ 'x-cg-demo-api-key': 'demo-key' });
    expect(demo!.headers['x-cg-pro-api-key']).toBeUndefined();
    expect(pro!.headers).toMatchObject({ 'x-cg-pro-api-key': 'pro-key' });
    expect(pro!.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('one coin missing from the answer affects only that coin', async () => {
    let now = Date.now();
    double.coingeckoUpdatedAt = Math.floor(now / 1000);
    const pricing = new PricingService(new CoinGeckoPriceFeed({ baseUrl: `${double.url}/api/v3` }), { cacheMs: 60_000, maxAgeMs: 300_000, now: () => now });
    expect((await pricing.quote('BNB', 1100)).usdE8).toBe(61_250_000_000n);

    delete double.coingecko.binancecoin;
    now += 400_000;
    double.coingeckoUpdatedAt = Math.floor(now / 1000);
    expect((await pricing.quote('ETH', 1100)).usdE8).toBe(301_234_000_000n);
    expect((await pricing.quote('POL', 100)).usdE8).toBe(43_210_000n);
    await expect(pricing.quote('BNB', 1100)).rejects.toMatchObject({ code: 'PRICE_UNAVAILABLE' });
  });

  it('throws when the source is down, so the last prices age instead', async () => {
    double.failNext(429);
    await expect(new CoinGeckoPriceFeed({ baseUrl: `${double.url}/api/v3` }).fetchPrices(VOLATILE_COINS)).rejects.toThrow(/CoinGecko answered 429/);
  });
});

describe('Coinbase', () => {
  it('reads each asset’s keyless spot price on api.coinbase.com', async () => {
    const urls: string[] = [];
    const answer = await new CoinbasePriceFeed({ fetch: intoDouble(urls) }).fetchPrices(VOLATILE_COINS);
    expect(Object.fromEntries(Object.entries(answer.prices).map(([coin, p]) => [coin, p?.usdE8]))).toEqual({
      ETH: 301_310_000_000n,
      BNB: 61_195_000_000n,
      POL: 43_180_000n,
      TRX: 28_360_000n,
      TON: 311_000_000n,
    });
    expect(urls.sort()).toEqual(['ETH-USD', 'BNB-USD', 'POL-USD', 'TRX-USD', 'TON-USD'].map((pair) => `${COINBASE_BASE_URL}/v2/prices/${pair}/spot`).sort());
    for (const request of double.requests) expect(request.headers.authorization).toBeUndefined();
  });

  it('leaves out only the coin it cannot price, and throws when it can price none', async () => {
    delete double.coinbase['BNB-USD'];
    const feed = new CoinbasePriceFeed({ baseUrl: double.url });
    expect(Object.keys((await feed.fetchPrices(VOLATILE_COINS)).prices).sort()).toEqual(['ETH', 'POL', 'TON', 'TRX']);
    double.failNext(503, VOLATILE_COINS.length);
    await expect(feed.fetchPrices(VOLATILE_COINS)).rejects.toThrow(/Coinbase answered 503/);
  });
});

describe('two sources', () => {
  const agreed = (bps = 200) =>
    new AgreedPriceFeed(new CoinGeckoPriceFeed({ baseUrl: `${double.url}/api/v3` }), new CoinbasePriceFeed({ baseUrl: double.url }), bps);

  it('uses the lower price when the sources agree within the share', async () => {
    const answer = await agreed().fetchPrices(VOLATILE_COINS);
    expect(answer.prices.ETH?.usdE8).toBe(301_234_000_000n); // CoinGecko 3012.34 < Coinbase 3013.10
    expect(answer.prices.BNB?.usdE8).toBe(61_195_000_000n); // Coinbase 611.95 < CoinGecko 612.5
    expect(answer.prices.TRX?.usdE8).toBe(28_340_000n); // CoinGecko 0.2834 < Coinbase 0.2836
    expect(answer.refused).toEqual({});
  });

  it('refuses a coin whose sources disagree by more than the share: a bad feed cannot under-price an order', async () => {
    double.coingecko.ethereum = '30123.40'; // ten times too high: ETH orders would ask a tenth of the amount
    const pricing = new PricingService(agreed(), { cacheMs: 60_000, maxAgeMs: 300_000 });
    await expect(pricing.quote('ETH', 1100)).rejects.toMatchObject({
      code: 'PRICE_UNAVAILABLE',
      message: expect.stringContaining('differs between our price sources'),
    });
    expect((await pricing.quote('BNB', 1100)).usdE8).toBe(61_195_000_000n);
    // 3.5% apart: refused at 2%, accepted at 5%.
    double.coingecko.ethereum = '3118.59';
    expect((await agreed(200).fetchPrices(['ETH'])).refused?.ETH).toContain('ETH');
    expect((await agreed(500).fetchPrices(['ETH'])).prices.ETH?.usdE8).toBe(301_310_000_000n);
  });

  it('is what the configuration builds: CoinGecko checked against Coinbase, unless told otherwise', async () => {
    const prices = (env: Record<string, string>) =>
      loadConfig({ PRICE_FEED: 'coingecko', PRICE_FEED_URL: `${double.url}/api/v3`, PRICE_CHECK_URL: double.url, ...env }).prices;
    double.coingecko.ethereum = '3500';
    await expect(createPriceFeed(prices({})).fetchPrices(['ETH'])).resolves.toMatchObject({ prices: {}, refused: { ETH: expect.any(String) } });
    await expect(createPriceFeed(prices({ PRICE_MAX_DIVERGENCE_BPS: '2000' })).fetchPrices(['ETH'])).resolves.toMatchObject({
      prices: { ETH: { usdE8: 301_310_000_000n } },
    });
    await expect(createPriceFeed(prices({ PRICE_CHECK_SOURCE: 'none' })).fetchPrices(['ETH'])).resolves.toMatchObject({
      prices: { ETH: { usdE8: 3500n * E8 } },
    });
    expect(createPriceFeed(loadConfig({}).prices).name).toContain('development');
    expect(() => loadConfig({ PRICE_FEED: 'coingecko', COINGECKO_API_PLAN: 'pro' })).toThrow(/COINGECKO_API_KEY/);
  });
});
