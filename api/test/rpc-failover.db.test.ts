import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeDevnetNetworks, startDevnet, type Devnet } from '../src/chain/devnet';
import { JsonRpcClient, WrongChainError, type RpcRequestRecord } from '../src/chain/evm/json-rpc';
import { startTestApi } from './harness';
import { TcpGate } from './tcp-gate';

/**
 * Several RPC URLs per network, against real Hardhat nodes: a dead first node costs
 * one failed request and then rests; a node of another chain is never used; a node that comes back
 * is used again after its chain is checked once more.
 */

let devnet: Devnet;
let dataDir: string;
let eth: string;
let bsc: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-failover-'));
  const networks = await freeDevnetNetworks();
  devnet = await startDevnet({ networks: { ethereum: networks.ethereum!, bsc: networks.bsc! }, dataDir, blockIntervalMs: 0 });
  eth = devnet.nodes.ethereum!.rpcUrl;
  bsc = devnet.nodes.bsc!.rpcUrl;
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('RPC failover', () => {
  it('fails over from a dead first node in the same call, then leaves it resting', async () => {
    const gate = await TcpGate.start(eth);
    await gate.close();
    const records: RpcRequestRecord[] = [];
    const client = new JsonRpcClient([gate.in(eth), eth], { chainId: 31337, onRequest: (r) => records.push(r) });
    expect(await client.blockNumber()).toBeGreaterThanOrEqual(0);
    const [first, second] = client.status();
    expect(first).toMatchObject({ consecutiveFailures: 1, lastError: expect.stringMatching(/unreachable/) });
    expect(first!.score).toBeLessThan(1);
    expect(first!.restingUntil).toBeGreaterThan(Date.now());
    expect(second).toMatchObject({ score: 1, consecutiveFailures: 0, restingUntil: 0 });

    // Resting: the next calls go straight to the live node.
    records.length = 0;
    for (let i = 0; i < 5; i++) await client.blockNumber();
    expect(records.map((r) => r.endpoint)).toEqual(Array(5).fill(new URL(eth).host));
    expect(client.url).toBe(eth);
  });

  it('never uses a node of another chain, and takes a node back once it answers on the right chain', async () => {
    const gate = await TcpGate.start(eth);
    const wrong: [string, number][] = [];
    const client = new JsonRpcClient([gate.in(eth), bsc], { chainId: 31337, onWrongChain: (endpoint, actual) => wrong.push([endpoint, actual]) });
    const head = await client.blockNumber();

    // The Ethereum node goes away; the only other node is BSC's: nothing is scanned from it.
    await gate.close();
    await expect(client.blockNumber()).rejects.toBeInstanceOf(WrongChainError);
    expect(wrong).toEqual([[new URL(bsc).host, 31338]]);
    expect(client.status()[1]).toMatchObject({ wrongChainId: 31338 });

    // Back: a resting node beats none, and it is asked its chain again before use.
    await gate.open();
    expect(await client.blockNumber()).toBeGreaterThanOrEqual(head);
    expect(client.url).toBe(gate.in(eth));
    await gate.close();
  });

  it('warns and raises an alert when a node is marked down, and again when it answers again', async () => {
    const gate = await TcpGate.start(eth);
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    const api = await startTestApi({
      log,
      env: { ETHEREUM_RPC_URL: `${gate.in(eth)},${eth}`, BSC_ENABLED: 'false', POLYGON_ENABLED: 'false', TRON_ENABLED: 'false', TON_ENABLED: 'false' },
    });
    const host = new URL(gate.in(eth)).host;
    const alerts = async () => (await api.services.alerts.open()).map((a) => a.kind).sort();
    const warnings = () => lines.filter((l) => l.level === 40 && l.msg.includes(host)).map((l) => l.msg);
    try {
      const rpc = { blockNumber: () => api.services.chains.health('ethereum') };
      await rpc.blockNumber();
      expect(await alerts()).toEqual([]);

      // Down: the call fails over to the second node; the operator hears of it once.
      await gate.close();
      await rpc.blockNumber();
      await rpc.blockNumber();
      await expect.poll(alerts, { timeout: 5_000 }).toEqual([`rpc_node_down:ethereum:${host}`]);
      expect(warnings()).toEqual([expect.stringMatching(/ethereum RPC node .* is down/)]);

      // Back: once its rest is over, a call probes it in the background and finds it answering.
      await gate.open();
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      await rpc.blockNumber();
      await expect.poll(alerts, { timeout: 5_000 }).toEqual([`rpc_node_down:ethereum:${host}`, `rpc_node_up:ethereum:${host}`]);
      expect(warnings()).toEqual([expect.stringMatching(/is down/), expect.stringMatching(/answers again/)]);
    } finally {
      await gate.close();
      await api.close();
    }
  }, 120_000);

  it('raises the chain id alert for admins when a network’s failover node is on another chain', async () => {
    const gate = await TcpGate.start(eth);
    await gate.close();
    const api = await startTestApi({
      env: { ETHEREUM_RPC_URL: `${gate.in(eth)},${bsc}`, BSC_ENABLED: 'false', POLYGON_ENABLED: 'false', TRON_ENABLED: 'false', TON_ENABLED: 'false' },
    });
    try {
      const health = await api.services.chains.health('ethereum');
      expect(health.head).toBeNull();
      // The alert is written beside the read (the wrong-chain callback does not hold the read up).
      await expect
        .poll(async () => (await api.services.alerts.open()).map((a) => [a.kind, a.message]).sort(([a], [b]) => a!.localeCompare(b!)), { timeout: 10_000 })
        .toEqual([
          ['chain_id_mismatch:ethereum', expect.stringMatching(new RegExp(`node at ${new URL(bsc).host} is chain 31338, the configuration says 31337`))],
          [`rpc_node_down:ethereum:${new URL(gate.in(eth)).host}`, expect.stringMatching(/is down/)],
        ]);
    } finally {
      await api.close();
    }
  });
});
