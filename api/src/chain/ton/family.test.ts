import { describe, expect, it } from 'vitest';
import { CHAINS } from '@topup/shared';
import { loadConfig } from '../../config';
import { productionEnv } from '../../../test/production-env';
import { tonFamily } from './adapter';
import { DOUBLE_RECEIVING_WALLET } from './double-addresses';

const ctx = { production: false, devnet: true, registry: CHAINS };
/** A wallet address of the operator's (TON Foundation's public wallet, any valid address does). */
const OPERATOR = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';

describe('the TON family and its settings', () => {
  it('gives every order the receiving wallet of TON_RECEIVING_ADDRESS and a comment of its own; the development wallet only outside production', () => {
    expect(tonFamily.keySetting).toBe('TON_RECEIVING_ADDRESS');
    const network = loadConfig({}).networks.ton!;
    expect(tonFamily.create({ ...ctx, key: undefined }).depositIdentity(network, 7)).toEqual({
      address: DOUBLE_RECEIVING_WALLET,
      memo: 'topup-7',
      derivationIndex: null,
    });
    // Shown non-bounceable, as wallets show a wallet's address.
    expect(tonFamily.create({ ...ctx, key: OPERATOR }).depositIdentity(network, 1).address).toBe('UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI');
    expect(() => tonFamily.create({ ...ctx, production: true, key: undefined }).depositIdentity(network, 0)).toThrow(/TON_RECEIVING_ADDRESS is not set/);
    expect(() => tonFamily.create({ ...ctx, production: true, key: DOUBLE_RECEIVING_WALLET })).toThrow(/development wallet's key is public/);
    expect(() => tonFamily.create({ ...ctx, key: `${OPERATOR.slice(0, -1)}M` })).toThrow(/TON_RECEIVING_ADDRESS: must be a TON address/);
  });

  it('is on in the embedded defaults, off in production until TON_ENABLED=true with its endpoints, and takes a jetton master', () => {
    expect(loadConfig({}).networks.ton).toMatchObject({ enabled: true, chainId: 31343, rpcUrls: ['http://127.0.0.1:8591'], confirmations: 1 });
    const production = loadConfig({ DEVNET: 'false', TON_API_KEY: 'k' }).networks.ton!;
    expect(production).toMatchObject({
      enabled: false,
      chainId: -239,
      confirmations: 1,
      apiKey: 'k',
      tokens: { 'USDT-TON': 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' },
    });
    expect(loadConfig(productionEnv).networks.ton!.enabled).toBe(false);
    expect(() => loadConfig({ ...productionEnv, TON_ENABLED: 'true' })).toThrow(/TON_RECEIVING_ADDRESS: required[\s\S]*TON_RPC_URL: required/);
    expect(
      loadConfig({ ...productionEnv, TON_ENABLED: 'true', TON_RPC_URL: 'https://toncenter.com', TON_RECEIVING_ADDRESS: OPERATOR }).networks.ton!.enabled,
    ).toBe(true);
    expect(() => loadConfig({ TON_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toThrow(/TON_USDT_CONTRACT: must be a TON address/);
  });
});
