import type { NetworkConfig } from '../../config';
import * as scan from '../../services/chain-scan';
import { BalanceChecker } from './balance-check';
import { MAX_TOPICS_PER_CALL, nativePayments, tokenPayments } from './payments';
import { hostOf, JsonRpcClient, RpcError, type RpcBlock } from './json-rpc';
import type { WatcherOptions } from '../port';
import { ScanLoop } from '../scan-loop';

const UNFILTERED_BLOCK_RANGE = 10;

/**
 * Watches one EVM network for payments to open deposit addresses.
 *
 * Each pass: one eth_blockNumber; per new block one eth_getBlockByNumber with its transactions (native
 * transfers to watched addresses, and the block hash chain that reveals reorganisations); one
 * eth_getLogs per pass for the token Transfers. Receipts are asked only for native transfers that
 * match; the finality tag only while a payment waits for it; balances only of orders about to expire
 * or to stop being watched (BalanceChecker). Blocks, payments and the cursor are written in one
 * transaction, so a crash mid-scan repeats the pass rather than losing or doubling anything; the
 * orders touched are settled after that commit (ScanLoop).
 *
 * Before its first pass and after every failed contact with the node, the watcher asks the node's
 * chain id and refuses to scan a chain other than the configured one.
 */
export class ChainWatcher extends ScanLoop {
  readonly rpc: JsonRpcClient;
  private readonly network: NetworkConfig;
  private readonly tokenCoins: Map<string, string>;
  private readonly balances: BalanceChecker;
  /** The node's chain id was checked since the last failed contact. */
  private chainChecked = false;
  /** The node answered that it does not know the finality tag: count blocks instead. */
  private tagUnsupported = false;
  /** Blocks kept for reorganisation checks: deeper than any confirmation depth we wait for. */
  private readonly keepBlocks: number;

  constructor(opts: WatcherOptions & { rpc?: JsonRpcClient }) {
    super(opts);
    this.network = opts.network;
    this.rpc = opts.rpc ?? new JsonRpcClient(opts.network.rpcUrls, { chainId: opts.network.chainId });
    this.tokenCoins = new Map(Object.entries(opts.network.tokens).map(([coin, address]) => [address.toLowerCase(), coin]));
    this.keepBlocks = Math.max(64, opts.network.confirmations * 2);
    this.balances = new BalanceChecker({ network: opts.network, nativeCoin: opts.nativeCoin, db: opts.database.db, rpc: this.rpc });
  }

  /** One scan pass. Returns true when more blocks are waiting. */
  async pass(): Promise<boolean> {
    try {
      if (!(await this.onConfiguredChain())) return false;
      return await this.scanPass();
    } catch (err) {
      // A node we could not reach may come back as another node (a failover, a changed URL): check again.
      if (err instanceof RpcError && err.code === undefined) this.chainChecked = false;
      throw err;
    }
  }

  /** Checks the node's chain id once per contact; on a mismatch raises an admin alert and scans nothing. */
  private async onConfiguredChain(): Promise<boolean> {
    if (this.chainChecked) return true;
    const actual = Number(await this.rpc.call<string>('eth_chainId'));
    const { network, chainId } = this.network;
    if (actual !== chainId) {
      await this.opts.alerts.raise(`chain_id_mismatch:${network}`, chainMismatchMessage(network, hostOf(this.rpc.url), actual, chainId));
      return false;
    }
    this.chainChecked = true;
    return true;
  }

  private async scanPass(): Promise<boolean> {
    const { db } = this.opts.database;
    const net = this.network.network;
    await this.settleLeftovers();
    const head = await this.rpc.blockNumber();
    const cursor = await scan.readCursor(db, net);
    if (!cursor || cursor.chainId !== this.network.chainId) {
      // First run on this chain: start at the head. Earlier blocks cannot pay orders made from now on.
      await this.startOver(head, cursor ? 'the chain id changed' : undefined);
      return false;
    }
    if (head < cursor.lastBlock) {
      await this.rewind(head);
      return true;
    }
    const watched = await scan.watchedAddresses(db, this.opts.familyNetworks);
    // Unfiltered log queries (over 1,000 addresses) return every transfer of the tokens: keep them short.
    const range = Math.min(this.opts.maxBlockRange ?? 100, watched.size > MAX_TOPICS_PER_CALL ? UNFILTERED_BLOCK_RANGE : Infinity);
    const to = Math.min(head, cursor.lastBlock + range);
    const blocks = cursor.lastBlock < to ? await this.fetchBlocks(cursor.lastBlock + 1, to) : [];
    const previous = await scan.heldBlock(db, net, cursor.lastBlock);
    const broken = firstBreak(blocks, previous?.hash);
    if (broken !== null) {
      await this.rewind(broken - 1);
      return true;
    }
    const context = { network: net, chainId: this.network.chainId, nativeCoin: this.opts.nativeCoin };
    const observed = blocks.length
      ? [...(await nativePayments(this.rpc, context, blocks, watched)), ...(await tokenPayments(this.rpc, context, this.tokenCoins, blocks, watched))]
      : [];
    const scannedTo = blocks.length ? Number(blocks[blocks.length - 1]!.number) : cursor.lastBlock;
    const lastBlock = blocks.at(-1);
    const checks = lastBlock ? await this.balances.check(lastBlock, observed) : { found: [], checked: [] };
    observed.push(...checks.found);
    this.count(head, scannedTo, observed);
    const finalBlock = await this.finalBlock(scannedTo, observed.length > 0);

    const touched = new Set<number>();
    await db.transaction(async (tx) => {
      await scan.advanceScan(tx, net, blocks.map(heldOf), this.keepBlocks);
      await this.opts.payments.record(tx, observed);
      await scan.markBalancesChecked(tx, checks.checked);
      for (const id of await this.opts.payments.confirm(tx, net, scannedTo, finalBlock)) touched.add(id);
    });
    for (const p of observed) touched.add(p.orderId);
    await this.settle(touched);
    return scannedTo < head;
  }

