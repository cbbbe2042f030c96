import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Contract, Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS, type TNetwork } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { FUNDED_ACCOUNT_INDEXES, devnetAccount, freeDevnetNetworks, payFromDevnet, startDevnet, type Devnet } from '.';
import { probeRpc } from './rpc';
import { ARBITRUM_NODE_INTERFACE, OP_GAS_PRICE_ORACLE } from '../evm/fees';

/** The networks this devnet (Hardhat's EVM nodes) serves; other families bring their own double. */
const NETWORKS = CHAINS.networks.filter((n) => n.family === 'evm').map((n) => n.id);

const ERC20 = ['function balanceOf(address) view returns (uint256)', 'function decimals() view returns (uint8)', 'function symbol() view returns (string)'];
const EXPECTED_TOKENS: Record<string, Record<string, { address: string; decimals: bigint; symbol: string }>> = {
  ethereum: {
    USDT: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6n, symbol: 'USDT' },
    USDC: { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', decimals: 6n, symbol: 'USDC' },
  },
  bsc: { 'USDT-BEP20': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18n, symbol: 'USDT' } },
  polygon: {
    'USDT-POLYGON': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6n, symbol: 'USDT' },
    'USDC-POLYGON': { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', decimals: 6n, symbol: 'USDC' },
  },
  base: { 'USDC-BASE': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6n, symbol: 'USDC' } },
  arbitrum: {
    'USDC-ARBITRUM': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6n, symbol: 'USDC' },
    'USDT-ARBITRUM': { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', decimals: 6n, symbol: 'USDT' },
  },
};

let networks: Record<TNetwork, NetworkConfig>;
let dataDir: string;
let devnet: Devnet;
const providers: JsonRpcProvider[] = [];

function provider(network: TNetwork): JsonRpcProvider {
  const p = new JsonRpcProvider(networks[network]!.rpcUrl, networks[network]!.chainId, { staticNetwork: true, cacheTimeout: -1 });
  providers.push(p);
  return p;
}

beforeAll(async () => {
  // Every network of the registry, those switched off by default too.
  networks = await freeDevnetNetworks(undefined, { BASE_ENABLED: 'true', ARBITRUM_ENABLED: 'true' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'devnet-test-'));
  devnet = await startDevnet({ networks, dataDir, blockIntervalMs: 200 });
});

