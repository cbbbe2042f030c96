import type { Config } from '../config';
import { FixedPriceFeed, type PriceFeed } from '../services/price-feed';
import { AgreedPriceFeed } from '../services/price-agreement';
import { CoinbasePriceFeed } from './coinbase';
import { CoinGeckoPriceFeed } from './coingecko';

/** The configured price feed: the fixed development table, or CoinGecko checked against a second source. */
export function createPriceFeed(prices: Config['prices']): PriceFeed {
  if (prices.feed === 'fixed') return new FixedPriceFeed();
  const coingecko = new CoinGeckoPriceFeed({ plan: prices.coingecko.plan, apiKey: prices.coingecko.apiKey, baseUrl: prices.coingecko.url });
  if (prices.check.source === 'none') return coingecko;
  return new AgreedPriceFeed(coingecko, new CoinbasePriceFeed({ baseUrl: prices.check.url }), prices.maxDivergenceBps);
}
