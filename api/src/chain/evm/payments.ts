import type { ObservedPayment } from '../../services/payments';
import type { JsonRpcClient, RpcBlock, RpcTransaction } from './json-rpc';

/** keccak256("Transfer(address,address,uint256)") */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Most nodes cap one eth_getLogs filter at this many topic values. */
export const MAX_TOPICS_PER_CALL = 1000;

interface ScanContext {
  network: string;
  chainId: number;
  nativeCoin: string;
}

/** Where a payment was seen, as the payments table records it. */
export function seenIn(ctx: ScanContext, block: RpcBlock, orderId: number) {
  return {
    orderId,
    network: ctx.network,
    chainId: ctx.chainId,
    blockNumber: Number(block.number),
    blockHash: block.hash,
    blockTime: new Date(Number(block.timestamp) * 1000),
  };
}

/**
 * Top-level transactions to watched addresses that moved value and succeeded. Transfers made by a
 * contract (internal calls) are not transactions to the address: BalanceChecker finds those.
 */
export async function nativePayments(rpc: JsonRpcClient, ctx: ScanContext, blocks: RpcBlock[], watched: Map<string, number>): Promise<ObservedPayment[]> {
  const matches: { tx: RpcTransaction; block: RpcBlock; orderId: number }[] = [];
  for (const block of blocks) {
    for (const tx of block.transactions as RpcTransaction[]) {
      const orderId = tx.to ? watched.get(tx.to.toLowerCase()) : undefined;
      if (orderId !== undefined && BigInt(tx.value) > 0n) matches.push({ tx, block, orderId });
    }
  }
  // A failed transaction moves no value: only successful receipts count.
  const receipts = await rpc.getReceipts(matches.map((m) => m.tx.hash));
  return matches
    .filter((_, i) => receipts[i]?.status === '0x1')
    .map(({ tx, block, orderId }) => ({
      ...seenIn(ctx, block, orderId),
      txHash: tx.hash,
      logIndex: -1,
      from: tx.from,
      to: tx.to!,
      coin: ctx.nativeCoin,
      amount: BigInt(tx.value),
    }));
}

/** Transfer logs of the configured tokens to watched addresses: one eth_getLogs a pass. */
export async function tokenPayments(
  rpc: JsonRpcClient,
  ctx: ScanContext,
  tokenCoins: Map<string, string>,
  blocks: RpcBlock[],
  watched: Map<string, number>,
): Promise<ObservedPayment[]> {
  const contracts = [...tokenCoins.keys()];
  if (contracts.length === 0 || watched.size === 0) return [];
  const topics = [...watched.keys()].map((a) => `0x${a.slice(2).padStart(64, '0')}`);
  const byNumber = new Map(blocks.map((b) => [Number(b.number), b]));
  const fromBlock = Number(blocks[0]!.number);
  const toBlock = Number(blocks[blocks.length - 1]!.number);
  // Up to the node's limit the recipients are filtered by the node; beyond it, one call for every
  // Transfer of our tokens, filtered here: still one call a pass, whatever the number of orders.
  const recipients = topics.length <= MAX_TOPICS_PER_CALL ? topics : null;
  const logs = await rpc.getLogs({ fromBlock, toBlock, address: contracts, topics: [TRANSFER_TOPIC, null, recipients] });
  const result: ObservedPayment[] = [];
  for (const log of logs) {
    const block = byNumber.get(Number(log.blockNumber));
    // A log of a block other than the one we hold is from a fork: the next pass sorts it out.
    if (log.removed || !block || block.hash !== log.blockHash || log.topics.length !== 3) continue;
    const to = `0x${log.topics[2]!.slice(26)}`;
    const orderId = watched.get(to);
    const coin = tokenCoins.get(log.address.toLowerCase());
    if (orderId === undefined || !coin) continue;
    result.push({
      ...seenIn(ctx, block, orderId),
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
