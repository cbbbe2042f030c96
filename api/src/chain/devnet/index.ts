import pino, { type Logger } from 'pino';
import { NETWORKS, type TNetwork } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { compileDevToken, type CompiledContract } from './compile';
import { startHardhatNode, type NodeProcess } from './node';
import { probeRpc } from './rpc';
import { deployTokens, planTokens, tokensDeployed, type PlannedToken } from './tokens';

export { payFromDevnet, type DevnetPayment, type SentPayment } from './pay';
export { devnetAccount, DEVNET_MNEMONIC, FUNDED_ACCOUNT_INDEXES, DEFAULT_PAYER_INDEX } from './accounts';
export { devnetNetworks, freeDevnetNetworks } from './networks';

/**
 * The local development chain: one Hardhat Network node per network, each on the port of that
 * network's rpcUrl, with the tokens deployed where the configuration expects them (DESIGN.md
 * section 3: a real chain in development and tests).
 */

export interface DevnetOptions {
  networks: Record<TNetwork, NetworkConfig>;
  /** The compiled token contract is cached here, and Hardhat keeps its own files under it. */
  dataDir: string;
  log?: Logger;
  /** A block every this many milliseconds, on top of one per transaction. */
  blockIntervalMs?: number;
}

export interface DevnetNode {
  network: TNetwork;
  rpcUrl: string;
  chainId: number;
  /** Deployed token contracts by coin symbol. */
  tokens: Record<string, string>;
  /** Another process started this node (e.g. a second `npm start`): stop() leaves it running. */
  reused: boolean;
}

export interface Devnet {
  /** The networks served locally; enabled networks on remote RPC URLs are absent. */
  nodes: Partial<Record<TNetwork, DevnetNode>>;
  stop(): Promise<void>;
}

const DEFAULT_BLOCK_INTERVAL_MS = 1_000;
/** How long a node that answers but lacks the tokens may take to get them (another process deploying). */
const FOREIGN_DEPLOY_WAIT_MS = 5_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

export async function startDevnet(opts: DevnetOptions): Promise<Devnet> {
  const log = opts.log ?? pino({ enabled: false });
  let compiled: Promise<CompiledContract> | undefined;
  const context: StartContext = {
    dataDir: opts.dataDir,
    blockIntervalMs: opts.blockIntervalMs ?? DEFAULT_BLOCK_INTERVAL_MS,
    log,
    // Compiled once for all networks, and only when some node is new.
    artifact: () => (compiled ??= compileDevToken(opts.dataDir)),
  };
  const local = NETWORKS.map((n) => opts.networks[n]).filter((n) => n.enabled && isLocal(n.rpcUrl, log));
  const results = await Promise.allSettled(local.map((n) => startNetwork(n, context)));
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((s) => s.proc?.stop()));
  };
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failures.length) {
    await stopAll();
    throw new Error(`devnet did not start:\n  ${failures.map((e) => e.message).join('\n  ')}`);
  }
  return { nodes: Object.fromEntries(started.map((s) => [s.node.network, s.node])), stop: stopAll };
}

interface StartContext {
  dataDir: string;
  blockIntervalMs: number;
  log: Logger;
  artifact(): Promise<CompiledContract>;
}

function isLocal(rpcUrl: string, log: Logger): boolean {
  const url = new URL(rpcUrl);
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (!local) log.info({ rpcUrl }, 'devnet: not a local http URL, no node started for it');
  return local;
}

async function startNetwork(network: NetworkConfig, ctx: StartContext): Promise<{ node: DevnetNode; proc?: NodeProcess }> {
  const plan = planTokens(network);
  const { rpcUrl, chainId } = network;
  const node: DevnetNode = { network: network.network, rpcUrl, chainId, tokens: Object.fromEntries(plan.map((t) => [t.symbol, t.address])), reused: false };
  const probe = await probeRpc(rpcUrl);
  if (probe.kind === 'other') throw new Error(`${network.network}: port of ${rpcUrl} is taken by something that is not an EVM node (${probe.detail})`);
  if (probe.kind === 'node') {
    if (probe.chainId !== chainId) throw new Error(`${network.network}: port of ${rpcUrl} is taken by a node of chain ${probe.chainId}, not the devnet's ${chainId}`);
    await waitForForeignTokens(network, plan);
    ctx.log.info({ network: network.network, rpcUrl }, 'devnet: reusing the node already running');
    return { node: { ...node, reused: true } };
  }
  const started = Date.now();
  // Compiling overlaps the node's start-up (a second or two each); the failure, if any, is reported
  // when deployment needs the result.
  const artifact = plan.length ? ctx.artifact() : undefined;
  artifact?.catch(() => undefined);
  const proc = await startHardhatNode({ rpcUrl, port: portOf(rpcUrl), chainId, blockIntervalMs: ctx.blockIntervalMs, dataDir: ctx.dataDir, log: ctx.log.child({ network: network.network }) });
  try {
    if (artifact) await deployTokens(rpcUrl, chainId, plan, await artifact);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  ctx.log.info({ network: network.network, rpcUrl, chainId, tokens: node.tokens, pid: proc.pid, ms: Date.now() - started }, 'devnet: node started');
  return { node, proc };
}

/** A node with the devnet's chain id but without its tokens: give a process that is deploying them a moment. */
async function waitForForeignTokens(network: NetworkConfig, plan: PlannedToken[]): Promise<void> {
  const deadline = Date.now() + FOREIGN_DEPLOY_WAIT_MS;
  while (!(await tokensDeployed(network.rpcUrl, network.chainId, plan))) {
    if (Date.now() > deadline) {
      throw new Error(
        `${network.network}: a node of chain ${network.chainId} already runs at ${network.rpcUrl} but has no devnet tokens at ${plan.map((t) => t.address).join(', ')} ` +
          '(a Hardhat node started by something else?): stop it or point the RPC URL elsewhere',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function portOf(rpcUrl: string): number {
  return Number(new URL(rpcUrl).port || 80);
}
