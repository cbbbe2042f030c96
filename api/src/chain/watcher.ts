import type { NetworkConfig } from '../config';
import type { SessionLock } from '../db/client';
import * as scan from '../services/chain-scan';
import { BalanceChecker } from './balance-check';
import { MAX_TOPICS_PER_CALL, nativePayments, tokenPayments } from './evm-payments';
import { hostOf, JsonRpcClient, RpcError, type RpcBlock } from './json-rpc';
import type { NetworkWatcher, WatcherOptions } from './port';

const UNFILTERED_BLOCK_RANGE = 10;

/** The advisory lock key of a network's watcher: one process scans a network at a time. */
function lockKey(network: string): number {
  // A stable small hash of the name: the registry may add networks, and a key must never change.
  let h = 0;
  for (const ch of network) h = (h * 31 + ch.charCodeAt(0)) % 100_000;
  return 727_100_000 + h;
}

/**
 * Watches one EVM network for payments to open deposit addresses.
 *
 * Each pass: one eth_blockNumber; per new block one eth_getBlockByNumber with its transactions (native
 * transfers to watched addresses, and the block hash chain that reveals reorganisations); one
 * eth_getLogs per pass for the token Transfers. Receipts are asked only for native transfers that
 * match; the finality tag only while a payment waits for it; balances only of orders about to expire
 * or to stop being watched (BalanceChecker). Blocks, payments and the cursor are written in one
 * transaction, so a crash mid-scan repeats the pass rather than losing or doubling anything. The
 * orders touched are settled after that commit; a watcher's first pass (a restarted process) and the
 * pass after a failed settlement first settle every order a crash may have left between the two.
 *
 * Before its first pass and after every failed contact with the node, the watcher asks the node's
 * chain id and refuses to scan a chain other than the configured one.
 */
export class ChainWatcher implements NetworkWatcher {
  readonly rpc: JsonRpcClient;
  private readonly network: NetworkConfig;
  private readonly tokenCoins: Map<string, string>;
  private readonly balances: BalanceChecker;
  private lock: SessionLock | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Orders may have been left unsettled (by a crash before this watcher existed, or a failed settle). */
  private unsettled = true;
  /** The node's chain id was checked since the last failed contact. */
  private chainChecked = false;
  /** The node answered that it does not know the finality tag: count blocks instead. */
  private tagUnsupported = false;
  /** Blocks kept for reorganisation checks: deeper than any confirmation depth we wait for. */
  private readonly keepBlocks: number;

  constructor(private readonly opts: WatcherOptions & { rpc?: JsonRpcClient }) {
    this.network = opts.network;
    this.rpc = opts.rpc ?? new JsonRpcClient(opts.network.rpcUrls, { chainId: opts.network.chainId });
    this.tokenCoins = new Map(Object.entries(opts.network.tokens).map(([coin, address]) => [address.toLowerCase(), coin]));
    this.keepBlocks = Math.max(64, opts.network.confirmations * 2);
    this.balances = new BalanceChecker({ network: opts.network, nativeCoin: opts.nativeCoin, db: opts.database.db, rpc: this.rpc });
  }

  get scanning(): boolean {
    return this.lock?.held ?? false;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.lock?.release();
    this.lock = null;
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((err) => this.opts.log.warn({ err, network: this.network.network }, 'chain watcher pass failed'))
        .finally(() => this.schedule(this.opts.pollMs ?? this.network.pollMs));
    }, delay);
  }

  private async tick(): Promise<void> {
    if (this.lock && !this.lock.held) {
      // Our connection died and PostgreSQL released the lock: another process may scan now.
      this.opts.log.warn({ network: this.network.network }, 'lost the scanning lock; trying to take it again');
      this.lock = null;
    }
    this.lock ??= await this.opts.database.tryLock(lockKey(this.network.network));
    if (!this.lock) return;
    // Catch up in passes of at most maxBlockRange blocks until the head is reached.
    while (!this.stopped && (await this.pass()));
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
    if (this.unsettled) await this.settleLeftovers();
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
    const watched = await scan.watchedAddresses(db);
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

  private async settle(orderIds: Iterable<number>): Promise<void> {
    try {
      for (const id of orderIds) await this.opts.payments.settle(id);
    } catch (err) {
      // The payments are committed; the next pass settles whatever this one could not.
      this.unsettled = true;
      throw err;
    }
  }

  /** Settling is idempotent, so settling an order that was fine changes nothing. */
  private async settleLeftovers(): Promise<void> {
    await this.settle(await scan.ordersToResettle(this.opts.database.db, this.network.network));
    this.unsettled = false;
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
    this.opts.log.warn({ network: net, keptBlock: common.number }, 'chain reorganisation: rescanning');
    const touched = await this.opts.database.db.transaction(async (tx) => {
      await scan.rewindScan(tx, net, common.number);
      return this.opts.payments.removeAbove(tx, net, common.number);
    });
    await this.settle(touched);
  }

  private async startOver(head: number, reason?: string): Promise<void> {
    const net = this.network.network;
    if (reason) {
      if (!this.opts.devnet) throw new Error(`${net} watcher stopped: ${reason}; an operator must look at it`);
      this.opts.log.warn({ network: net, reason }, 'devnet restarted: watching from its head');
    }
    const start = Math.max(0, head - 1);
    const block = await this.rpc.getBlock(start, false);
    const touched = await this.opts.database.db.transaction(async (tx) => {
      await scan.restartScan(tx, net, this.network.chainId, block ? heldOf(block) : { number: start });
      // Unconfirmed payments were on the chain that is gone.
      return this.opts.payments.removeAbove(tx, net, -1);
    });
    await this.settle(touched);
  }
}

/** The admin alert when a network's node is on another chain. */
export function chainMismatchMessage(network: string, host: string, actual: number, expected: number): string {
  return `${network} watcher refuses to scan: the node at ${host} is chain ${actual}, the configuration says ${expected}. Payments on ${network} are not seen until this is fixed.`;
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