  /**
   * The newest block whose payments count: the chain's own finality (the node's block tag) where the
   * network has it, else `confirmations` blocks deep. The tag costs a call, so it is asked only while a
   * payment waits for it.
   */
  private async finalBlock(scannedTo: number, observed: boolean): Promise<number> {
    const byCount = scannedTo - this.network.confirmations + 1;
    const tag = this.network.finality;
    if (!tag || this.tagUnsupported) return byCount;
    if (!observed && !(await scan.hasUnconfirmedPayments(this.opts.database.db, this.network.network))) return byCount;
    try {
      const block = await this.rpc.call<{ number: string } | null>('eth_getBlockByNumber', [tag, false]);
      if (block) return Math.min(Number(block.number), scannedTo);
    } catch (err) {
      if (!(err instanceof RpcError) || err.code === undefined) throw err;
    }
    this.tagUnsupported = true;
    this.opts.log.warn(
      { network: this.network.network, tag },
      `the node does not answer the "${tag}" block tag: counting ${this.network.confirmations} confirmations instead`,
    );
    return byCount;
  }

  private count(head: number, scannedTo: number, observed: { coin: string }[]) {
    const { metrics } = this.opts;
    if (!metrics) return;
    const network = this.network.network;
    metrics.watcherHead.set({ network }, head);
    metrics.watcherScanned.set({ network }, scannedTo);
    metrics.watcherLag.set({ network }, Math.max(0, head - scannedTo));
    for (const p of observed) metrics.paymentsSeen.inc({ network, coin: p.coin });
  }

  private async fetchBlocks(from: number, to: number): Promise<RpcBlock[]> {
    const calls = [];
    for (let n = from; n <= to; n++) calls.push({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, true] });
    const blocks = await this.rpc.batch<RpcBlock | null>(calls);
    // A node behind a load balancer may not have a block yet: scan only the contiguous part it gave.
    const firstMissing = blocks.findIndex((b) => b === null);
    return (firstMissing === -1 ? blocks : blocks.slice(0, firstMissing)) as RpcBlock[];
  }

  /**
   * The chain no longer holds what we scanned above some block: find the newest block we hold that
   * it still has, forget everything above it, and scan on from there.
   */
  private async rewind(below: number): Promise<void> {
    const net = this.network.network;
    const held = await scan.heldBlocksDownFrom(this.opts.database.db, net, below);
    const onChain = await this.rpc.batch<RpcBlock | null>(held.map((b) => ({ method: 'eth_getBlockByNumber', params: [`0x${b.number.toString(16)}`, false] })));
    const common = held.find((b, i) => onChain[i]?.hash === b.hash);
    if (!common) {
      await this.startOver(await this.rpc.blockNumber(), 'no block in common with the chain (reorganisation deeper than we keep)');
      return;
    }
    await this.rewindTo(common);
  }

  private async startOver(head: number, reason?: string): Promise<void> {
    const start = Math.max(0, head - 1);
    const block = await this.rpc.getBlock(start, false);
    await this.restartFrom(block ? heldOf(block) : { number: start }, reason);
  }
}

/** The admin alert when a network's node is on another chain. */
export function chainMismatchMessage(network: string, host: string, actual: number, expected: number): string {
  return `${network} watcher refuses to scan: the node at ${host} is chain ${actual}, the configuration says ${expected}. Payments on ${network} are not seen until this is fixed.`;
}

/** For the operator: a node of a network stopped answering, or answers again. */
export function rpcNodeHealthMessage(network: string, host: string, up: boolean, error?: string): string {
  return up
    ? `${network} RPC node ${host} answers again.`
    : `${network} RPC node ${host} is down (${error ?? 'no answer'}): calls go to the network's other nodes meanwhile, if it has any.`;
}

function heldOf(b: RpcBlock): scan.HeldBlock {
  return { number: Number(b.number), hash: b.hash, parentHash: b.parentHash };
}

/** The number of the first block that does not follow the chain we hold, or null. */
function firstBreak(blocks: RpcBlock[], previousHash: string | undefined): number | null {
  let parent = previousHash;
  for (const b of blocks) {
    if (parent !== undefined && b.parentHash !== parent) return Number(b.number);
    parent = b.hash;
  }
  return null;
}
