import { Address } from '@ton/core';
import type { NetworkConfig } from '../../config';
import * as scan from '../../services/chain-scan';
import type { ObservedPayment, UnattributedPayment } from '../../services/payments';
import type { WatcherOptions } from '../port';
import { ScanLoop } from '../scan-loop';
import { ChainHttpError } from '../json-http';
import { accountTransactions, masterchainBlock, masterchainHead, PAGE, type TonBlock, type TonCenterClient, type TonTransaction } from './api';
import { jettonWalletOf } from './jetton';
import { incomingTransfer } from './messages';

/** Masterchain blocks held for confirming (about 40 minutes): more than a payment waits to count. */
const KEEP_BLOCKS = 1000;

/**
 * Watches the operator's receiving wallet on one TON network for Toncoin and jetton payments.
 *
 * Every order shares the wallet; its comment names the order. Each pass: one masterchainInfo (the head);
 * the wallet's transactions newer than the cursor, newest first, page by page until one the cursor has
 * already passed (so the calls grow with the wallet's transactions, never with open orders); and, for a
 * block that holds a payment, its hash. The cursor is the masterchain block scanned to: a transaction
 * belongs to the masterchain block that committed it, and an account's transactions are committed in
 * order, so a restart resumes at the cursor without losing or doubling a payment (payments, blocks and the
 * cursor are written in one transaction, as on EVM).
 *
 * A payment with no comment, or a comment no open order carries, is recorded without an order: the
 * admin's unmatched payments show it with its sender. A jetton counts only from the receiving wallet's
 * own jetton wallet of the configured master (asked of the master once); a notification from any other
 * contract (a fake "USDT") pays nothing. Committed masterchain blocks are final on TON (no
 * reorganisation), so no fork is looked for: a payment counts once its block is `confirmations` deep.
 */
export class TonWatcher extends ScanLoop {
  private readonly network: NetworkConfig;
  private jettonWallets: Map<string, string> | undefined;

  constructor(
    opts: WatcherOptions,
    readonly client: TonCenterClient,
    /** The operator's receiving wallet. */
    private readonly wallet: string,
  ) {
    super(opts);
    this.network = opts.network;
  }

  async pass(): Promise<boolean> {
    try {
      return await this.scanPass();
    } catch (err) {
      if (err instanceof ChainHttpError && err.unreachable) this.contactLost();
      throw err;
    }
  }

  private async scanPass(): Promise<boolean> {
    const { db } = this.opts.database;
    const net = this.network.network;
    await this.settleLeftovers();
    const headBlock = await masterchainHead(this.client);
    // TON's global id (-239 mainnet, -3 testnet) is in every block: the endpoint must serve the configured one.
    if (!(await this.onConfiguredChain(async () => headBlock.global_id, new URL(this.client.url).host))) return false;
    const head = headBlock.seqno;
    const cursor = await scan.readCursor(db, net);
    if (!cursor || cursor.chainId !== this.network.chainId) {
      await this.restartFrom(heldOf(headBlock), cursor ? 'the chain id changed' : undefined);
      return false;
    }
    if (head < cursor.lastBlock) {
      await this.restartFrom(heldOf(headBlock), 'the chain is behind our cursor (a local network restarted)');
      return false;
    }
    const txs = head > cursor.lastBlock ? await this.newTransactions(cursor.lastBlock, head) : [];
    const observed = await this.payments(txs);
    const held = await this.heldBlocks(observed, headBlock);
    const finalBlock = head - this.network.confirmations + 1;
    const touched = new Set<number>();
    await db.transaction(async (tx) => {
      await scan.advanceScan(tx, net, held, KEEP_BLOCKS);
      await this.opts.payments.record(tx, observed);
      for (const id of await this.opts.payments.confirm(tx, net, head, finalBlock)) touched.add(id);
    });
    for (const p of observed) if (p.orderId !== null) touched.add(p.orderId);
    this.count(head, head, observed);
    await this.settle(touched);
    return false;
  }

