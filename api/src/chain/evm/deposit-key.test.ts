import { HDNodeWallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DEV_DEPOSIT_XPUB } from '../../config';
import { DepositKey } from './deposit-key';

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('deposit address derivation', () => {
  it("gives ethers' addresses for m/44'/60'/0'/0/i", () => {
    const key = new DepositKey(DEV_DEPOSIT_XPUB);
    const reference = HDNodeWallet.fromExtendedKey(DEV_DEPOSIT_XPUB);
    for (const i of [0, 1, 2, 17, 999, 123_456, 2 ** 31 - 1]) {
      expect(key.address(i)).toBe(reference.deriveChild(i).address);
    }
  });

  it('matches the addresses the wallet of the seed phrase holds (so funds can be swept)', () => {
    const key = new DepositKey(DEV_DEPOSIT_XPUB);
    const wallet = HDNodeWallet.fromPhrase(PHRASE, undefined, "m/44'/60'/0'/0/7");
    expect(key.address(7)).toBe(wallet.address);
    // The first address of this phrase is a published test vector.
    expect(key.address(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('refuses a private key, a key of the wrong depth and a hardened index', () => {
    const root = HDNodeWallet.fromPhrase(PHRASE, undefined, "m/44'/60'/0'/0");
    expect(() => new DepositKey(root.extendedKey)).toThrow(/PUBLIC/);
    const account = HDNodeWallet.fromPhrase(PHRASE, undefined, "m/44'/60'/0'");
    expect(() => new DepositKey(account.neuter().extendedKey)).toThrow(/depth 4/);
    expect(() => new DepositKey(DEV_DEPOSIT_XPUB).address(2 ** 31)).toThrow(RangeError);
  });
});
