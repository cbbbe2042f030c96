import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRegistry, REGISTRY, ZCoinsResponse, ZPaymentOptionsResponse } from '@topup/shared';
import { startChainTest, type ChainTest } from './chain-harness';

/**
 * Adding USDC on a new EVM network is one registry entry (its network and its
 * coin) plus its contract and RPC settings. This test adds one that ships nowhere, on a devnet node of
 * its own, and follows an order in it from GET /api/coins to `completed` with no other code.
 */
const registry = new ChainRegistry({
  assets: [...REGISTRY.assets, { symbol: 'TEST', name: 'Test coin' }],
  networks: [
    ...REGISTRY.networks,
    {
      id: 'testnet',
      label: 'Test Network',
      family: 'evm',
      chainId: 999_001,
      finality: 'finalized',
      confirmations: 2,
      blockSeconds: 2,
      timeToCount: 'a few seconds',
      countSeconds: 5,
      devnet: { port: 8599, chainId: 31_401 },
    },
  ],
  coins: [
    ...REGISTRY.coins,
    {
      symbol: 'USDC-TEST',
      name: 'USD Coin (Test Network)',
      asset: 'USDC',
      network: 'testnet',
      networkText: 'Test Network',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDC', tokenName: 'USD Coin', contract: null },
    },
    { symbol: 'TEST', name: 'Test coin', asset: 'TEST', network: 'testnet', networkText: 'Test Network', kind: 'native', decimals: 18, stable: false },
  ],
});

let t: ChainTest;
beforeAll(async () => {
  // Its settings: the RPC URL (the harness points every network at its devnet node) and the contract.
  t = await startChainTest({ registry, env: { TESTNET_CONFIRMATIONS: '2', TESTNET_USDC_CONTRACT: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

describe('a coin added to the registry (USDC on a new EVM network)', () => {
  it('is offered by GET /api/coins, paid on its own node and completed', async () => {
    const { coins } = ZCoinsResponse.parse((await t.api.call('GET', '/api/coins')).body);
    expect(coins.find((c) => c.symbol === 'USDC-TEST')).toEqual({
      symbol: 'USDC-TEST',
      name: 'USD Coin (Test Network)',
      network: 'testnet',
      networkLabel: 'Test Network',
      networkText: 'Test Network',
      kind: 'token',
      decimals: 6,
      stable: true,
      chainId: 31_401,
      tokenContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      timeToCount: 'a few seconds',
    });

    const { assets } = ZPaymentOptionsResponse.parse((await t.api.call('GET', '/api/payment-options')).body);
    expect(assets.find((a) => a.asset === 'USDC')!.networks.map((n) => n.symbol)).toContain('USDC-TEST');
    expect(assets.find((a) => a.asset === 'TEST')!.networks.map((n) => [n.symbol, n.timeToCountSeconds])).toEqual([['TEST', 5]]);

    const order = await t.createOrder('USDC-TEST', 10);
    expect(order).toMatchObject({
      cryptocurrency: 'USDC-TEST',
      network: 'testnet',
      networkLabel: 'Test Network',
      chainId: 31_401,
      cryptoAmount: '11',
      decimals: 6,
    });
    expect(order.paymentUri).toBe(`ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@31401/transfer?address=${order.walletAddress}&uint256=11000000`);

    await t.pay(order);
    await t.scan('testnet');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', receivedAmount: '11', requiredConfirmations: 2 });
    await t.confirm('testnet');
    expect(await t.orderStatus(order.orderId)).toBe('paid');

    await t.api.services.fulfilment.run(order.orderId, 1);
    expect(await t.orderStatus(order.orderId)).toBe('completed');
  });
});