  /** The wallet's transactions committed after masterchain block `after` up to `head`, oldest first. */
  private async newTransactions(after: number, head: number): Promise<TonTransaction[]> {
    const found: TonTransaction[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await accountTransactions(this.client, this.wallet, offset);
      for (const tx of page) {
        if (tx.mc_block_seqno <= after) return found.reverse();
        // Committed after the head we read: the next pass takes it.
        if (tx.mc_block_seqno <= head) found.push(tx);
      }
      if (page.length < PAGE) return found.reverse();
    }
  }

  private async payments(txs: TonTransaction[]): Promise<(ObservedPayment | UnattributedPayment)[]> {
    if (txs.length === 0) return [];
    const deposits = await scan.watchedDeposits(this.opts.database.db, this.opts.familyNetworks);
    const byMemo = new Map(deposits.flatMap((d) => (d.memo ? [[d.memo.toLowerCase(), d.orderId]] : [])));
    const jettons = await this.jettonCoins();
    const observed: (ObservedPayment | UnattributedPayment)[] = [];
    for (const tx of txs) {
      const transfer = incomingTransfer(tx);
      if (!transfer || transfer.amount <= 0n) continue;
      const coin = transfer.jettonWallet === null ? this.opts.nativeCoin : jettons.get(Address.parse(transfer.jettonWallet).toRawString());
      // A notification from a contract that is not our jetton wallet of a configured master: a fake jetton.
      if (coin === undefined) continue;
      observed.push({
        orderId: transfer.comment === null ? null : (byMemo.get(transfer.comment.toLowerCase()) ?? null),
        network: this.network.network,
        chainId: this.network.chainId,
        txHash: Buffer.from(tx.hash, 'base64').toString('hex'),
        // A transaction has one incoming message: the payment is its first and only position.
        logIndex: 0,
        blockNumber: tx.mc_block_seqno,
        // Filled in with the block's hash below (heldBlocks).
        blockHash: '',
        blockTime: new Date(tx.now * 1000),
        from: transfer.from,
        to: this.wallet,
        coin,
        amount: transfer.amount,
      });
    }
    return observed;
  }

  /** The receiving wallet's jetton wallet of each configured jetton (raw form) → the coin; asked once. */
  private async jettonCoins(): Promise<Map<string, string>> {
    if (!this.jettonWallets) {
      const entries = await Promise.all(
        Object.entries(this.network.tokens).map(
          async ([coin, master]) => [(await jettonWalletOf(this.client, master, this.wallet)).toRawString(), coin] as const,
        ),
      );
      this.jettonWallets = new Map(entries);
    }
    return this.jettonWallets;
  }

  /** The blocks the payments are in (their hashes set on the payments) and the head: what the pass holds. */
  private async heldBlocks(observed: (ObservedPayment | UnattributedPayment)[], head: TonBlock): Promise<scan.HeldBlock[]> {
    const seqnos = [...new Set(observed.map((p) => p.blockNumber))].filter((s) => s !== head.seqno).sort((a, b) => a - b);
    const blocks = new Map<number, scan.HeldBlock>([[head.seqno, heldOf(head)]]);
    for (const seqno of seqnos) {
      const block = await masterchainBlock(this.client, seqno);
      if (!block) throw new Error(`${this.network.network}: the index has no masterchain block ${seqno}, which holds a payment`);
      blocks.set(seqno, heldOf(block));
    }
    for (const p of observed) p.blockHash = blocks.get(p.blockNumber)!.hash;
    return [...blocks.values()].sort((a, b) => a.number - b.number);
  }
}

/** A masterchain block as held: TON does not reorganise committed blocks, so no parent is checked. */
function heldOf(b: TonBlock): scan.HeldBlock {
  return { number: b.seqno, hash: Buffer.from(b.root_hash, 'base64').toString('hex'), parentHash: '' };
}
