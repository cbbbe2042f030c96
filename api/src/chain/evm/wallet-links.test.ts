import { describe, expect, it } from 'vitest';
import BigNumber from 'bignumber.js';
import { parse } from 'eth-url-parser';
import { CHAINS, parseUnits } from '@topup/shared';
import { coinbaseWalletLink, eip681Link, walletLinks, type WalletPayment } from './wallet-links';

/**
 * The EVM wallet links (wallet-links.ts), read back the way the wallets read them. MetaMask
 * mobile reads its /send/ links and `ethereum:` links with eth-url-parser (and turns the amount into a
 * number with bignumber.js); Trust Wallet's link is a plain query. Each must give back the exact chain,
 * token, recipient and amount. (The test lives in the API, where eth-url-parser is a dev dependency.)
 */
const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const LARGE = [10n ** 21n, 10n ** 21n + 1n, 1_234_567_890_123_456_789_012n, 987_654_321_987_654_321_987_654_321n, 2n ** 255n];

/** What a wallet reading the link gets: chain, token (null: native coin), recipient, amount in base units. */
interface ReadBack {
  chainId: number;
  token: string | null;
  to: string;
  units: bigint;
}

function readEip681(uri: string): ReadBack {
  const parsed = parse(uri);
  expect(parsed.scheme).toBe('ethereum');
  const chainId = Number(parsed.chain_id);
  if (parsed.function_name === 'transfer') {
    return { chainId, token: parsed.target_address, to: parsed.parameters!.address!, units: BigInt(new BigNumber(parsed.parameters!.uint256!).toFixed()) };
  }
  expect(parsed.function_name).toBeUndefined();
  return { chainId, token: null, to: parsed.target_address, units: BigInt(new BigNumber(parsed.parameters!.value!).toFixed()) };
}

/** MetaMask mobile swaps its link's prefix for `ethereum:` and reads the rest as EIP-681. */
function readMetamask(link: string): ReadBack {
  const prefix = 'https://link.metamask.io/send/';
  expect(link.startsWith(prefix)).toBe(true);
  return readEip681(`ethereum:${link.slice(prefix.length)}`);
}

/** Trust Wallet's send link: asset `c<coin>[_t<token>]`, the recipient, the amount in whole coins. */
function readTrust(link: string, decimals: number): ReadBack & { coin: number } {
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe('https://link.trustwallet.com/send');
  const asset = /^c(\d+)(?:_t(0x[0-9a-fA-F]{40}))?$/.exec(url.searchParams.get('asset')!)!;
  const coin = Number(asset[1]);
  const network = CHAINS.networks.find((n) => n.trustWalletCoin === coin)!;
  return {
    coin,
    chainId: network.chainId,
    token: asset[2] ?? null,
    to: url.searchParams.get('address')!,
    units: parseUnits(url.searchParams.get('amount')!, decimals)!,
  };
}

function payment(p: Partial<WalletPayment> = {}): WalletPayment {
  return { chainId: 1, tokenContract: null, address, units: 10n ** 18n, decimals: 18, trustWalletCoin: 60, ...p };
}

describe('EIP-681 payment links for large amounts', () => {
  // Wallets that parse with eth-url-parser get 10^21 base units and more back in exponent form; with
  // every digit in the link, bignumber.js still turns it into the exact amount. Trust Wallet reads the
  // plain integer. So the link carries the plain integer, never an exponent.
  it.each(LARGE)('a native amount of %s base units reads back exactly', (units) => {
    const uri = eip681Link(payment({ chainId: 137, units }));
    expect(uri).toBe(`ethereum:${address}@137?value=${units}`);
    expect(readEip681(uri)).toEqual({ chainId: 137, token: null, to: address, units });
  });

  it.each(LARGE)('a token amount of %s base units reads back exactly', (units) => {
    const uri = eip681Link(payment({ tokenContract: usdt, units, decimals: 6 }));
    expect(uri.split('&uint256=')[1]).toBe(units.toString());
    expect(readEip681(uri)).toEqual({ chainId: 1, token: usdt, to: address, units });
  });
});

describe('wallet links', () => {
  // Every coin of the registry, on its real chain with its real contract, at an everyday amount and at
  // amounts of 10^21 base units and more.
  const cases = CHAINS.coins.flatMap((coin) => {
    const network = CHAINS.network(coin.network)!;
    if (network.family !== 'evm') return [];
    return [12_345_678n, ...LARGE].map((units) => ({
      name: `${coin.symbol}, ${units} base units`,
      p: payment({
        chainId: network.chainId,
        tokenContract: coin.token?.contract ?? null,
        units,
        decimals: coin.decimals,
        trustWalletCoin: network.trustWalletCoin ?? null,
      }),
    }));
  });

  it.each(cases)('EIP-681, MetaMask and Trust Wallet read back $name', ({ p }) => {
    const links = walletLinks(p);
    const expected: ReadBack = { chainId: p.chainId, token: p.tokenContract, to: address, units: p.units };
    expect(links.eip681).toBe(eip681Link(p));
    expect(readEip681(links.uri)).toEqual(expected);
    expect(readMetamask(links.metamask!)).toEqual(expected);
    expect(readTrust(links.trust!, p.decimals)).toEqual({ ...expected, coin: p.trustWalletCoin });
    expect(links.uri).toBe(links.eip681);
    expect(links.apps).toEqual([
      { id: 'metamask', name: 'MetaMask', url: links.metamask },
      { id: 'trust', name: 'Trust Wallet', url: links.trust },
    ]);
  });

  it('follows the wallets’ documented formats', () => {
    const usdcOnBase = payment({
      chainId: 8453,
      tokenContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      units: 11_500_000n,
      decimals: 6,
      trustWalletCoin: 8453,
    });
    expect(walletLinks(usdcOnBase)).toMatchObject({
      eip681: `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${address}&uint256=11500000`,
      metamask: `https://link.metamask.io/send/0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${address}&uint256=11500000`,
      trust: `https://link.trustwallet.com/send?asset=c8453_t0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913&address=${address}&amount=11.5`,
    });
    const polOnPolygon = payment({ chainId: 137, units: 32n * 10n ** 18n, trustWalletCoin: 966 });
    expect(walletLinks(polOnPolygon)).toMatchObject({
      eip681: `ethereum:${address}@137?value=32000000000000000000`,
      metamask: `https://link.metamask.io/send/${address}@137?value=32000000000000000000`,
      trust: `https://link.trustwallet.com/send?asset=c966&address=${address}&amount=32`,
    });
  });

  it('gives no Trust Wallet link where Trust Wallet does not know the network (a devnet)', () => {
    const links = walletLinks(payment({ chainId: 31339, trustWalletCoin: null }));
    expect(links.trust).toBeNull();
    expect(links.apps.map((a) => a.id)).toEqual(['metamask']);
    expect(readMetamask(links.metamask!)).toEqual({ chainId: 31339, token: null, to: address, units: 10n ** 18n });
  });

  it('opens a page in Coinbase Wallet’s browser, the page percent-encoded', () => {
    const page = 'https://topup.example.com/recharge?order=pay_abc&x=1#pay';
    const link = coinbaseWalletLink(page);
    expect(link).toBe('https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Ftopup.example.com%2Frecharge%3Forder%3Dpay_abc%26x%3D1%23pay');
    expect(new URL(link).searchParams.get('cb_url')).toBe(page);
  });
});
