import pino, { type Logger } from 'pino';
import { CHAINS, type ChainRegistry } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { compileDevnetContracts, type DevnetContracts } from './compile';
import { startHardhatNode, type NodeProcess } from './node';
import { probeRpc } from './rpc';
import { contractsDeployed, deployContracts, planDeployment, type DeployPlan } from './tokens';

export { payFromDevnet, type SentPayment } from './pay';
export { devnetAccount, FUNDED_ACCOUNT_INDEXES, DEFAULT_PAYER_INDEX } from './accounts';
export { freeDevnetNetworks } from './networks';
export { devnetForwarderAddress } from './addresses';

/**
 * The local development chain: one Hardhat Network node per enabled network of the registry, each on
 * the port of that network's rpcUrl, with the tokens deployed where the configuration expects them
 * and a forwarder for internal transfers (DESIGN.md
 * section 3: a real chain in development and tests).
 */

interface DevnetOptions {
  networks: Readonly<Record<string, NetworkConfig>>;
  /** The registry the networks come from (default: the built-in one). */
  registry?: ChainRegistry;
  /** The compiled contracts is cached here, and Hardhat keeps its own files under it. */
  dataDir: string;
  log?: Logger;
  /** A block every this many milliseconds, on top of one per transaction. */
  blockIntervalMs?: number;
}

export interface DevnetNode {
  network: string;
  rpcUrl: string;
  chainId: number;
  /** Deployed token contracts by coin symbol. */
  tokens: Record<string, string>;
  /** The forwarder contract (contracts/Forwarder.sol): sends the native coin by an internal call. */
  forwarder: string;
  /** Another process started this node (e.g. a second `npm start`): stop() leaves it running. */
  reused: boolean;
}

export interface Devnet {
  /** The networks served locally; enabled networks on remote RPC URLs are absent. */
  nodes: Record<string, DevnetNode>;
  stop(): Promise<void>;
}

const DEFAULT_BLOCK_INTERVAL_MS = 1_000;
/** How long a node that answers but lacks the tokens may take to get them (another process deploying). */
const FOREIGN_DEPLOY_WAIT_MS = 5_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

export async function startDevnet(opts: DevnetOptions): Promise<Devnet> {
  const log = opts.log ?? pino({ enabled: false });
  let compiled: Promise<DevnetContracts> | undefined;
  const context: StartContext = {
    registry: opts.registry ?? CHAINS,
    dataDir: opts.dataDir,
    blockIntervalMs: opts.blockIntervalMs ?? DEFAULT_BLOCK_INTERVAL_MS,
    log,
    // Compiled once for all networks, and only when some node is new.
    artifacts: () => (compiled ??= compileDevnetContracts(opts.dataDir)),
  };
  const local = Object.values(opts.networks).filter((n) => n.enabled && isLocal(n.rpcUrl, log));
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
  registry: ChainRegistry;
  dataDir: string;
  blockIntervalMs: number;
  log: Logger;
  artifacts(): Promise<DevnetContracts>;
}

function isLocal(rpcUrl: string, log: Logger): boolean {
  const url = new URL(rpcUrl);
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (!local) log.info({ rpcUrl }, 'devnet: not a local http URL, no node started for it');
  return local;
}

async function startNetwork(network: NetworkConfig, ctx: StartContext): Promise<{ node: DevnetNode; proc?: NodeProcess }> {
  const plan = planDeployment(ctx.registry, network);
  const { rpcUrl, chainId } = network;
  const tokens = Object.fromEntries(plan.tokens.map((t) => [t.symbol, t.address]));
  const node: DevnetNode = { network: network.network, rpcUrl, chainId, tokens, forwarder: plan.forwarder, reused: false };
  const probe = await probeRpc(rpcUrl);
  if (probe.kind === 'other') throw new Error(`${network.network}: port of ${rpcUrl} is taken by something that is not an EVM node (${probe.detail})`);
  if (probe.kind === 'node') {
    if (probe.chainId !== chainId)
      throw new Error(`${network.network}: port of ${rpcUrl} is taken by a node of chain ${probe.chainId}, not the devnet's ${chainId}`);
    await waitForForeignTokens(network, plan);
    ctx.log.info({ network: network.network, rpcUrl }, 'devnet: reusing the node already running');
    return { node: { ...node, reused: true } };
  }
  const started = Date.now();
  // Compiling overlaps the node's start-up (a second or two each); the failure, if any, is reported
  // when deployment needs the result.
  const artifacts = ctx.artifacts();
  artifacts.catch(() => undefined);
  const proc = await startHardhatNode({
    rpcUrl,
    port: portOf(rpcUrl),
    chainId,
    blockIntervalMs: ctx.blockIntervalMs,
    dataDir: ctx.dataDir,
    log: ctx.log.child({ network: network.network }),
  });
  try {
    await deployContracts(rpcUrl, chainId, plan, await artifacts);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  ctx.log.info({ network: network.network, rpcUrl, chainId, tokens: node.tokens, pid: proc.pid, ms: Date.now() - started }, 'devnet: node started');
  return { node, proc };
}

/** A node with the devnet's chain id but without its tokens: give a process that is deploying them a moment. */
async function waitForForeignTokens(network: NetworkConfig, plan: DeployPlan): Promise<void> {
  const deadline = Date.now() + FOREIGN_DEPLOY_WAIT_MS;
  while (!(await contractsDeployed(network.rpcUrl, network.chainId, plan))) {
    if (Date.now() > deadline) {
      throw new Error(
        `${network.network}: a node of chain ${network.chainId} already runs at ${network.rpcUrl} but has no devnet contracts at ${[...plan.tokens.map((t) => t.address), plan.forwarder].join(', ')} ` +
          '(a Hardhat node started by something else?): stop it or point the RPC URL elsewhere',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function portOf(rpcUrl: string): number {
  return Number(new URL(rpcUrl).port || 80);
}
