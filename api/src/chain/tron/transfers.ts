import type { ObservedPayment } from '../../services/payments';
import { base58Of, addressOfWord } from './address';
import { blockNumber, type TronBlock, type TronTransactionInfo } from './api';

/** keccak256("Transfer(address,address,uint256)"), as a TRC-20 contract's logs carry it (hex, no 0x). */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface TronScanContext {
  network: string;
  chainId: number;
  nativeCoin: string;
}

function seenIn(ctx: TronScanContext, block: TronBlock, orderId: number) {
  return {
    orderId,
    network: ctx.network,
    chainId: ctx.chainId,
    blockNumber: blockNumber(block),
    blockHash: block.blockID,
    blockTime: new Date(block.block_header.raw_data.timestamp),
  };
}

/**
 * TRX sent to watched addresses by a plain transfer (TransferContract) that succeeded. TRX moved by a
 * contract call (an internal transaction) is not seen here; exchanges send TRX by plain transfers.
 * `watched`: base58 address → order.
 */
export function trxPayments(ctx: TronScanContext, blocks: TronBlock[], watched: Map<string, number>): ObservedPayment[] {
  const result: ObservedPayment[] = [];
  for (const block of blocks) {
    for (const tx of block.transactions ?? []) {
      const contract = tx.raw_data.contract[0];
      if (contract?.type !== 'TransferContract') continue;
      const value = contract.parameter.value as { amount?: number | string; owner_address?: string; to_address?: string };
      if (!value.to_address || value.amount === undefined) continue;
      const to = base58Of(value.to_address);
      const orderId = watched.get(to);
      const outcome = tx.ret?.[0]?.contractRet;
      if (orderId === undefined || (outcome !== undefined && outcome !== 'SUCCESS')) continue;
      const amount = BigInt(value.amount);
      if (amount <= 0n) continue;
      result.push({
        ...seenIn(ctx, block, orderId),
        txHash: tx.txID,
        logIndex: -1,
        from: value.owner_address ? base58Of(value.owner_address) : null,
        to,
        coin: ctx.nativeCoin,
        amount,
      });
    }
  }
  return result;
}

/** Whether a block has a contract call, the only kind of transaction that can emit a token Transfer log. */
export function hasContractCalls(block: TronBlock): boolean {
  return (block.transactions ?? []).some((tx) => tx.raw_data.contract[0]?.type === 'TriggerSmartContract');
}

/**
 * Transfer logs of the configured TRC-20 contracts to watched addresses, from one block's transaction
 * infos. Only the configured contract's logs count: a token that calls itself USDT at another address
 * pays nothing. Logs of a transaction whose call failed are not transfers. `tokenCoins`: the contract
 * in 20-byte hex (lower-case, no 41) → coin.
 */
export function tokenPayments(
  ctx: TronScanContext,
  block: TronBlock,
  infos: TronTransactionInfo[],
  tokenCoins: Map<string, string>,
  watched: Map<string, number>,
): ObservedPayment[] {
  const result: ObservedPayment[] = [];
  for (const info of infos) {
    if (info.result === 'FAILED' || (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS')) continue;
    for (const [i, log] of (info.log ?? []).entries()) {
      const coin = tokenCoins.get(log.address.toLowerCase().replace(/^41(?=[0-9a-f]{40}$)/, ''));
      if (!coin || log.topics.length !== 3 || log.topics[0]!.replace(/^0x/, '').toLowerCase() !== TRANSFER_TOPIC) continue;
      const to = addressOfWord(log.topics[2]!);
      const orderId = watched.get(to);
      if (orderId === undefined) continue;
      result.push({
        ...seenIn(ctx, block, orderId),
        txHash: info.id,
        logIndex: i,
        from: addressOfWord(log.topics[1]!),
        to,
        coin,
        amount: BigInt(`0x${log.data.replace(/^0x/, '') || '0'}`),
      });
    }
  }
  return result;
}
