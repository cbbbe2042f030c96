import { describe, expect, it } from 'vitest';
import { CHAINS, ChainRegistry, COINS, REGISTRY } from './coins';

describe('the network and coin registry', () => {
  it('keeps the spec’s six coins first, in the spec’s order, with Polygon’s coin now POL', () => {
    expect(CHAINS.coins.slice(0, 6).map((c) => [c.symbol, c.name])).toEqual([
      ['USDT', 'Tether USDT (ERC-20)'],
      ['USDT-BEP20', 'Tether USDT (BEP-20)'],
      ['ETH', 'Ethereum (ETH)'],
      ['USDC', 'USD Coin (USDC)'],
      ['POL', 'Polygon (POL)'],
      ['BNB', 'Binance Coin (BNB)'],
    ]);
  });

  it('finds POL by its former symbol, MATIC, as old clients and old orders name it', () => {
    expect(CHAINS.coin('MATIC')).toBe(CHAINS.coin('POL'));
    expect(CHAINS.requireCoin('MATIC').symbol).toBe('POL');
    expect(COINS.MATIC).toBe(COINS.POL);
    expect(CHAINS.coin('matic')).toBeUndefined();
  });

  it('gives every new coin a symbol that names its asset and its network', () => {
    const added = CHAINS.coins.slice(6).map((c) => [c.symbol, c.asset, c.network, c.decimals]);
    expect(added).toEqual([
      ['USDT-POLYGON', 'USDT', 'polygon', 6],
      ['USDC-POLYGON', 'USDC', 'polygon', 6],
      ['USDC-BASE', 'USDC', 'base', 6],
      ['ETH-BASE', 'ETH', 'base', 18],
      ['USDC-ARBITRUM', 'USDC', 'arbitrum', 6],
      ['USDT-ARBITRUM', 'USDT', 'arbitrum', 6],
      ['ETH-ARBITRUM', 'ETH', 'arbitrum', 18],
      ['USDT-TRON', 'USDT', 'tron', 6],
      ['TRX', 'TRX', 'tron', 6],
      ['USDT-TON', 'USDT', 'ton', 6],
      ['TON', 'TON', 'ton', 9],
    ]);
    // A network's own coin that is an asset of its own (TRX, TON) keeps its ticker, as BNB and POL do.
    for (const [symbol, asset, network] of added.filter(([, asset]) => asset !== 'TRX' && asset !== 'TON'))
      expect(symbol).toBe(`${asset}-${String(network).toUpperCase()}`);
  });

  it('prices each asset once, however many networks carry it', () => {
    expect(CHAINS.pricedAssets()).toEqual(['ETH', 'BNB', 'POL', 'TRX', 'TON']);
    expect(CHAINS.assets.map((a) => a.symbol)).toEqual(['USDT', 'USDC', 'ETH', 'BNB', 'POL', 'TRX', 'TON']);
  });

  it('refuses a symbol used twice, an unknown asset, and an asset both stable and priced', () => {
    const pol = REGISTRY.coins.find((c) => c.symbol === 'POL')!;
    const usdc = REGISTRY.coins.find((c) => c.symbol === 'USDC')!;
    expect(() => new ChainRegistry({ ...REGISTRY, coins: [...REGISTRY.coins, { ...usdc, symbol: 'MATIC' }] })).toThrow(/used twice/);
    expect(() => new ChainRegistry({ ...REGISTRY, coins: REGISTRY.coins.map((c) => (c === pol ? { ...c, asset: 'MATIC' } : c)) })).toThrow(
      /unknown asset MATIC/,
    );
    expect(() => new ChainRegistry({ ...REGISTRY, coins: REGISTRY.coins.map((c) => (c === usdc ? { ...c, stable: false } : c)) })).toThrow(
      /asset USDC: its coins disagree/,
    );
  });
});
