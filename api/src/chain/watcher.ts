import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { COINS, type TCoinSymbol, type TNetwork } from '@topup/shared';
import type { NetworkConfig } from '../config';
import type { Database, SessionLock } from '../db/client';
import { chainBlocks, chainCursors, orders, payments } from '../db/schema';
import type { ObservedPayment, PaymentService } from '../services/payments';
import { JsonRpcClient, type RpcBlock, type RpcTransaction } from './json-rpc';

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Most nodes cap one eth_getLogs filter at this many topic values. */
const MAX_TOPICS_PER_CALL = 1000;
const UNFILTERED_BLOCK_RANGE = 10;

export interface WatcherOptions {
  network: NetworkConfig;
  database: Database;
  payments: PaymentService;
  log: Logger;
  /** Overrides the network's poll interval (tests). */
  pollMs?: number;
  /** Most blocks scanned per pass (one eth_getLogs range). */
  maxBlockRange?: number;
  /** A devnet may be restarted empty; then the watcher starts over instead of stopping. */
  devnet?: boolean;
  rpc?: JsonRpcClient;
}

/** The advisory lock key of a network's watcher: one process scans a network at a time. */
function lockKey(network: TNetwork): number {
  return 727_100 + ['ethereum', 'bsc', 'polygon'].indexOf(network);
}

/**
 * Watches one network for payments to open deposit addresses.
 *
 * Each pass: one eth_blockNumber; per new block one eth_getBlockByNumber with its transactions (native
 * transfers to watched addresses, and the block hash chain that reveals reorganisations); one
 * eth_getLogs per pass for the token Transfers. Receipts are asked only for
 * native transfers that match. Blocks, payments and the cursor are written in one transaction, so a
 * crash mid-scan repeats the pass rather than losing or doubling anything. The orders touched are
 * settled after that commit; a watcher's first pass (a restarted process) and the pass after a failed
 * settlement first settle every order a crash may have left between the two.
 *
 * Native transfers are found by scanning blocks rather than by balance checks: a balance query per
 * open address per block grows with the number of orders and cannot tell one payment from two.
 */
export class ChainWatcher {
  readonly rpc: JsonRpcClient;
  private readonly network: NetworkConfig;
  private readonly tokenCoins: Map<string, TCoinSymbol>;
  private readonly nativeCoin: TCoinSymbol;
  private lock: SessionLock | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Orders may have been left unsettled (by a crash before this watcher existed, or a failed settle). */
  private unsettled = true;
  /** Blocks kept for reorganisation checks: deeper than any confirmation depth we wait for. */
  private readonly keepBlocks: number;

