import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCryptoPriceResponse, ZPricingSettings, ZPromotion, ZQuote } from '@topup/shared';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
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
    expect(ZCryptoPriceResponse.parse(eth.body)).toMatchObject({
      success: true,
      cryptoAmount: '0.00366667',
      cryptoAmountBaseUnits: '3666670000000000',
      price: 3000,
      decimals: 18,
    });
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
  it('gives the fee and limits every flow shows: dollars on the wire, cents once parsed', async () => {
    const res = await api.call('GET', '/api/pricing');
    expect(res.body).toEqual({ serviceFee: 1, minAmount: 5, maxAmount: 500, maintenanceMode: false, maintenanceMessage: null });
    expect(ZPricingSettings.parse(res.body)).toEqual({ serviceFee: 100, minAmount: 500, maxAmount: 50_000, maintenanceMode: false, maintenanceMessage: null });
  });
});

describe('GET /api/quote', () => {
  const quote = async (query: string) => api.call('GET', `/api/quote?${query}`);

  it('prices a recharge: the amount, the service fee, the total, and the total in the coin asked for', async () => {
    const res = await quote('amount=10&coin=USDT');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'recharge',
      amount: 10,
      serviceFee: 1,
      totalAmount: 11,
      crypto: { symbol: 'USDT', cryptoAmount: '11', cryptoAmountBaseUnits: '11000000', decimals: 6 },
    });
    expect(ZQuote.parse(res.body)).toMatchObject({ amount: 1000, serviceFee: 100, totalAmount: 1100 });
    // ETH at the fixed $3000: $11 rounded up to 8 decimals.
    expect((await quote('amount=10&coin=ETH')).body.crypto).toMatchObject({ symbol: 'ETH', cryptoAmount: '0.00366667', price: 3000 });
    // Without a coin: the dollars only.
    expect((await quote('amount=12.5')).body).toEqual({ kind: 'recharge', amount: 12.5, serviceFee: 1, totalAmount: 13.5, crypto: null, local: null });
  });

  it('charges what every promotion shown says: a promotion is the operator bonus, never a price the quote does not charge', async () => {
    const promotions = ZPromotion.array().parse((await api.call('GET', '/api/promotions')).body);
    expect(promotions.length).toBeGreaterThan(0);
    for (const p of promotions) {
      expect(p.discount, `promotion ${p.id}`).toBeNull();
      expect(`${p.title} ${p.description}`, `promotion ${p.id}`).not.toMatch(/% off|discount/i);
      // The operator's own quote is the plain one: $10 + the $1 fee.
      expect((await quote(`amount=10&operatorId=${p.operatorId}`)).body, `promotion ${p.id}`).toMatchObject({ amount: 10, serviceFee: 1, totalAmount: 11 });
    }
  });

  it('prices a balance top-up without a service fee', async () => {
    const res = await quote('amount=20&kind=balance_topup&coin=ETH');
    expect(res.body).toMatchObject({
      kind: 'balance_topup',
      amount: 20,
      serviceFee: 0,
      totalAmount: 20,
      crypto: { symbol: 'ETH', cryptoAmount: '0.00666667' },
    });
  });

  it('is what an order is charged, also after the fee setting changes', async () => {
    const recharge = { phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'ETH' };
    await api.services.settings.set('pricing', { serviceFeeCents: 250, minAmountCents: 500, maxAmountCents: 50_000 });
    try {
      const quoted = (await quote('amount=10&coin=ETH')).body;
      const order = await api.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 10 } });
      expect(order.status).toBe(201);
      expect(quoted).toMatchObject({
        amount: order.body.amount,
        serviceFee: 2.5,
        totalAmount: order.body.totalAmount,
        crypto: { cryptoAmount: order.body.cryptoAmount },
      });
      const topup = await api.call('POST', '/api/crypto-payment', { body: { phoneNumber: 'balance_topup', amount: 20, cryptoCurrency: 'USDT' } });
      expect((await quote('amount=20&kind=balance_topup&coin=USDT')).body).toMatchObject({
        serviceFee: topup.body.serviceFee,
        totalAmount: topup.body.totalAmount,
        crypto: { cryptoAmount: topup.body.cryptoAmount },
      });
    } finally {
      await api.services.settings.set('pricing', { serviceFeeCents: 100, minAmountCents: 500, maxAmountCents: 50_000 });
    }
  });

  it('says what the recipient gets in their currency, for an amount in dollars or typed in that currency', async () => {
    // MTN Cameroon (a range operator) at the sandbox's 600 XAF a dollar.
    expect((await quote('amount=10&operatorId=53')).body).toMatchObject({ amount: 10, totalAmount: 11, local: { amount: 6000, currencyCode: 'XAF' } });
    // 5,000 XAF typed: the API converts at the operator's rate, rounding the dollars up so the recipient gets at least that.
    const typed = await quote('localAmount=5000&operatorId=53&coin=USDT');
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({
      amount: 8.34,
      serviceFee: 1,
      totalAmount: 9.34,
      crypto: { symbol: 'USDT', cryptoAmount: '9.34' },
      local: { amount: 5004, currencyCode: 'XAF' },
    });
    // The order made for those dollars delivers what the quote said.
    const order = await api.call('POST', '/api/crypto-payment', {
      body: { phoneNumber: '671234567', operatorId: 53, countryId: 120, amount: typed.body.amount, cryptoCurrency: 'USDT' },
    });
    expect(order.status).toBe(201);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.body.orderId));
    expect({ localAmount: row!.localAmount, localCurrency: row!.localCurrency, totalAmount: order.body.totalAmount }).toEqual({
      localAmount: '5004',
      localCurrency: 'XAF',
      totalAmount: 9.34,
    });
    // A fixed-amount operator answers its denominations' own local amounts.
    expect((await quote('amount=10&operatorId=54')).body.local).toEqual({ amount: 6000, currencyCode: 'XAF' });
  });

  it('refuses a local amount it cannot price with a 400 that says why', async () => {
    const fixed = await quote('localAmount=3000&operatorId=54');
    expect([fixed.status, fixed.body.error.message]).toEqual([
      400,
      'localAmount: Orange Cameroon sells fixed amounts; choose one of them, or give the amount in US dollars',
    ]);
    const low = await quote('localAmount=2500&operatorId=53');
    expect([low.status, low.body.error.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
    const outside = await quote('amount=300&operatorId=53');
    expect([outside.status, outside.body.error.message]).toEqual([400, 'MTN Cameroon accepts amounts between $1.00 and $200.00.']);
    for (const query of [
      'localAmount=5000',
      'localAmount=5000&amount=10&operatorId=53',
      'localAmount=0&operatorId=53',
      'localAmount=1e4&operatorId=53',
      'localAmount=10&operatorId=999999',
    ]) {
      const res = await quote(query);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });

  it('refuses an amount outside the limits, a bad amount, kind or coin with a 400', async () => {
    const low = await quote('amount=4.99');
    expect(low.status).toBe(400);
    expect(low.body.error).toEqual({ code: 'AMOUNT_OUT_OF_RANGE', message: 'Amount must be between $5.00 and $500.00.' });
    for (const query of ['amount=abc', 'amount=10.001', 'amount=10&kind=gift', 'amount=10&coin=BTC', 'amount=10&coin=', 'coin=USDT']) {
      const res = await quote(query);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});
