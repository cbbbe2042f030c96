import pino, { type Logger } from 'pino';
import { CHAINS, type ChainRegistry } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { FAMILIES } from '../families';
import { compileDevnetContracts } from './compile';
import { startHardhatNode } from './node';
import { probeRpc } from './rpc';
import { contractsDeployed, deployContracts, planDeployment, type DeployPlan } from './tokens';

export { payFromDevnet, type SentPayment } from './pay';
export { devnetAccount, FUNDED_ACCOUNT_INDEXES, DEFAULT_PAYER_INDEX } from './accounts';
export { freeDevnetNetworks } from './networks';
export { devnetForwarderAddress } from './addresses';

/**
 * The local development chain: a Hardhat Network node per enabled EVM network of the registry that has a
 * devnet entry, each on the port of that network's rpcUrl, all in one child process, with the tokens
 * deployed where the configuration expects them; and for the other families' networks, the family's own
 * double (chain/families.ts: `double`)
 * and a forwarder for internal transfers (docs/design.md
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
  /** The forwarder contract (contracts/Forwarder.sol): sends the native coin by an internal call. Absent on a family's own double. */
  forwarder?: string;
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
  const registry = opts.registry ?? CHAINS;
  const served = (n: NetworkConfig) => n.enabled && registry.network(n.network)?.devnet !== undefined && isLocal(n.rpcUrl, log);
  // The EVM family's networks: Hardhat nodes. Other families' networks: the family's own double.
  const local = Object.values(opts.networks).filter((n) => served(n) && registry.network(n.network)!.family === 'evm');
  const doubled = Object.values(opts.networks).filter((n) => served(n) && FAMILIES[registry.network(n.network)!.family]?.double !== undefined);
  const doubles = await Promise.allSettled(doubled.map((n) => startFamilyDouble(n, registry, log)));
  const stopDoubles = () => Promise.all(doubles.flatMap((r) => (r.status === 'fulfilled' ? [r.value.stop()] : [])));
  // A node already serving a network (e.g. a second `npm start`) is reused; the others start together.
  const probed = await Promise.allSettled(local.map((n) => reusedNode(n, registry, log)));
  const failures = [...doubles, ...probed].flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failures.length) {
    await stopDoubles();
    throw new Error(`devnet did not start:\n  ${failures.map((e) => e.message).join('\n  ')}`);
  }
  const doubleNodes = doubles.flatMap((r) => (r.status === 'fulfilled' ? [r.value.node] : []));
  const reused = probed.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const fresh = local.filter((n) => !reused.some((r) => r.network === n.network));
  if (fresh.length === 0)
    return { nodes: Object.fromEntries([...reused, ...doubleNodes].map((n) => [n.network, n])), stop: async () => void (await stopDoubles()) };

  const started = Date.now();
  // Compiling overlaps the nodes' start-up (a few seconds); a failure is reported when deployment needs the result.
  const artifacts = compileDevnetContracts(opts.dataDir);
  artifacts.catch(() => undefined);
  const proc = await startHardhatNode({
    chains: fresh.map((n) => ({ rpcUrl: n.rpcUrl, port: portOf(n.rpcUrl), chainId: n.chainId })),
    blockIntervalMs: opts.blockIntervalMs ?? DEFAULT_BLOCK_INTERVAL_MS,
    dataDir: opts.dataDir,
    log,
  }).catch(async (err: Error) => {
    await stopDoubles();
    throw new Error(`devnet did not start:\n  ${err.message}`);
  });
  const deployed = await Promise.allSettled(
    fresh.map(async (network) => {
      const plan = planDeployment(registry, network);
      await deployContracts(network.rpcUrl, network.chainId, plan, await artifacts);
      const node = nodeOf(network, plan, false);
      log.info(
        { network: network.network, rpcUrl: network.rpcUrl, chainId: network.chainId, tokens: node.tokens, pid: proc.pid, ms: Date.now() - started },
        'devnet: node started',
      );
      return node;
    }),
  );
  const deployFailures = deployed.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (deployFailures.length) {
    await Promise.all([proc.stop(), stopDoubles()]);
    throw new Error(`devnet did not start:\n  ${deployFailures.map((e) => e.message).join('\n  ')}`);
  }
  const nodes = [...reused, ...doubleNodes, ...deployed.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))];
  return { nodes: Object.fromEntries(nodes.map((n) => [n.network, n])), stop: async () => void (await Promise.all([proc.stop(), stopDoubles()])) };
}

async function startFamilyDouble(network: NetworkConfig, registry: ChainRegistry, log: Logger): Promise<{ node: DevnetNode; stop(): Promise<void> }> {
  const double = FAMILIES[registry.network(network.network)!.family]!.double!;
  const running = await double.start(network, registry);
  log.info(
    { network: network.network, rpcUrl: running.rpcUrl, chainId: running.chainId, tokens: running.tokens, reused: running.reused },
    'devnet: double started',
  );
  return {
    node: { network: network.network, rpcUrl: running.rpcUrl, chainId: running.chainId, tokens: running.tokens, reused: running.reused },
    stop: () => running.stop(),
  };
}

function isLocal(rpcUrl: string, log: Logger): boolean {
  const url = new URL(rpcUrl);
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (!local) log.info({ rpcUrl }, 'devnet: not a local http URL, no node started for it');
  return local;
}

function nodeOf(network: NetworkConfig, plan: DeployPlan, reused: boolean): DevnetNode {
  const tokens = Object.fromEntries(plan.tokens.map((t) => [t.symbol, t.address]));
  return { network: network.network, rpcUrl: network.rpcUrl, chainId: network.chainId, tokens, forwarder: plan.forwarder, reused };
}

/** The node already serving this network's URL, if one does; an error if something else holds its port. */
async function reusedNode(network: NetworkConfig, registry: ChainRegistry, log: Logger): Promise<DevnetNode | undefined> {
  const { rpcUrl, chainId } = network;
  const probe = await probeRpc(rpcUrl);
  if (probe.kind === 'other') throw new Error(`${network.network}: port of ${rpcUrl} is taken by something that is not an EVM node (${probe.detail})`);
  if (probe.kind === 'nothing') return undefined;
  if (probe.chainId !== chainId)
    throw new Error(`${network.network}: port of ${rpcUrl} is taken by a node of chain ${probe.chainId}, not the devnet's ${chainId}`);
  const plan = planDeployment(registry, network);
  await waitForForeignTokens(network, plan);
  log.info({ network: network.network, rpcUrl }, 'devnet: reusing the node already running');
  return nodeOf(network, plan, true);
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