  constructor(private readonly opts: WatcherOptions) {
    this.network = opts.network;
    this.rpc = opts.rpc ?? new JsonRpcClient(opts.network.rpcUrl);
    this.tokenCoins = new Map(Object.entries(opts.network.tokens).map(([coin, address]) => [address.toLowerCase(), coin as TCoinSymbol]));
    this.nativeCoin = (Object.values(COINS).find((c) => c.network === opts.network.network && c.kind === 'native')!).symbol;
    this.keepBlocks = Math.max(64, opts.network.confirmations * 2);
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
    const { db } = this.opts.database;
    const net = this.network.network;
    if (this.unsettled) await this.settleLeftovers();
    const head = await this.rpc.blockNumber();
    const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.network, net));
    if (!cursor || cursor.chainId !== this.network.chainId) {
      // First run on this chain: start at the head. Earlier blocks cannot pay orders made from now on.
      await this.startOver(head, cursor ? 'the chain id changed' : undefined);
      return false;
    }
    if (head < cursor.lastBlock) {
      await this.rewind(head);
      return true;
    }
    const from = cursor.lastBlock + 1;
    const watched = await this.watchedAddresses();
    // Unfiltered log queries (over 1,000 addresses) return every transfer of the tokens: keep them short.
    const range = Math.min(this.opts.maxBlockRange ?? 100, watched.size > MAX_TOPICS_PER_CALL ? UNFILTERED_BLOCK_RANGE : Infinity);
    const to = Math.min(head, cursor.lastBlock + range);
    const blocks = from <= to ? await this.fetchBlocks(from, to) : [];
    const [previous] = await db.select().from(chainBlocks).where(and(eq(chainBlocks.network, net), eq(chainBlocks.number, cursor.lastBlock)));
    const broken = this.firstBreak(blocks, previous?.hash);
    if (broken !== null) {
      await this.rewind(broken - 1);
      return true;
    }
    const observed = blocks.length ? [...(await this.nativePayments(blocks, watched)), ...(await this.tokenPayments(blocks, watched))] : [];
    const scannedTo = blocks.length ? Number(blocks[blocks.length - 1]!.number) : cursor.lastBlock;

    const touched = new Set<number>();
    await db.transaction(async (tx) => {
      if (blocks.length) {
        await tx.insert(chainBlocks).values(blocks.map((b) => ({ network: net, number: Number(b.number), hash: b.hash, parentHash: b.parentHash }))).onConflictDoNothing();
        await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, net), lte(chainBlocks.number, scannedTo - this.keepBlocks)));
        await this.opts.payments.record(tx, observed);
        await tx.update(chainCursors).set({ lastBlock: scannedTo, updatedAt: new Date() }).where(eq(chainCursors.network, net));
      }
      for (const id of await this.opts.payments.confirm(tx, net, scannedTo, this.network.confirmations)) touched.add(id);
    });
    for (const p of observed) touched.add(p.orderId);
    await this.settle(touched);
    return scannedTo < head;
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

  /**
   * Settles the orders whose payments on this network may have changed without the order following:
   * those still confirming, and those with a live payment not yet applied. Settling is idempotent, so
   * settling an order that was fine changes nothing.
   */
  private async settleLeftovers(): Promise<void> {
    const rows = await this.opts.database.db
      .selectDistinct({ id: orders.id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.network, this.network.network), or(eq(orders.status, 'confirming'), and(ne(payments.status, 'removed'), isNull(payments.disposition)))));
    await this.settle(rows.map((r) => r.id));
    this.unsettled = false;
  }

  /** The open deposit addresses (lower-case) and their orders: watched until 24 h after the window. */
  private async watchedAddresses(): Promise<Map<string, number>> {
    const rows = await this.opts.database.db
      .select({ id: orders.id, address: orders.depositAddress })
      .from(orders)
      .where(gt(orders.watchUntil, sql`now()`));
    // Only crypto orders have a watch period, and all of them have an address.
    return new Map(rows.map((r) => [r.address!.toLowerCase(), r.id]));
  }

  private async fetchBlocks(from: number, to: number): Promise<RpcBlock[]> {
    const calls = [];
    for (let n = from; n <= to; n++) calls.push({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, true] });
    const blocks = await this.rpc.batch<RpcBlock | null>(calls);
    // A node behind a load balancer may not have a block yet: scan only the contiguous part it gave.
    const firstMissing = blocks.findIndex((b) => b === null);
    return (firstMissing === -1 ? blocks : blocks.slice(0, firstMissing)) as RpcBlock[];
  }

  /** The number of the first block that does not follow the chain we hold, or null. */
  private firstBreak(blocks: RpcBlock[], previousHash: string | undefined): number | null {
    let parent = previousHash;
    for (const b of blocks) {
      if (parent !== undefined && b.parentHash !== parent) return Number(b.number);
      parent = b.hash;
    }
    return null;
  }

  private async nativePayments(blocks: RpcBlock[], watched: Map<string, number>): Promise<ObservedPayment[]> {
    const matches: { tx: RpcTransaction; block: RpcBlock; orderId: number }[] = [];
    for (const block of blocks) {
      for (const tx of block.transactions as RpcTransaction[]) {
        const orderId = tx.to ? watched.get(tx.to.toLowerCase()) : undefined;
        if (orderId !== undefined && BigInt(tx.value) > 0n) matches.push({ tx, block, orderId });
      }
    }
    // A failed transaction moves no value: only successful receipts count.
    const receipts = await this.rpc.getReceipts(matches.map((m) => m.tx.hash));
    return matches
      .filter((_, i) => receipts[i]?.status === '0x1')
      .map(({ tx, block, orderId }) => ({
        ...this.where(block, orderId),
        txHash: tx.hash,
        logIndex: -1,
        from: tx.from,
        to: tx.to!,
        coin: this.nativeCoin,
        amount: BigInt(tx.value),
      }));
  }

  private async tokenPayments(blocks: RpcBlock[], watched: Map<string, number>): Promise<ObservedPayment[]> {
    const contracts = [...this.tokenCoins.keys()];
    if (contracts.length === 0 || watched.size === 0) return [];
    const topics = [...watched.keys()].map((a) => `0x${a.slice(2).padStart(64, '0')}`);
    const byNumber = new Map(blocks.map((b) => [Number(b.number), b]));
    const fromBlock = Number(blocks[0]!.number);
    const toBlock = Number(blocks[blocks.length - 1]!.number);
    // Up to the node's limit the recipients are filtered by the node; beyond it, one call for every
    // Transfer of our tokens, filtered here: still one call a pass, whatever the number of orders.
    const recipients = topics.length <= MAX_TOPICS_PER_CALL ? topics : null;
    const logs = await this.rpc.getLogs({ fromBlock, toBlock, address: contracts, topics: [TRANSFER_TOPIC, null, recipients] });
    const result: ObservedPayment[] = [];
    for (const log of logs) {
      const block = byNumber.get(Number(log.blockNumber));
      // A log of a block other than the one we hold is from a fork: the next pass sorts it out.
      if (log.removed || !block || block.hash !== log.blockHash || log.topics.length !== 3) continue;
      const to = `0x${log.topics[2]!.slice(26)}`;
      const orderId = watched.get(to);
      const coin = this.tokenCoins.get(log.address.toLowerCase());
      if (orderId === undefined || !coin) continue;
      result.push({
        ...this.where(block, orderId),
        txHash: log.transactionHash,
        logIndex: Number(log.logIndex),
        from: `0x${log.topics[1]!.slice(26)}`,
        to,
        coin,
        amount: BigInt(log.data),
      });
    }
    return result;
  }

  private where(block: RpcBlock, orderId: number) {
    return {
      orderId,
      network: this.network.network,
      chainId: this.network.chainId,
      blockNumber: Number(block.number),
      blockHash: block.hash,
      blockTime: new Date(Number(block.timestamp) * 1000),
    };
  }

  /**
   * The chain no longer holds what we scanned above some block: find the newest block we hold that
   * it still has, forget everything above it, and scan on from there.
   */
  private async rewind(below: number): Promise<void> {
    const { db } = this.opts.database;
    const net = this.network.network;
    const held = await db
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.network, net), lte(chainBlocks.number, below)))
      .orderBy(sql`${chainBlocks.number} desc`);
    const onChain = await this.rpc.batch<RpcBlock | null>(held.map((b) => ({ method: 'eth_getBlockByNumber', params: [`0x${b.number.toString(16)}`, false] })));
    const common = held.find((b, i) => onChain[i]?.hash === b.hash);
    if (!common) {
      await this.startOver(await this.rpc.blockNumber(), 'no block in common with the chain (reorganisation deeper than we keep)');
      return;
    }
    this.opts.log.warn({ network: net, keptBlock: common.number }, 'chain reorganisation: rescanning');
    await this.forgetAbove(common.number);
  }

  private async forgetAbove(keptBlock: number): Promise<void> {
    const net = this.network.network;
    const touched = await this.opts.database.db.transaction(async (tx) => {
      await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, net), gt(chainBlocks.number, keptBlock)));
      await tx.update(chainCursors).set({ lastBlock: keptBlock, updatedAt: new Date() }).where(eq(chainCursors.network, net));
      return this.opts.payments.removeAbove(tx, net, keptBlock);
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
      await tx.delete(chainBlocks).where(eq(chainBlocks.network, net));
      if (block) await tx.insert(chainBlocks).values({ network: net, number: start, hash: block.hash, parentHash: block.parentHash });
      await tx
        .insert(chainCursors)
        .values({ network: net, chainId: this.network.chainId, lastBlock: start })
        .onConflictDoUpdate({ target: chainCursors.network, set: { chainId: this.network.chainId, lastBlock: start, updatedAt: new Date() } });
      // Unconfirmed payments were on the chain that is gone.
      return this.opts.payments.removeAbove(tx, net, -1);
    });
    await this.settle(touched);
  }
}
