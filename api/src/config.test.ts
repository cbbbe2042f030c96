import fs from 'node:fs';
import path from 'node:path';
import { HDNodeWallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { CHAINS } from '@topup/shared';
import { productionEnv } from '../test/production-env';
import { ConfigError, DEV_DEPOSIT_XPUB, PRODUCTION_CHECKS, REPO_ROOT, configVariableNames, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded development mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      devnet: true,
      databaseUrl: undefined,
      airtime: { provider: 'sandbox' },
      prices: { feed: 'fixed' },
    });
    expect(c.dataDir).toBe(path.resolve(process.env.INIT_CWD ?? process.cwd(), '.data'));
    expect(c.networks.ethereum!).toMatchObject({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, confirmations: 1 });
    expect(c.networks.bsc!.tokens['USDT-BEP20']).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT:/);
    expect(() => loadConfig({ ETHEREUM_RPC_URL: 'not a url' })).toThrow(/ETHEREUM_RPC_URL:/);
    expect(() => loadConfig({ BSC_USDT_CONTRACT: '0x12' })).toThrow(/BSC_USDT_CONTRACT: must be a 0x-prefixed/);
    expect(() => loadConfig({ AIRTIME_PROVIDER: 'reloadly' })).toThrow(/RELOADLY_CLIENT_ID/);
  });

  it('uses mainnet chain ids, contracts and the chains’ own finality outside the devnet, with deep block counts as the fallback', () => {
    const c = loadConfig(productionEnv);
    expect(c.networks.ethereum!).toMatchObject({
      chainId: 1,
      finality: 'finalized',
      confirmations: 64,
      tokens: { USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    });
    expect(c.networks.bsc!).toMatchObject({ chainId: 56, finality: 'finalized', confirmations: 15 });
    // Polygon has had reorganisations deeper than 100 blocks: payment services wait about 128.
    expect(c.networks.polygon!).toMatchObject({ chainId: 137, finality: 'finalized', confirmations: 128 });
    expect(loadConfig({ ...productionEnv, ETHEREUM_FINALITY: 'safe', POLYGON_FINALITY: 'blocks' }).networks).toMatchObject({
      ethereum: { finality: 'safe' },
      polygon: { finality: null, confirmations: 128 },
    });
    // The devnet keeps counting one block.
    expect(loadConfig({ NODE_ENV: 'test' }).networks.polygon).toMatchObject({ finality: null, confirmations: 1 });
  });

  it('offers the stablecoins of Polygon, Base and Arbitrum on their mainnet contracts; Base and Arbitrum once switched on', () => {
    const c = loadConfig(productionEnv);
    expect(c.networks.polygon!.tokens).toEqual({
      'USDT-POLYGON': '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
      'USDC-POLYGON': '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    });
    // Switched off by default: a deployment that predates them keeps starting without their RPC URLs.
    expect([c.networks.base!.enabled, c.networks.arbitrum!.enabled]).toEqual([false, false]);
    expect(() => loadConfig({ ...productionEnv, BASE_ENABLED: 'true' })).toThrow(/BASE_RPC_URL: required for an enabled network/);
    const on = loadConfig({
      ...productionEnv,
      BASE_ENABLED: 'true',
      BASE_RPC_URL: 'https://base.example.com',
      ARBITRUM_ENABLED: 'true',
      ARBITRUM_RPC_URL: 'https://arb.example.com',
    }).networks;
    // Their batch on Ethereum (`safe`) makes a payment count; 0.25 s blocks are still fetched at most once a second.
    expect(on.base).toMatchObject({
      enabled: true,
      chainId: 8453,
      finality: 'safe',
      confirmations: 60,
      pollMs: 1000,
      rollup: 'op-stack',
      tokens: { 'USDC-BASE': '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    });
    expect(on.arbitrum).toMatchObject({
      enabled: true,
      chainId: 42161,
      finality: 'safe',
      confirmations: 2400,
      pollMs: 1000,
      rollup: 'arbitrum',
      tokens: { 'USDC-ARBITRUM': '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDT-ARBITRUM': '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' },
    });
    // The devnet: ports after 8547 and chain ids of their own.
    expect(loadConfig({ BASE_ENABLED: 'true', ARBITRUM_ENABLED: 'true' }).networks).toMatchObject({
      base: { rpcUrl: 'http://127.0.0.1:8548', chainId: 31340, finality: null, confirmations: 1 },
      arbitrum: { rpcUrl: 'http://127.0.0.1:8549', chainId: 31341, finality: null, confirmations: 1 },
    });
  });

  it('refuses development secrets and keys in production', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ['DEPOSIT_XPUB', 'ORDER_TOKEN_SECRET', 'BOT_API_SECRET', 'AIRTIME_PROVIDER', 'PRICE_FEED', 'DATABASE_URL', 'ETHEREUM_RPC_URL']) {
      expect(message).toContain(name);
    }
    expect(() => loadConfig({ ...productionEnv, DEPOSIT_XPUB: DEV_DEPOSIT_XPUB })).toThrow(/DEPOSIT_XPUB/);
    expect(() => loadConfig({ ...productionEnv, DEVNET: 'true' })).toThrow(/DEVNET/);
    expect(() => loadConfig({ ...productionEnv, ADMIN_PASSWORD: 'admin-dev-password' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...productionEnv, POLYGON_RPC_URL: '', POLYGON_ENABLED: 'false' })).not.toThrow();
  });

  it('takes several RPC URLs per network, in order, and refuses one node named by two networks in production', () => {
    const c = loadConfig({ ...productionEnv, ETHEREUM_RPC_URL: 'https://eth-1.example.com/v3/KEY, https://eth-2.example.com' });
    expect(c.networks.ethereum).toMatchObject({
      rpcUrl: 'https://eth-1.example.com/v3/KEY',
      rpcUrls: ['https://eth-1.example.com/v3/KEY', 'https://eth-2.example.com'],
    });
    expect(() => loadConfig({ ETHEREUM_RPC_URL: 'https://eth-1.example.com,ftp://eth-2.example.com' })).toThrow(
      /ETHEREUM_RPC_URL: URL 2 is not an http\(s\) URL/,
    );
    let message = '';
    try {
      loadConfig({
        ...productionEnv,
        BSC_RPC_URL: 'https://bsc.example.com,https://ETH-1.example.com/v3/KEY/',
        ETHEREUM_RPC_URL: 'https://eth-1.example.com/v3/KEY',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/ETHEREUM_RPC_URL, BSC_RPC_URL: the same node \(eth-1\.example\.com\) for ethereum and bsc; each network needs its own/);
    // The message names the host only: the path may hold an API key.
    expect(message).not.toContain('KEY');
    // A network switched off shares nothing.
    expect(() => loadConfig({ ...productionEnv, POLYGON_RPC_URL: 'https://eth.example.com', POLYGON_ENABLED: 'false' })).not.toThrow();
  });

  it('refuses in production every setting that can take money without delivering, naming it', () => {
    expect(() => loadConfig(productionEnv)).not.toThrow();
    const refusal = (env: Record<string, string | undefined>) => {
      try {
        loadConfig({ ...productionEnv, ...env });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ RELOADLY_ENVIRONMENT: 'sandbox' })).toMatch(/RELOADLY_ENVIRONMENT: Reloadly's sandbox sends no airtime/);
    expect(refusal({ SMTP_URL: undefined })).toMatch(/SMTP_URL: required; without it sign-in codes and receipts are written to a local folder/);
    expect(refusal({ PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL: required; e-mail receipts link each order's page/);
    expect(refusal({ ADMIN_EMAIL: undefined })).toMatch(/ADMIN_EMAIL: admin@example.com is the development default/);
    expect(refusal({ ADMIN_PASSWORD: 'eleven-char' })).toMatch(/ADMIN_PASSWORD: use at least 12 characters/);
    expect(refusal({ ADMIN_PASSWORD: 'twelve-chars' })).toBe('accepted');
    // Unset, Reloadly's environment follows NODE_ENV: production in production, the sandbox elsewhere.
    expect(loadConfig({ ...productionEnv, RELOADLY_ENVIRONMENT: undefined }).airtime.reloadly.environment).toBe('production');
    expect(loadConfig({}).airtime.reloadly.environment).toBe('sandbox');
    // Each check stands alone and says what to set.
    expect(Object.keys(PRODUCTION_CHECKS)).toEqual(
      expect.arrayContaining(['reloadlySandbox', 'noMailTransport', 'developmentAdminEmail', 'shortAdminPassword']),
    );
  });

  it('refuses weak production values, each named: uniform or shared secrets, non-https addresses, shallow confirmations', () => {
    const refusal = (env: Record<string, string | undefined>) => {
      try {
        loadConfig({ ...productionEnv, ...env });
        return 'accepted';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(refusal({ ADMIN_PASSWORD: ' '.repeat(12) })).toMatch(/ADMIN_PASSWORD: use at least 8 different characters/);
    expect(refusal({ ADMIN_PASSWORD: 'a'.repeat(12) })).toMatch(/ADMIN_PASSWORD: use at least 8 different characters/);
    expect(refusal({ ADMIN_PASSWORD: 'abcabcabcabcabc' })).toMatch(/ADMIN_PASSWORD/);
    expect(refusal({ ORDER_TOKEN_SECRET: 'a'.repeat(32) })).toMatch(/ORDER_TOKEN_SECRET: use a random secret with at least 8 different characters/);
    expect(refusal({ BOT_API_SECRET: productionEnv.ORDER_TOKEN_SECRET })).toMatch(/BOT_API_SECRET: must differ from ORDER_TOKEN_SECRET/);
    expect(refusal({ METRICS_TOKEN: productionEnv.BOT_API_SECRET })).toMatch(/METRICS_TOKEN: must differ from BOT_API_SECRET/);
    expect(refusal({ PUBLIC_URL: 'javascript:alert(1)' })).toMatch(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(refusal({ PUBLIC_URL: 'http://topup.example.org' })).toMatch(/PUBLIC_URL: must be an https:\/\/ address/);
    expect(refusal({ ETHEREUM_RPC_URL: 'http://eth.example.com/v3/KEY' })).toMatch(
      /ETHEREUM_RPC_URL: must be an https:\/\/ address \(http:\/\/eth\.example\.com travels/,
    );
    expect(refusal({ ETHEREUM_RPC_URL: 'http://eth.example.com/v3/KEY' })).not.toContain('KEY');
    expect(refusal({ RELOADLY_API_URL: 'http://reloadly.example.com' })).toMatch(/RELOADLY_API_URL: must be an https/);
    expect(refusal({ ETHEREUM_CONFIRMATIONS: '1' })).toMatch(/ETHEREUM_CONFIRMATIONS: 1 is below Ethereum's safe depth of 64 blocks/);
    // A node on this machine may speak plain http; a deep enough count is accepted.
    expect(refusal({ ETHEREUM_RPC_URL: 'http://127.0.0.1:8545', ETHEREUM_CONFIRMATIONS: '64' })).toBe('accepted');
    expect(refusal({ PUBLIC_URL: 'https://topup.example.org', ADMIN_PASSWORD: 'correct horse battery' })).toBe('accepted');
    // Outside production the development values stay usable, but never a non-web PUBLIC_URL.
    expect(() => loadConfig({ PUBLIC_URL: 'http://localhost:3000' })).not.toThrow();
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('names every problem of a production start at once, refused values and production refusals together', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        ADMIN_PASSWORD: 'short',
        AIRTIME_PROVIDER: 'reloadly',
        ETHEREUM_CHAIN_ID: 'one',
        ETHEREUM_RPC_URL: 'http://eth.example.com',
        PUBLIC_URL: 'javascript:alert(1)',
        BOT_API_SECRET: 'too short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message, problems } = error as ConfigError;
    expect(message).toMatch(/^Refusing to start in production:\n {2}/);
    const named = problems.map((p) => p.slice(0, p.indexOf(':')));
    for (const name of [
      'ADMIN_PASSWORD',
      'RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET',
      'ETHEREUM_CHAIN_ID',
      'ETHEREUM_RPC_URL',
      'PUBLIC_URL',
      'BOT_API_SECRET',
      'DEPOSIT_XPUB',
      'ORDER_TOKEN_SECRET',
      'PRICE_FEED',
      'DATABASE_URL',
      'SMTP_URL',
      'BSC_RPC_URL',
    ]) {
      expect(named).toContain(name);
    }
    // One line per variable: a value refused by its format is not refused again as missing.
    expect(named.filter((n) => n === 'PUBLIC_URL')).toHaveLength(1);
    expect(named.filter((n) => n === 'BOT_API_SECRET')).toHaveLength(1);
  });

  it('a copied .env.example with the production secrets filled in is not the Reloadly sandbox', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const copied = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    const { RELOADLY_ENVIRONMENT: _, ...secrets } = productionEnv;
    expect(loadConfig({ ...copied, ...secrets }).airtime.reloadly.environment).toBe('production');
  });

  it('refuses a deposit key whose base58 checksum is wrong: every one-character typo', () => {
    const good = productionEnv.DEPOSIT_XPUB!;
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    let typos = 0;
    let takenByEthers = 0;
    for (let i = 4; i < good.length; i += 3) {
      for (const c of [alphabet[(alphabet.indexOf(good[i]!) + 1) % alphabet.length]!, alphabet[(alphabet.indexOf(good[i]!) + 29) % alphabet.length]!]) {
        const typo = good.slice(0, i) + c + good.slice(i + 1);
        try {
          // ethers takes many of them (the reason for the check), each deriving addresses no wallet holds.
          HDNodeWallet.fromExtendedKey(typo);
          takenByEthers++;
        } catch {
          // a typo in the key's point: ethers notices this one
        }
        expect(() => loadConfig({ DEPOSIT_XPUB: typo }), typo).toThrow(/DEPOSIT_XPUB: the base58 checksum is wrong/);
        typos++;
      }
    }
    expect(typos).toBeGreaterThanOrEqual(70);
    expect(takenByEthers).toBeGreaterThan(10);
    expect(() => loadConfig({ DEPOSIT_XPUB: good })).not.toThrow();
    expect(() => loadConfig({ DEPOSIT_XPUB: DEV_DEPOSIT_XPUB })).not.toThrow();
  });

  it('ships a development deposit key that is the public test phrase, not the devnet one', () => {
    const key = HDNodeWallet.fromPhrase(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      undefined,
      "m/44'/60'/0'/0",
    );
    expect(key.neuter().extendedKey).toBe(DEV_DEPOSIT_XPUB);
    const hardhat = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'/0");
    expect(hardhat.neuter().extendedKey).not.toBe(DEV_DEPOSIT_XPUB);
  });

  it('documents every variable in .env.example', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    // A network's own settings are shown once, for ETHEREUM; every token contract is shown.
    const others = CHAINS.networks.map((n) => n.id.toUpperCase()).filter((n) => n !== 'ETHEREUM');
    const shownForEthereum = (name: string) => others.some((n) => name.startsWith(`${n}_`)) && !name.endsWith('_CONTRACT');
    const missing = configVariableNames().filter((name) => !documented.has(name) && !shownForEthereum(name));
    expect(missing).toEqual([]);
    expect(example).toContain(`<NETWORK> is ETHEREUM, ${others.slice(0, -1).join(', ')} or ${others.at(-1)}`);
  });
});
