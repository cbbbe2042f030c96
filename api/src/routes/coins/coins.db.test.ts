import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZCoinsResponse, ZCryptoPriceResponse, ZPaymentOptionsResponse, ZPaymentStatus } from '@topup/shared';
import { orders } from '../../db/schema';
import { startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('GET /api/coins', () => {
  it('lists the spec’s six coins with their names and networks (Polygon’s as POL), USDT first as the default, then Polygon’s stablecoins, Tron’s and TON’s', async () => {
    api = await startTestApi();
    const res = await api.call('GET', '/api/coins');
    expect(res.status).toBe(200);
    const { coins, defaultCoin } = ZCoinsResponse.parse(res.body);
    expect(coins.map((c) => [c.symbol, c.name, c.networkText])).toEqual([
      ['USDT', 'Tether USDT (ERC-20)', 'Ethereum ERC-20'],
      ['USDT-BEP20', 'Tether USDT (BEP-20)', 'Binance Smart Chain BEP-20'],
      ['ETH', 'Ethereum (ETH)', 'Ethereum Network'],
      ['USDC', 'USD Coin (USDC)', 'Ethereum ERC-20'],
      ['POL', 'Polygon (POL)', 'Polygon Network'],
      ['BNB', 'Binance Coin (BNB)', 'BSC Network'],
      ['USDT-POLYGON', 'Tether USDT (Polygon)', 'Polygon PoS'],
      ['USDC-POLYGON', 'USD Coin (Polygon)', 'Polygon PoS'],
      ['USDT-TRON', 'Tether USDT (TRC-20)', 'Tron TRC-20'],
      ['TRX', 'Tron (TRX)', 'Tron Network'],
      ['USDT-TON', 'Tether USDT (TON)', 'TON jetton'],
      ['TON', 'Toncoin (TON)', 'TON Network'],
    ]);
    expect(coins.find((c) => c.symbol === 'USDT')).toMatchObject({ network: 'ethereum', networkLabel: 'Ethereum', kind: 'token', decimals: 6, chainId: 31337 });
    expect(defaultCoin).toBe('USDT');
  });

  it('leaves out the coins of a network switched off and a token without a contract; orders in them are refused', async () => {
    // Production's defaults, as far as coins go: no devnet, so each token has only the contract the registry or the settings give.
    api = await startTestApi({ env: { DEVNET: 'false', BSC_ENABLED: 'false', ETHEREUM_USDC_CONTRACT: '' } });
    const { coins } = ZCoinsResponse.parse((await api.call('GET', '/api/coins')).body);
    expect(coins.map((c) => c.symbol)).toEqual(['USDT', 'ETH', 'USDC', 'POL', 'USDT-POLYGON', 'USDC-POLYGON']);
    const order = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'BNB' } });
    expect(order.status).toBe(400);
    expect(order.body.error.message).toBe(
      'BNB payments are not available right now. Please choose another cryptocurrency (USDT, ETH, USDC, POL, USDT-POLYGON, USDC-POLYGON).',
    );
    const unknown = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'BTC' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('currency: cryptocurrency must be one of USDT, ETH, USDC, POL, USDT-POLYGON, USDC-POLYGON');
  });

  it('shows POL where MATIC was, and still takes MATIC from old clients', async () => {
    api = await startTestApi();
    const { coins } = ZCoinsResponse.parse((await api.call('GET', '/api/coins')).body);
    expect(coins.map((c) => c.symbol)).toContain('POL');
    expect(coins.map((c) => c.symbol)).not.toContain('MATIC');
    const price = await api.call('GET', '/api/crypto/prices?amount=11&crypto=MATIC');
    expect(price.status).toBe(200);
    expect(ZCryptoPriceResponse.parse(price.body)).toMatchObject({ crypto: 'POL', cryptoAmount: '22', price: 0.5 });
  });

  it('keeps orders made in MATIC readable as POL: a stored MATIC reads as POL, and the migration renames it', async () => {
    api = await startTestApi();
    const created = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'POL' } });
    const orderId = created.body.orderId as number;
    // As an order made before the rename was stored.
    await api.database.db.update(orders).set({ coin: 'MATIC' }).where(eq(orders.id, orderId));
    expect(ZPaymentStatus.parse((await api.call('GET', `/api/orders/${created.body.paymentId}/status`)).body)).toMatchObject({
      cryptocurrency: 'POL',
      network: 'polygon',
      cryptoAmount: '22',
    });
    const migration = fs.readFileSync(new URL('../../db/migrations/0010_pol.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await api.database.db.execute(sql.raw(statement));
    const [row] = await api.database.db.select({ coin: orders.coin }).from(orders).where(eq(orders.id, orderId));
    expect(row?.coin).toBe('POL');
  });

  it('offers Base and Arbitrum once switched on', async () => {
    api = await startTestApi({ env: { BASE_ENABLED: 'true', ARBITRUM_ENABLED: 'true' } });
    const { coins } = ZCoinsResponse.parse((await api.call('GET', '/api/coins')).body);
    expect(coins.slice(8, 13).map((c) => [c.symbol, c.networkLabel, c.chainId, c.timeToCount])).toEqual([
      ['USDC-BASE', 'Base', 31_340, 'about 2 minutes'],
      ['ETH-BASE', 'Base', 31_340, 'about 2 minutes'],
      ['USDC-ARBITRUM', 'Arbitrum One', 31_341, 'about 10 minutes'],
      ['USDT-ARBITRUM', 'Arbitrum One', 31_341, 'about 10 minutes'],
      ['ETH-ARBITRUM', 'Arbitrum One', 31_341, 'about 10 minutes'],
    ]);
  });
});

