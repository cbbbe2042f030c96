import type { NetworkConfig } from '../../config';
import * as scan from '../../services/chain-scan';
import { BalanceChecker } from './balance-check';
import { MAX_TOPICS_PER_CALL, nativePayments, tokenPayments } from './payments';
import { hostOf, JsonRpcClient, RpcError, type RpcBlock } from './json-rpc';
import type { WatcherOptions } from '../port';
import { BlockScanLoop, type Observation } from '../block-scan-loop';

const UNFILTERED_BLOCK_RANGE = 10;

/**
 * Watches one EVM network for payments to open deposit addresses.
 *
 * Each pass: one eth_blockNumber; per new block one eth_getBlockByNumber with its transactions (native
 * transfers to watched addresses, and the block hash chain that reveals reorganisations); one
 * eth_getLogs per pass for the token Transfers. Receipts are asked only for native transfers that
 * match; the finality tag only while a payment waits for it; balances only of orders about to expire
 * or to stop being watched (BalanceChecker). The pass itself is BlockScanLoop's.
 *
 * Before its first pass and after every failed contact with the node, the watcher asks the node's
 * chain id and refuses to scan a chain other than the configured one.
 */
export class ChainWatcher extends BlockScanLoop<RpcBlock> {
  readonly rpc: JsonRpcClient;
  private readonly network: NetworkConfig;
  private readonly tokenCoins: Map<string, string>;
  private readonly balances: BalanceChecker;
  /** The node answered that it does not know the finality tag: count blocks instead. */
  private tagUnsupported = false;
  protected readonly keepBlocks: number;

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
      if (!(await this.onConfiguredChain(async () => Number(await this.rpc.call<string>('eth_chainId')), hostOf(this.rpc.url)))) return false;
      return await this.scanPass();
    } catch (err) {
      if (err instanceof RpcError && err.code === undefined) this.contactLost();
      throw err;
    }
  }

  protected head(): Promise<number> {
    return this.rpc.blockNumber();
  }

  protected blockAt(n: number): Promise<RpcBlock | null> {
    return this.rpc.getBlock(n, false);
  }

  protected held(b: RpcBlock): scan.HeldBlock {
    return { number: Number(b.number), hash: b.hash, parentHash: b.parentHash };
  }

  protected async nextBlocks(from: number, head: number): Promise<{ blocks: RpcBlock[]; observe: () => Promise<Observation> }> {
    const watched = await scan.watchedAddresses(this.opts.database.db, this.opts.familyNetworks);
    // Unfiltered log queries (over 1,000 addresses) return every transfer of the tokens: keep them short.
    const range = Math.min(this.opts.maxBlockRange ?? 100, watched.size > MAX_TOPICS_PER_CALL ? UNFILTERED_BLOCK_RANGE : Infinity);
    const blocks = await this.fetchBlocks(from, Math.min(head, from - 1 + range));
    return { blocks, observe: () => this.observe(blocks, watched) };
  }

  private async observe(blocks: RpcBlock[], watched: Awaited<ReturnType<typeof scan.watchedAddresses>>): Promise<Observation> {
    const context = { network: this.network.network, chainId: this.network.chainId, nativeCoin: this.opts.nativeCoin };
    const payments = [
      ...(await nativePayments(this.rpc, context, blocks, watched)),
      ...(await tokenPayments(this.rpc, context, this.tokenCoins, blocks, watched)),
    ];
    const checks = await this.balances.check(blocks.at(-1)!, payments);
    return { payments: [...payments, ...checks.found], write: (tx) => scan.markBalancesChecked(tx, checks.checked) };
  }

  /**
   * The newest block whose payments count: the chain's own finality (the node's block tag) where the
   * network has it, else `confirmations` blocks deep. The tag costs a call, so it is asked only while a
   * payment waits for it.
   */
  protected async finalBlock(scannedTo: number, observed: boolean): Promise<number> {
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

  private async fetchBlocks(from: number, to: number): Promise<RpcBlock[]> {
    const calls = [];
    for (let n = from; n <= to; n++) calls.push({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, true] });
    const blocks = await this.rpc.batch<RpcBlock | null>(calls);
    // A node behind a load balancer may not have a block yet: scan only the contiguous part it gave.
    const firstMissing = blocks.findIndex((b) => b === null);
    return (firstMissing === -1 ? blocks : blocks.slice(0, firstMissing)) as RpcBlock[];
  }

  protected async newestOnChain(held: scan.HeldBlock[]): Promise<scan.HeldBlock | undefined> {
    const onChain = await this.rpc.batch<RpcBlock | null>(held.map((b) => ({ method: 'eth_getBlockByNumber', params: [`0x${b.number.toString(16)}`, false] })));
    return held.find((b, i) => onChain[i]?.hash === b.hash);
  }
}
