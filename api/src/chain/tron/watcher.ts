import type { NetworkConfig } from '../../config';
import * as scan from '../../services/chain-scan';
import type { ObservedPayment } from '../../services/payments';
import type { WatcherOptions } from '../port';
import { ScanLoop } from '../scan-loop';
import { hexOf } from './address';
import { blockByNum, blockNumber, blockRange, MAX_BLOCKS_PER_CALL, nowBlock, solidBlock, transactionInfos, type TronBlock } from './api';
import { TronHttpError, type TronHttpClient } from './http';
import { hasContractCalls, tokenPayments, trxPayments } from './transfers';

/** Blocks kept for reorganisation checks and for confirming: more than a block takes to be solidified (about 19). */
const KEEP_BLOCKS = 200;
/** Block infos asked at once (one HTTP request each). */
const INFO_CONCURRENCY = 4;

/**
 * Watches one Tron network for TRX and TRC-20 payments to open deposit addresses.
 *
 * Each pass: one getnowblock; the new blocks in one getblockbylimitnext (up to 100 blocks: TRX
 * transfers, and the parent hashes that reveal a fork); one gettransactioninfobyblocknum per new block
 * that holds a contract call (the Transfer logs of the tokens, whichever contract made the transfer).
 * So the calls grow with blocks, never with open orders. A payment counts once its block is solidified
 * (at or below /walletsolidity/getnowblock), asked only while a payment waits for it. Blocks, payments
 * and the cursor are written in one transaction, as the EVM watcher does, so a restart resumes at the
 * cursor without losing or doubling a payment.
 *
 * Before its first pass and after every failed contact the watcher checks that the node is on the
 * configured chain: Tron's chain id is the last four bytes of the genesis block's id (0x2b6653dc on
 * mainnet, as its JSON-RPC eth_chainId answers).
 */
export class TronWatcher extends ScanLoop {
  private readonly network: NetworkConfig;
  private readonly tokenCoins: Map<string, string>;
  private chainChecked = false;

  constructor(
    opts: WatcherOptions,
    readonly client: TronHttpClient,
  ) {
    super(opts);
    this.network = opts.network;
    this.tokenCoins = new Map(
      Object.entries(opts.network.tokens).map(([coin, address]) => {
        const hex = hexOf(address);
        if (!hex) throw new Error(`${opts.network.network}: the ${coin} contract ${address} is not a Tron address`);
        return [hex.slice(2), coin];
      }),
    );
  }

  async pass(): Promise<boolean> {
    try {
      if (!(await this.onConfiguredChain())) return false;
      return await this.scanPass();
    } catch (err) {
      if (err instanceof TronHttpError && err.unreachable) this.chainChecked = false;
      throw err;
    }
  }

  private async onConfiguredChain(): Promise<boolean> {
    if (this.chainChecked) return true;
    const genesis = await blockByNum(this.client, 0);
    const actual = genesis ? Number.parseInt(genesis.blockID.slice(-8), 16) : NaN;
    const { network, chainId } = this.network;
    if (actual !== chainId) {
      await this.opts.alerts.raise(
        `chain_id_mismatch:${network}`,
        `${network} watcher refuses to scan: the node at ${new URL(this.client.url).host} is chain ${actual}, the configuration says ${chainId}. Payments on ${network} are not seen until this is fixed.`,
      );
      return false;
    }
    this.chainChecked = true;
    return true;
  }

