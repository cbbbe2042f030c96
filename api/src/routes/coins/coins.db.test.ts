import { afterEach, describe, expect, it } from 'vitest';
import { ZCoinsResponse } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('GET /api/coins', () => {
  it('lists the spec’s six coins with their names and networks, USDT first as the default', async () => {
    api = await startTestApi();
    const res = await api.call('GET', '/api/coins');
    expect(res.status).toBe(200);
    const { coins, defaultCoin } = ZCoinsResponse.parse(res.body);
    expect(coins.map((c) => [c.symbol, c.name, c.networkText])).toEqual([
      ['USDT', 'Tether USDT (ERC-20)', 'Ethereum ERC-20'],
      ['USDT-BEP20', 'Tether USDT (BEP-20)', 'Binance Smart Chain BEP-20'],
      ['ETH', 'Ethereum (ETH)', 'Ethereum Network'],
      ['USDC', 'USD Coin (USDC)', 'Ethereum ERC-20'],
      ['MATIC', 'Polygon (MATIC)', 'Polygon Network'],
      ['BNB', 'Binance Coin (BNB)', 'BSC Network'],
    ]);
    expect(coins.find((c) => c.symbol === 'USDT')).toMatchObject({ network: 'ethereum', networkLabel: 'Ethereum', kind: 'token', decimals: 6, chainId: 31337 });
    expect(defaultCoin).toBe('USDT');
  });

  it('leaves out the coins of a network switched off and a token without a contract; orders in them are refused', async () => {
    // Production's defaults, as far as coins go: no devnet, so each token has only the contract the registry or the settings give.
    api = await startTestApi({ env: { DEVNET: 'false', BSC_ENABLED: 'false', ETHEREUM_USDC_CONTRACT: '' } });
    const { coins } = ZCoinsResponse.parse((await api.call('GET', '/api/coins')).body);
    expect(coins.map((c) => c.symbol)).toEqual(['USDT', 'ETH', 'USDC', 'MATIC']);
    const order = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'BNB' } });
    expect(order.status).toBe(400);
    expect(order.body.error.message).toBe('BNB payments are not available right now. Please choose another cryptocurrency (USDT, ETH, USDC, MATIC).');
    const unknown = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'BTC' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('currency: cryptocurrency must be one of USDT, ETH, USDC, MATIC');
  });
});
