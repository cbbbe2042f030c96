import { describe, expect, it } from 'vitest';
import { CHAINS } from '@topup/shared';
import { loadConfig } from '../../config';
import { tronFamily } from './adapter';
import { tronWalletLinks } from './wallet-links';

const address = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describe('Tron wallet links (Trust Wallet’s documented send deeplink)', () => {
  it('fill in the token, the address and the amount in whole coins, every digit', () => {
    const links = tronWalletLinks({ address, tokenContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', units: 10_990_001n, decimals: 6, realNetwork: true });
    const url = new URL(links.uri);
    expect(url.origin + url.pathname).toBe('https://link.trustwallet.com/send');
    expect(Object.fromEntries(url.searchParams)).toEqual({ asset: 'c195_tTR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address, amount: '10.990001' });
    expect(links.apps).toEqual([{ id: 'trust', name: 'Trust Wallet', url: links.uri }]);
    expect(tronWalletLinks({ address, tokenContract: null, units: 25_000_000n, decimals: 6, realNetwork: true }).uri).toBe(
      `https://link.trustwallet.com/send?asset=c195&address=${address}&amount=25`,
    );
  });

  it('offer no wallet button on the double (Trust Wallet knows only Tron itself)', () => {
    const adapter = tronFamily.create({ key: undefined, production: false, devnet: true, registry: CHAINS });
    const spec = CHAINS.network('tron')!;
    const request = { spec, tokenContract: null, address, memo: null, units: 1_000_000n, decimals: 6 };
    const devnet = loadConfig({}).networks.tron!;
    expect(adapter.walletLinks({ ...request, network: devnet }).apps).toEqual([]);
    expect(adapter.walletLinks({ ...request, network: { ...devnet, chainId: spec.chainId } }).apps.map((a) => a.name)).toEqual(['Trust Wallet']);
  });
});