  private async scanPass(): Promise<boolean> {
    const { db } = this.opts.database;
    const net = this.network.network;
    await this.settleLeftovers();
    const head = blockNumber(await nowBlock(this.client));
    const cursor = await scan.readCursor(db, net);
    if (!cursor || cursor.chainId !== this.network.chainId) {
      await this.startOver(head, cursor ? 'the chain id changed' : undefined);
      return false;
    }
    if (head < cursor.lastBlock) {
      await this.rewind(head);
      return true;
    }
    const range = Math.min(this.opts.maxBlockRange ?? MAX_BLOCKS_PER_CALL, MAX_BLOCKS_PER_CALL);
    const to = Math.min(head, cursor.lastBlock + range);
    const blocks = cursor.lastBlock < to ? contiguous(await blockRange(this.client, cursor.lastBlock + 1, to), cursor.lastBlock + 1) : [];
    const previous = await scan.heldBlock(db, net, cursor.lastBlock);
    const broken = firstBreak(blocks, previous?.hash);
    if (broken !== null) {
      await this.rewind(broken - 1);
      return true;
    }
    const observed = blocks.length ? await this.payments(blocks) : [];
    const scannedTo = blocks.length ? blockNumber(blocks.at(-1)!) : cursor.lastBlock;
    this.count(head, scannedTo, observed);
    const finalBlock = await this.finalBlock(scannedTo, observed.length > 0);
    const touched = new Set<number>();
    await db.transaction(async (tx) => {
      await scan.advanceScan(tx, net, blocks.map(heldOf), KEEP_BLOCKS);
      await this.opts.payments.record(tx, observed);
      for (const id of await this.opts.payments.confirm(tx, net, scannedTo, finalBlock)) touched.add(id);
    });
    for (const p of observed) touched.add(p.orderId);
    await this.settle(touched);
    return scannedTo < head;
  }

  private async payments(blocks: TronBlock[]): Promise<ObservedPayment[]> {
    const deposits = await scan.watchedDeposits(this.opts.database.db, this.opts.familyNetworks);
    const watched = new Map(deposits.map((d) => [d.address, d.orderId]));
    if (watched.size === 0) return [];
    const ctx = { network: this.network.network, chainId: this.network.chainId, nativeCoin: this.opts.nativeCoin };
    const observed = trxPayments(ctx, blocks, watched);
    if (this.tokenCoins.size === 0) return observed;
    const withCalls = blocks.filter(hasContractCalls);
    for (let i = 0; i < withCalls.length; i += INFO_CONCURRENCY) {
      const batch = withCalls.slice(i, i + INFO_CONCURRENCY);
      const infos = await Promise.all(batch.map((b) => transactionInfos(this.client, blockNumber(b))));
      batch.forEach((block, j) => observed.push(...tokenPayments(ctx, block, infos[j]!, this.tokenCoins, watched)));
    }
    return observed;
  }

  /** The newest block whose payments count: the newest solidified one (asked only while a payment waits). */
  private async finalBlock(scannedTo: number, observed: boolean): Promise<number> {
    if (!observed && !(await scan.hasUnconfirmedPayments(this.opts.database.db, this.network.network))) return -1;
    return Math.min(blockNumber(await solidBlock(this.client)), scannedTo);
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

  private async rewind(below: number): Promise<void> {
    const net = this.network.network;
    const held = await scan.heldBlocksDownFrom(this.opts.database.db, net, below);
    let common: scan.HeldBlock | undefined;
    for (const b of held) {
      if ((await blockByNum(this.client, b.number))?.blockID === b.hash) {
        common = b;
        break;
      }
    }
    if (!common) {
      await this.startOver(blockNumber(await nowBlock(this.client)), 'no block in common with the chain (a fork deeper than we keep)');
      return;
    }
    await this.rewindTo(common);
  }

  private async startOver(head: number, reason?: string): Promise<void> {
    const start = Math.max(0, head - 1);
    const block = await blockByNum(this.client, start);
    await this.restartFrom(block ? heldOf(block) : { number: start }, reason);
  }
}

function heldOf(b: TronBlock): scan.HeldBlock {
  return { number: blockNumber(b), hash: b.blockID, parentHash: b.block_header.raw_data.parentHash };
}

/** The blocks from `first` on without a gap (a node behind a load balancer may lack the newest). */
function contiguous(blocks: TronBlock[], first: number): TronBlock[] {
  const result: TronBlock[] = [];
  for (const b of blocks) {
    if (blockNumber(b) !== first + result.length) break;
    result.push(b);
  }
  return result;
}

function firstBreak(blocks: TronBlock[], previousHash: string | undefined): number | null {
  let parent = previousHash;
  for (const b of blocks) {
    if (parent !== undefined && b.block_header.raw_data.parentHash !== parent) return blockNumber(b);
    parent = b.blockID;
  }
  return null;
}