afterAll(async () => {
  for (const p of providers) p.destroy();
  await devnet?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('startDevnet', () => {
  it('serves each network on its own port with its own chain id', async () => {
    for (const network of NETWORKS) {
      expect(devnet.nodes[network]).toMatchObject({ rpcUrl: networks[network]!.rpcUrl, chainId: networks[network]!.chainId, reused: false });
      expect(await probeRpc(networks[network]!.rpcUrl)).toEqual({ kind: 'node', chainId: networks[network]!.chainId });
    }
    expect(NETWORKS.map((n) => [n, networks[n]!.chainId])).toEqual([
      ['ethereum', 31337],
      ['bsc', 31338],
      ['polygon', 31339],
      ['base', 31340],
      ['arbitrum', 31341],
    ]);
  });

  it('deploys the tokens at the configured addresses, funded on accounts #1..#9', async () => {
    for (const network of NETWORKS) {
      expect(devnet.nodes[network]?.tokens).toEqual(Object.fromEntries(Object.entries(EXPECTED_TOKENS[network]!).map(([s, t]) => [s, t.address])));
      for (const [symbol, expected] of Object.entries(EXPECTED_TOKENS[network]!)) {
        const token = new Contract(networks[network]!.tokens[symbol]!, ERC20, provider(network));
        expect(await token.getFunction('decimals')()).toBe(expected.decimals);
        expect(await token.getFunction('symbol')()).toBe(expected.symbol);
        for (const i of FUNDED_ACCOUNT_INDEXES) {
          expect(await token.getFunction('balanceOf')(devnetAccount(i).address)).toBe(1_000_000_000n * 10n ** expected.decimals);
        }
      }
    }
  });

  it('installs the stand-in of each rollup’s L1 fee oracle where the real one answers, and none elsewhere', async () => {
    const oracle = new Interface([
      'function getL1Fee(bytes) view returns (uint256)',
      'function gasEstimateL1Component(address,bool,bytes) returns (uint64,uint256,uint256)',
    ]);
    const base = provider('base');
    // (4 bytes + 68 for the signature) × 16 gas × 1 gwei.
    const fee = await base.call({ to: OP_GAS_PRICE_ORACLE, data: oracle.encodeFunctionData('getL1Fee', ['0x01020304']) });
    expect(oracle.decodeFunctionResult('getL1Fee', fee)[0]).toBe(72n * 16n * 10n ** 9n);
    const arbitrum = provider('arbitrum');
    const answer = await arbitrum.call({
      to: ARBITRUM_NODE_INTERFACE,
      data: oracle.encodeFunctionData('gasEstimateL1Component', [devnetAccount(1).address, false, '0x']),
    });
    const [gasForL1, baseFee, l1BaseFee] = oracle.decodeFunctionResult('gasEstimateL1Component', answer) as unknown as bigint[];
    expect(l1BaseFee).toBe(10n ** 9n);
    expect(baseFee).toBe(10n ** 7n);
    expect(gasForL1! * baseFee!).toBe(140n * 16n * 10n ** 9n);
    expect(await provider('polygon').getCode(OP_GAS_PRICE_ORACLE)).toBe('0x');
    expect(await provider('polygon').getCode(ARBITRUM_NODE_INTERFACE)).toBe('0x');
  });

  it('keeps mining blocks without transactions', async () => {
    const p = provider('polygon');
    const before = await p.getBlockNumber();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await p.getBlockNumber()).toBeGreaterThan(before);
  });

  it('reuses the nodes already running, and leaves them running when it stops', async () => {
    const second = await startDevnet({ networks, dataDir });
    expect(NETWORKS.map((n) => second.nodes[n]?.reused)).toEqual([true, true, true, true, true]);
    await second.stop();
    expect(await probeRpc(networks.ethereum!.rpcUrl)).toEqual({ kind: 'node', chainId: 31337 });
  });

  it('refuses a port taken by something else', async () => {
    const server = http.createServer((_req, res) => res.writeHead(404).end('not here'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const only = { ...disabled(), polygon: { ...networks.polygon!, rpcUrl } };
      await expect(startDevnet({ networks: only, dataDir })).rejects.toThrow(/taken by something that is not an EVM node/);
    } finally {
      server.close();
    }
  });

  it('refuses a configuration that expects a token elsewhere', async () => {
    const only = { ...disabled(), bsc: { ...networks.bsc!, tokens: { 'USDT-BEP20': '0x55d398326f99059fF775485246999027B3197955' } } };
    await expect(startDevnet({ networks: only, dataDir })).rejects.toThrow(/USDT-BEP20 is configured at 0x55d3.* but the devnet deploys it at 0x5FbDB/);
  });
});

describe('payFromDevnet', () => {
  it('sends the native coin', async () => {
    const to = Wallet.createRandom().address;
    const sent = await payFromDevnet({ rpcUrl: networks.polygon!.rpcUrl, chainId: 31339, to, tokenContract: null, units: 1_234_567_890_000_000_000n });
    expect(sent.from).toBe(devnetAccount(1).address);
    expect(await provider('polygon').getBalance(to)).toBe(1_234_567_890_000_000_000n);
    expect((await provider('polygon').getTransactionReceipt(sent.txHash))?.blockNumber).toBe(sent.blockNumber);
  });

  it('sends a token, twice in a row from the same account', async () => {
    const to = Wallet.createRandom().address;
    const pay = () =>
      payFromDevnet({
        rpcUrl: networks.bsc!.rpcUrl,
        to,
        tokenContract: networks.bsc!.tokens['USDT-BEP20']!,
        units: 5_000_000_000_000_000_000n,
        accountIndex: 3,
      });
    await pay();
    await pay();
    const token = new Contract(networks.bsc!.tokens['USDT-BEP20']!, ERC20, provider('bsc'));
    expect(await token.getFunction('balanceOf')(to)).toBe(10_000_000_000_000_000_000n);
  });

  it('says so when no node answers', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    await expect(payFromDevnet({ rpcUrl, to: devnetAccount(2).address, tokenContract: null, units: 1n })).rejects.toThrow(/no node answers/);
  });
});

describe('stop', () => {
  it('frees the ports', async () => {
    await devnet.stop();
    for (const network of NETWORKS) {
      expect(await probeRpc(networks[network]!.rpcUrl)).toEqual({ kind: 'nothing' });
      const server = http.createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(Number(new URL(networks[network]!.rpcUrl).port), '127.0.0.1', resolve));
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

function disabled(): Record<TNetwork, NetworkConfig> {
  return Object.fromEntries(NETWORKS.map((n) => [n, { ...networks[n], enabled: false }])) as Record<TNetwork, NetworkConfig>;
}
