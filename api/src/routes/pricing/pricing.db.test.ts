import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCryptoPriceResponse, ZPricingSettings } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';

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

describe('GET /api/pricing', () => {
  it('gives the fee and limits every flow shows', async () => {
    const res = await api.call('GET', '/api/pricing');
    expect(ZPricingSettings.parse(res.body)).toEqual({ serviceFee: 1, minAmount: 5, maxAmount: 500, maintenanceMode: false });
  });
});
