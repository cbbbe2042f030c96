import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'eth-url-parser';
import { CHAINS, ZPaymentOptionsResponse, ZPaymentStatus, type TCoinSymbol } from '@topup/shared';
import { evmTransferFees } from '../src/chain/evm/fees';
import { startChainTest, type ChainTest } from './chain-harness';

/**
 * On the devnet: the stablecoins of Polygon, Base and Arbitrum (and the ether of Base and
 * Arbitrum) paid end to end on nodes of their own, POL where MATIC was, the typical fee of each
 * network from its node's fee data, and the "open in wallet" links of the payment answers. Ethereum
 * and BSC are switched off here (their coins are chain-payments.db.test.ts'): three nodes, started once.
 */
let t: ChainTest;
beforeAll(async () => {
  t = await startChainTest({ env: { ETHEREUM_ENABLED: 'false', BSC_ENABLED: 'false', BASE_ENABLED: 'true', ARBITRUM_ENABLED: 'true' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

const GWEI = 10n ** 9n;
const E8 = 10n ** 8n;

/**
 * Sets a network's base fee and mines five empty blocks: its fee history then holds no tips, and the
 * next block's base fee is `base` less an eighth, five times over (EIP-1559, blocks with no gas used).
 */
async function settleBaseFee(network: string, base: bigint): Promise<bigint> {
  await t.rpc(network).call('hardhat_setNextBlockBaseFeePerGas', [`0x${base.toString(16)}`]);
  await t.mine(network, 5);
  let next = base;
  for (let i = 0; i < 5; i++) next -= next / 8n;
  return next;
}

const POL_USD_E8 = E8 / 2n;
const ETH_USD_E8 = 3000n * E8;

/** US cents, rounded up, of `wei` of a coin worth `usdE8` dollars × 1e8. */
function cents(wei: bigint, usdE8: bigint): number {
  return Number(((wei * usdE8) / 10n ** 18n + 999_999n) / 1_000_000n);
}

describe('typical network fees, from the nodes', () => {
  it('are the gas of a transfer at the going price, plus what a rollup pays for its Ethereum data', async () => {
    const price = await settleBaseFee('polygon', 8n * GWEI);
    expect(await evmTransferFees(t.rpc('polygon'), t.networks.polygon!)).toEqual({ native: 21_000n * price, token: 65_000n * price });

    // Arbitrum's NodeInterface (the devnet's stand-in) prices the calldata, and 140 bytes around it, at 16 gas × 1 gwei.
    const arbPrice = await settleBaseFee('arbitrum', 80_000_000n);
    expect(await evmTransferFees(t.rpc('arbitrum'), t.networks.arbitrum!)).toEqual({
      native: 21_000n * arbPrice + 140n * 16n * GWEI,
      token: 65_000n * arbPrice + (68n + 140n) * 16n * GWEI,
    });

    // Base's GasPriceOracle (the stand-in) prices the unsigned transaction and a signature the same way.
    const basePrice = await settleBaseFee('base', 8n * GWEI);
    const base = await evmTransferFees(t.rpc('base'), t.networks.base!);
    for (const [fee, gas, data] of [
      [base.native, 21_000n, 0n],
      [base.token, 65_000n, 68n],
    ] as const) {
      const l1 = fee - gas * basePrice;
      expect(l1 % (16n * GWEI)).toBe(0n);
      // An EIP-1559 transaction without its signature is some 50 bytes around its calldata.
      expect(l1 / (16n * GWEI) - data - 68n).toBeGreaterThan(40n);
      expect(l1 / (16n * GWEI) - data - 68n).toBeLessThan(80n);
    }
  });

  it('GET /api/payment-options: each asset’s networks cheapest first, fees in cents, never waiting for a node', async () => {
    for (const [network, base] of [
      ['polygon', 8n * GWEI],
      ['base', 8n * GWEI],
      ['arbitrum', 80_000_000n],
    ] as const)
      await settleBaseFee(network, base);
    // The first answer does not wait for the estimates it starts.
    const first = ZPaymentOptionsResponse.parse((await t.api.call('GET', '/api/payment-options')).body);
    expect(first.assets.flatMap((a) => a.networks).every((n) => n.typicalFee === null)).toBe(true);
    await t.api.services.networkFees.settled();

    const { assets, defaultCoin } = ZPaymentOptionsResponse.parse((await t.api.call('GET', '/api/payment-options')).body);
    // USDT on Ethereum is off here: the default is USDT still, on the first network that has it.
    expect(defaultCoin).toBe('USDT-POLYGON');
    const fees = Object.fromEntries(
      await Promise.all((['polygon', 'base', 'arbitrum'] as const).map(async (n) => [n, await evmTransferFees(t.rpc(n), t.networks[n]!)] as const)),
    );
    const [polygon, base, arbitrum] = [fees.polygon!, fees.base!, fees.arbitrum!];
    expect(assets.map((a) => [a.asset, a.networks.map((n) => [n.symbol, n.typicalFee])])).toEqual([
      [
        'USDT',
        [
          ['USDT-POLYGON', cents(polygon.token, POL_USD_E8)],
          ['USDT-ARBITRUM', cents(arbitrum.token, ETH_USD_E8)],
        ],
      ],
      [
        'USDC',
        [
          ['USDC-POLYGON', cents(polygon.token, POL_USD_E8)],
          ['USDC-ARBITRUM', cents(arbitrum.token, ETH_USD_E8)],
          ['USDC-BASE', cents(base.token, ETH_USD_E8)],
        ],
      ],
      [
        'ETH',
        [
          ['ETH-ARBITRUM', cents(arbitrum.native, ETH_USD_E8)],
          ['ETH-BASE', cents(base.native, ETH_USD_E8)],
        ],
      ],
      ['POL', [['POL', cents(polygon.native, POL_USD_E8)]]],
    ]);
    // POL at $0.50, ETH at $3000, gas at about 4.1 gwei on Polygon and Base and 0.041 gwei on Arbitrum:
    // a token transfer costs a cent on Polygon (a fraction of one, rounded up), two on Arbitrum, 81 on Base.
    expect(assets[1]!.networks.map((n) => n.typicalFee)).toEqual([1, 2, 81]);
    const usdcOnBase = assets[1]!.networks[2]!;
    expect(usdcOnBase).toMatchObject({ network: 'base', chainId: 31_340, timeToCount: 'about 2 minutes', timeToCountSeconds: 120 });
    expect(Date.now() - new Date(usdcOnBase.feeUpdatedAt!).getTime()).toBeLessThan(60_000);
    // Dollars on the wire, as ZUsd writes them.
    expect((await t.api.call('GET', '/api/payment-options')).body.assets[1].networks[2].typicalFee).toBe(0.81);
  });
});

describe('each new coin: order -> payment on its own node -> paid -> completed', () => {
  const added = CHAINS.coins.filter((c) => ['polygon', 'base', 'arbitrum'].includes(c.network) && c.symbol !== 'POL').map((c) => c.symbol);

  it('covers the coins added to the six of the spec', () => {
    expect(added).toEqual(['USDT-POLYGON', 'USDC-POLYGON', 'USDC-BASE', 'ETH-BASE', 'USDC-ARBITRUM', 'USDT-ARBITRUM', 'ETH-ARBITRUM']);
  });

  it.each<TCoinSymbol>(added)('%s', async (symbol) => {
    const coin = CHAINS.requireCoin(symbol);
    const network = t.networks[coin.network]!;
    const order = await t.createOrder(symbol, 10);
    expect(order).toMatchObject({
      cryptocurrency: symbol,
      network: coin.network,
      chainId: network.chainId,
      decimals: coin.decimals,
      tokenContract: network.tokens[symbol] ?? null,
    });
    if (coin.stable) expect(order).toMatchObject({ cryptoAmount: '11', cryptoAmountBaseUnits: '11000000' });

    // The wallet links read back to this very order (MetaMask reads its link as EIP-681).
    const link = parse(`ethereum:${order.walletLinks.metamask!.replace('https://link.metamask.io/send/', '')}`);
    expect(link).toMatchObject({ target_address: order.tokenContract ?? order.walletAddress, chain_id: String(network.chainId) });
    expect(link.parameters).toEqual(
      coin.kind === 'token' ? { address: order.walletAddress, uint256: order.cryptoAmountBaseUnits } : { value: order.cryptoAmountBaseUnits },
    );
    expect(order.walletLinks.eip681).toBe(order.paymentUri);

    await t.pay(order);
    await t.scan(coin.network);
    const status = ZPaymentStatus.parse(
      (await t.api.call('GET', `/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } })).body,
    );
    expect(status).toMatchObject({
      status: 'confirming',
      cryptocurrency: symbol,
      remainingAmount: '0',
      paymentUri: order.paymentUri,
      walletLinks: order.walletLinks,
    });
    await t.confirm(coin.network);
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    await t.api.services.fulfilment.run(order.orderId, 1);
    expect(await t.orderStatus(order.orderId)).toBe('completed');
  });
});

describe('Polygon’s coin is POL', () => {
  it('an old client’s MATIC order is a POL order, priced as POL, paid and completed', async () => {
    const order = await t.createOrder('MATIC', 10);
    // $11 at $0.50.
    expect(order).toMatchObject({ cryptocurrency: 'POL', network: 'polygon', cryptoAmount: '22' });
    await t.pay(order);
    await t.scan('polygon');
    await t.confirm('polygon');
    expect(await t.status(order)).toMatchObject({ status: 'paid', cryptocurrency: 'POL', receivedAmount: '22' });
    expect((await t.payments(order.orderId)).map((p) => p.coin)).toEqual(['POL']);
    await t.api.services.fulfilment.run(order.orderId, 1);
    expect(await t.orderStatus(order.orderId)).toBe('completed');
  });
});
