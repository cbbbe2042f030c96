import { HDNodeWallet } from 'ethers';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { base58Of, hexOf, isTronAddress } from './address';
import { DEV_TRON_DEPOSIT_XPUB, TRON_ACCOUNT_PATH, TronDepositKey } from './deposit-key';

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('Tron deposit addresses', () => {
  it("are the addresses tronweb derives from the seed phrase at m/44'/195'/0'/0/i (so they can be swept)", () => {
    const key = new TronDepositKey(DEV_TRON_DEPOSIT_XPUB);
    for (const i of [0, 1, 2, 7, 999, 123_456]) {
      expect(key.address(i)).toBe(TronWeb.fromMnemonic(PHRASE, `${TRON_ACCOUNT_PATH}/${i}`).address);
    }
    // Published for this phrase by wallets (TronLink, Trust): its first Tron account.
    expect(key.address(0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('is the key of that path of the phrase, public only', () => {
    expect(HDNodeWallet.fromPhrase(PHRASE, undefined, TRON_ACCOUNT_PATH).neuter().extendedKey).toBe(DEV_TRON_DEPOSIT_XPUB);
  });

  it('refuses a private key, a key of the wrong depth and a hardened index', () => {
    const chain = HDNodeWallet.fromPhrase(PHRASE, undefined, TRON_ACCOUNT_PATH);
    expect(() => new TronDepositKey(chain.extendedKey)).toThrow(/TRON_DEPOSIT_XPUB must be an extended PUBLIC key/);
    const account = HDNodeWallet.fromPhrase(PHRASE, undefined, "m/44'/195'/0'");
    expect(() => new TronDepositKey(account.neuter().extendedKey)).toThrow(/depth 4/);
    expect(() => new TronDepositKey(DEV_TRON_DEPOSIT_XPUB).address(2 ** 31)).toThrow(RangeError);
  });
});

describe('Tron address forms', () => {
  it('convert between base58 and hex as tronweb does', () => {
    const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(hexOf(usdt)).toBe(TronWeb.address.toHex(usdt));
    expect(base58Of(TronWeb.address.toHex(usdt))).toBe(usdt);
  });

  it('refuse a typo (checksum) and an Ethereum address', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(false);
    expect(TronWeb.isAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
  });
});
