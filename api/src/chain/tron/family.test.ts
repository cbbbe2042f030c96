import { HDNodeWallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { CHAINS } from '@topup/shared';
import { loadConfig } from '../../config';
import { productionEnv } from '../../../test/production-env';
import { Chains } from '../chains';
import { tronFamily } from './adapter';
import { DEV_TRON_DEPOSIT_XPUB } from './deposit-key';

const ctx = { production: false, devnet: true, registry: CHAINS };
const operatorKey = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/195'/0'/0").neuter().extendedKey;

describe('the Tron family and its settings', () => {
  it('derives from TRON_DEPOSIT_XPUB, its own setting, and from the public development key only outside production', () => {
    expect(tronFamily.keySetting).toBe('TRON_DEPOSIT_XPUB');
    const network = loadConfig({}).networks.tron!;
    expect(tronFamily.create({ ...ctx, key: undefined }).depositIdentity(network, 0)).toEqual({
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      memo: null,
      derivationIndex: 0,
    });
    expect(tronFamily.create({ ...ctx, key: operatorKey }).depositIdentity(network, 0).address).not.toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    // Production without the key: refused at start while Tron is on; no address is ever derived from nothing.
    expect(() => tronFamily.create({ ...ctx, production: true, key: undefined }).depositIdentity(network, 0)).toThrow(/TRON_DEPOSIT_XPUB is not set/);
    expect(() => tronFamily.create({ ...ctx, production: true, key: DEV_TRON_DEPOSIT_XPUB })).toThrow(/development key is public/);
    expect(() => tronFamily.create({ ...ctx, production: true, key: operatorKey })).not.toThrow();
  });

  it('refuses a key with a bad checksum (every one-character typo of the last characters), so the API does not start', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (const position of [operatorKey.length - 1, operatorKey.length - 5, 40]) {
      const other = alphabet[(alphabet.indexOf(operatorKey[position]!) + 1) % alphabet.length]!;
      const typo = operatorKey.slice(0, position) + other + operatorKey.slice(position + 1);
      expect(() => tronFamily.create({ ...ctx, production: true, key: typo })).toThrow(/checksum is wrong/);
    }
    const config = loadConfig({ TRON_DEPOSIT_XPUB: `${operatorKey.slice(0, -1)}x` });
    expect(() => Chains.fromConfig(config)).toThrow(/TRON_DEPOSIT_XPUB: the base58 checksum is wrong/);
  });

  it('is on in the embedded defaults, off in production until TRON_ENABLED=true with its nodes, and takes a T… contract', () => {
    expect(loadConfig({}).networks.tron).toMatchObject({ enabled: true, chainId: 31342, rpcUrls: ['http://127.0.0.1:8590'], confirmations: 1 });
    const production = loadConfig({ DEVNET: 'false', TRON_API_KEY: 'k' }).networks.tron!;
    expect(production).toMatchObject({
      enabled: false,
      chainId: 728126428,
      confirmations: 19,
      apiKey: 'k',
      tokens: { 'USDT-TRON': 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    expect(loadConfig({ TRON_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).networks.tron!.tokens['USDT-TRON']).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    // A deployment made before Tron keeps starting; switched on, Tron needs its nodes and its key.
    expect(loadConfig(productionEnv).networks.tron!.enabled).toBe(false);
    expect(() => loadConfig({ ...productionEnv, TRON_ENABLED: 'true' })).toThrow(/TRON_DEPOSIT_XPUB: required[\s\S]*TRON_RPC_URL: required/);
    expect(
      loadConfig({ ...productionEnv, TRON_ENABLED: 'true', TRON_RPC_URL: 'https://api.trongrid.io', TRON_DEPOSIT_XPUB: operatorKey }).networks.tron!.enabled,
    ).toBe(true);
    expect(() => loadConfig({ TRON_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toThrow(/TRON_USDT_CONTRACT: must be a Tron address/);
    expect(() => loadConfig({ TRON_USDT_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toThrow(/TRON_USDT_CONTRACT/);
  });
});
