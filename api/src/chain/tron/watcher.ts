import type { NetworkConfig } from '../../config';
import * as scan from '../../services/chain-scan';
import type { ObservedPayment } from '../../services/payments';
import type { WatcherOptions } from '../port';
import { BlockScanLoop, type Observation } from '../block-scan-loop';
import { hexOf } from './address';
import { blockByNum, blockNumber, blockRange, MAX_BLOCKS_PER_CALL, nowBlock, solidBlock, transactionInfos, type TronBlock } from './api';
import { TronHttpError, type TronHttpClient } from './http';
import { hasContractCalls, tokenPayments, trxPayments } from './transfers';

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
export class TronWatcher extends BlockScanLoop<TronBlock> {
  private readonly network: NetworkConfig;
  private readonly tokenCoins: Map<string, string>;
  /** Blocks kept for reorganisation checks and for confirming: more than a block takes to be solidified (about 19). */
  protected readonly keepBlocks = 200;

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
      if (!(await this.onConfiguredChain(() => this.nodeChainId(), new URL(this.client.url).host))) return false;
      return await this.scanPass();
    } catch (err) {
      if (err instanceof TronHttpError && err.unreachable) this.contactLost();
      throw err;
    }
  }

  /** Tron's chain id: the last four bytes of the genesis block's id. */
  private async nodeChainId(): Promise<number> {
    const genesis = await blockByNum(this.client, 0);
    return genesis ? Number.parseInt(genesis.blockID.slice(-8), 16) : NaN;
  }

  protected async head(): Promise<number> {
    return blockNumber(await nowBlock(this.client));
  }

  protected blockAt(n: number): Promise<TronBlock | null> {
    return blockByNum(this.client, n);
  }

  protected held(b: TronBlock): scan.HeldBlock {
    return { number: blockNumber(b), hash: b.blockID, parentHash: b.block_header.raw_data.parentHash };
  }

  protected async nextBlocks(from: number, head: number): Promise<{ blocks: TronBlock[]; observe: () => Promise<Observation> }> {
    const range = Math.min(this.opts.maxBlockRange ?? MAX_BLOCKS_PER_CALL, MAX_BLOCKS_PER_CALL);
    const blocks = contiguous(await blockRange(this.client, from, Math.min(head, from - 1 + range)), from);
    return { blocks, observe: async () => ({ payments: await this.payments(blocks) }) };
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
  protected async finalBlock(scannedTo: number, observed: boolean): Promise<number> {
    if (!observed && !(await scan.hasUnconfirmedPayments(this.opts.database.db, this.network.network))) return -1;
    return Math.min(blockNumber(await solidBlock(this.client)), scannedTo);
  }

  protected async newestOnChain(held: scan.HeldBlock[]): Promise<scan.HeldBlock | undefined> {
    // One block a call on Tron's HTTP API: stop at the first the chain still has.
    for (const b of held) if ((await blockByNum(this.client, b.number))?.blockID === b.hash) return b;
    return undefined;
  }
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