describe('GET /api/payment-options', () => {
  // Nodes that do not answer (a closed port): the fees are unknown, the answer is there at once.
  const noNodes = Object.fromEntries(['ETHEREUM', 'BSC', 'POLYGON', 'BASE', 'ARBITRUM', 'TRON', 'TON'].map((n) => [`${n}_RPC_URL`, 'http://127.0.0.1:9']));

  it('answers the coin first, then its networks, with unknown fees as null rather than an error', async () => {
    api = await startTestApi({ env: { ...noNodes, BASE_ENABLED: 'true', ARBITRUM_ENABLED: 'true' } });
    const first = await api.call('GET', '/api/payment-options');
    expect(first.status).toBe(200);
    await api.services.networkFees.settled();
    const { assets, defaultCoin } = ZPaymentOptionsResponse.parse((await api.call('GET', '/api/payment-options')).body);
    expect(defaultCoin).toBe('USDT');
    // With no fee known, the quickest to count comes first; TON's fees are the network's fixed typical ones, known without a node.
    expect(assets.map((a) => [a.asset, a.name, a.networks.map((n) => n.symbol)])).toEqual([
      ['USDT', 'Tether USDT', ['USDT-TON', 'USDT-BEP20', 'USDT-POLYGON', 'USDT-TRON', 'USDT-ARBITRUM', 'USDT']],
      ['USDC', 'USD Coin (USDC)', ['USDC-POLYGON', 'USDC-BASE', 'USDC-ARBITRUM', 'USDC']],
      ['ETH', 'Ethereum (ETH)', ['ETH-BASE', 'ETH-ARBITRUM', 'ETH']],
      ['BNB', 'Binance Coin (BNB)', ['BNB']],
      ['POL', 'Polygon (POL)', ['POL']],
      ['TRX', 'Tron (TRX)', ['TRX']],
      ['TON', 'Toncoin (TON)', ['TON']],
    ]);
    const usdcOnBase = assets[1]!.networks[1]!;
    expect(usdcOnBase).toMatchObject({
      network: 'base',
      networkLabel: 'Base',
      kind: 'token',
      decimals: 6,
      typicalFee: null,
      feeUpdatedAt: null,
      timeToCount: 'about 2 minutes',
      timeToCountSeconds: 120,
    });
    expect(assets.flatMap((a) => a.networks).every((n) => n.typicalFee === null || n.network === 'ton')).toBe(true);
  });

  it('leaves out a network switched off, and an asset left with no network', async () => {
    api = await startTestApi({ env: { ...noNodes, BSC_ENABLED: 'false', POLYGON_ENABLED: 'false' } });
    const { assets } = ZPaymentOptionsResponse.parse((await api.call('GET', '/api/payment-options')).body);
    expect(assets.map((a) => [a.asset, a.networks.map((n) => n.symbol)])).toEqual([
      ['USDT', ['USDT-TON', 'USDT-TRON', 'USDT']],
      ['USDC', ['USDC']],
      ['ETH', ['ETH']],
      ['TRX', ['TRX']],
      ['TON', ['TON']],
    ]);
    await api.services.networkFees.settled();
  });
});
