import { describe, expect, it } from 'vitest';
import BigNumber from 'bignumber.js';
import { parse } from 'eth-url-parser';
import { paymentUri } from './payment-uri';

const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/**
 * Issue 14 point 10. Wallets that read EIP-681 with eth-url-parser (MetaMask mobile) get amounts of
 * 10^21 base units and more back in exponent form ("1.234e+21"); MetaMask turns that into the
 * transaction amount with bignumber.js, which is exact only if every digit is still there. Trust
 * Wallet reads the amount as a plain integer of base units. So the payload carries the plain integer,
 * all digits, and never an exponent: both read the exact amount.
 */
describe('paymentUri for large amounts', () => {
  const large = [10n ** 21n, 10n ** 21n + 1n, 1_234_567_890_123_456_789_012n, 987_654_321_987_654_321_987_654_321n, 2n ** 255n];

  it.each(large)('a native amount of %s base units reads back exactly', (units) => {
    const uri = paymentUri({ address, chainId: 137, units, tokenContract: null });
    expect(uri).toBe(`ethereum:${address}@137?value=${units}`);
    const parsed = parse(uri);
    expect(parsed).toMatchObject({ scheme: 'ethereum', target_address: address, chain_id: '137' });
    expect(new BigNumber(parsed.parameters!.value!).toFixed()).toBe(units.toString());
  });

  it.each(large)('a token amount of %s base units reads back exactly', (units) => {
    const uri = paymentUri({ address, chainId: 1, units, tokenContract: usdt });
    const parsed = parse(uri);
    expect(parsed).toMatchObject({ target_address: usdt, chain_id: '1', function_name: 'transfer', parameters: { address } });
    expect(new BigNumber(parsed.parameters!.uint256!).toFixed()).toBe(units.toString());
    expect(uri.split('&uint256=')[1]).toBe(units.toString());
  });
});
