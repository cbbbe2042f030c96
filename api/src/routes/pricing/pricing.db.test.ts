import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCryptoPriceResponse, ZPricingSettings } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { startPriceDouble } from '../../../test/price-double';
import { loadConfig } from '../../config';
import { createPriceFeed } from '../../prices';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('GET /api/crypto/prices', () => {
  it('converts a USD amount to each coin, at most 8 decimals', async () => {
    const eth = await api.call('GET', '/api/crypto/prices?amount=11&crypto=ETH');
    expect(eth.status).toBe(200);
    expect(ZCryptoPriceResponse.parse(eth.body)).toMatchObject({ success: true, cryptoAmount: '0.00366667', cryptoAmountBaseUnits: '3666670000000000', price: 3000, decimals: 18 });
    const usdt = await api.call('GET', '/api/crypto/prices?amount=10.5&crypto=USDT');
    expect(usdt.body).toMatchObject({ cryptoAmount: '10.5', decimals: 6, price: 1, priceSource: 'USD peg' });
  });

  it('refuses a bad amount or coin with a 400', async () => {
    for (const query of ['amount=abc&crypto=ETH', 'amount=1.001&crypto=ETH', 'amount=10&crypto=BTC', 'crypto=ETH', 'amount=10']) {
      const res = await api.call('GET', `/api/crypto/prices?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});

describe('GET /api/crypto/prices with market prices from two sources', () => {
  it('refuses a coin whose sources disagree with a clear 503, and quotes the others', async () => {
    const double = await startPriceDouble();
    double.coingecko = { ethereum: '30123.40', binancecoin: '612.5', 'polygon-ecosystem-token': '0.4321' };
    double.coinbase = { 'ETH-USD': '3013.10', 'BNB-USD': '611.95', 'POL-USD': '0.4318' };
    const prices = loadConfig({ PRICE_FEED: 'coingecko', PRICE_FEED_URL: `${double.url}/api/v3`, PRICE_CHECK_URL: double.url }).prices;
    const market = await startTestApi({ priceFeed: createPriceFeed(prices) });
    try {
      const eth = await market.call('GET', '/api/crypto/prices?amount=11&crypto=ETH');
      expect(eth.status).toBe(503);
      expect(eth.body.error).toEqual({ code: 'PRICE_UNAVAILABLE', message: expect.stringContaining('The price of ETH differs between our price sources') });
      const order = await market.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'ETH' } });
      expect(order.status).toBe(503);
      const bnb = await market.call('GET', '/api/crypto/prices?amount=11&crypto=BNB');
      expect(bnb.status).toBe(200);
      expect(bnb.body).toMatchObject({ price: 611.95, priceSource: 'CoinGecko, checked against Coinbase' });
    } finally {
      await market.close();
      await double.close();
    }
  });
});

describe('GET /api/pricing', () => {
  it('gives the fee and limits every flow shows', async () => {
    const res = await api.call('GET', '/api/pricing');
    expect(ZPricingSettings.parse(res.body)).toEqual({ serviceFee: 1, minAmount: 5, maxAmount: 500, maintenanceMode: false });
  });
});
