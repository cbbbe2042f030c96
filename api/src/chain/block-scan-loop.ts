import type { Tx } from '../db/client';
import * as scan from '../services/chain-scan';
import type { ObservedPayment } from '../services/payments';
import { ScanLoop } from './scan-loop';

/** What a family read in the blocks of a pass: the payments, and whatever else it writes with them. */
export interface Observation {
  payments: ObservedPayment[];
  /** Written in the pass's transaction, after the payments. */
  write?: (tx: Tx) => Promise<void>;
}

/**
 * The pass of a family whose chain is a chain of blocks (EVM, Tron): from the saved cursor to the
 * node's head, checking each block's parent against the block held before it (a break is a
 * reorganisation: rewind to the newest block the chain still has), then blocks, payments and the
 * cursor in one transaction, so a crash repeats the pass rather than losing or doubling anything.
 * A family says how to read its node: the head, a block, the next blocks and their payments, and
 * which block is final.
 */
export abstract class BlockScanLoop<B> extends ScanLoop {
  /** Blocks kept for reorganisation checks: deeper than any confirmation depth waited for. */
  protected abstract readonly keepBlocks: number;
  /** The node's newest block number. */
  protected abstract head(): Promise<number>;
  /** The block at `n`, or null when the node does not have it. */
  protected abstract blockAt(n: number): Promise<B | null>;
  protected abstract held(block: B): scan.HeldBlock;
  /** The blocks from `from` on, at most up to `head`, without a gap; and how to read their payments. */
  protected abstract nextBlocks(from: number, head: number): Promise<{ blocks: B[]; observe: () => Promise<Observation> }>;
  /** The newest block whose payments count (`observed`: this pass saw a payment). */
  protected abstract finalBlock(scannedTo: number, observed: boolean): Promise<number>;
  /** Of the blocks held (newest first), the newest the chain still has. */
  protected abstract newestOnChain(held: scan.HeldBlock[]): Promise<scan.HeldBlock | undefined>;

  /** One scan pass after the chain check. Returns true when more blocks are waiting. */
  protected async scanPass(): Promise<boolean> {
    const { db } = this.opts.database;
    const { network: net, chainId } = this.opts.network;
    await this.settleLeftovers();
    const head = await this.head();
    const cursor = await scan.readCursor(db, net);
    if (!cursor || cursor.chainId !== chainId) {
      // First run on this chain: start at the head. Earlier blocks cannot pay orders made from now on.
      await this.startOver(head, cursor ? 'the chain id changed' : undefined);
      return false;
    }
    if (head < cursor.lastBlock) {
      await this.rewind(head);
      return true;
    }
    const next = cursor.lastBlock < head ? await this.nextBlocks(cursor.lastBlock + 1, head) : null;
    const blocks = next?.blocks.map((b) => this.held(b)) ?? [];
    const broken = firstBreak(blocks, (await scan.heldBlock(db, net, cursor.lastBlock))?.hash);
    if (broken !== null) {
      await this.rewind(broken - 1);
      return true;
    }
    const observation: Observation = next && blocks.length ? await next.observe() : { payments: [] };
    const observed = observation.payments;
    const scannedTo = blocks.at(-1)?.number ?? cursor.lastBlock;
    this.count(head, scannedTo, observed);
    const finalBlock = await this.finalBlock(scannedTo, observed.length > 0);
    const touched = new Set<number>();
    await db.transaction(async (tx) => {
      await scan.advanceScan(tx, net, blocks, this.keepBlocks);
      await this.opts.payments.record(tx, observed);
      await observation.write?.(tx);
      for (const id of await this.opts.payments.confirm(tx, net, scannedTo, finalBlock)) touched.add(id);
    });
    for (const p of observed) touched.add(p.orderId);
    await this.settle(touched);
    return scannedTo < head;
  }

  /**
   * The chain no longer holds what we scanned above some block: find the newest block we hold that
   * it still has, forget everything above it, and scan on from there.
   */
  private async rewind(below: number): Promise<void> {
    const held = await scan.heldBlocksDownFrom(this.opts.database.db, this.opts.network.network, below);
    const common = await this.newestOnChain(held);
    if (!common) {
      await this.startOver(await this.head(), 'no block in common with the chain (a reorganisation deeper than we keep)');
      return;
    }
    await this.rewindTo(common);
  }

  private async startOver(head: number, reason?: string): Promise<void> {
    const start = Math.max(0, head - 1);
    const block = await this.blockAt(start);
    await this.restartFrom(block ? this.held(block) : { number: start }, reason);
  }
}

/** The first block whose parent is not the block before it (`previousHash`: the block held below the first). */
function firstBreak(blocks: scan.HeldBlock[], previousHash: string | undefined): number | null {
  let parent = previousHash;
  for (const b of blocks) {
    if (parent !== undefined && b.parentHash !== parent) return b.number;
    parent = b.hash;
  }
  return null;
}
