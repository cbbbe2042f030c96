import type { TronHttpClient } from './http';

/**
 * The answers of Tron's HTTP API that the adapter reads, as its reference documents them
 * (developers.tron.network, "HTTP API": /wallet/getnowblock, /walletsolidity/getnowblock,
 * /wallet/getblockbylimitnext, /wallet/gettransactioninfobyblocknum, /wallet/getchainparameters,
 * /wallet/triggerconstantcontract, /wallet/getaccount, /wallet/getaccountresource; the sweep tool's
 * /wallet/broadcasthex and /wallet/gettransactioninfobyid). Addresses are hex
 * (41…) as the API gives them without `visible`; amounts of TRX in sun (10^-6 TRX).
 */

export interface TronBlock {
  blockID: string;
  block_header: { raw_data: { number: number; parentHash: string; timestamp: number } };
  transactions?: TronTransaction[];
}

export interface TronTransaction {
  txID: string;
  /** contractRet: SUCCESS, REVERT, OUT_OF_ENERGY… (absent on some nodes for plain transfers, which cannot fail once in a block). */
  ret?: { contractRet?: string }[];
  raw_data: { contract: { type: string; parameter: { value: Record<string, unknown> } }[]; timestamp?: number };
}

export interface TronLog {
  /** The emitting contract, 20 bytes in hex without the 41 prefix. */
  address: string;
  topics: string[];
  data: string;
}

export interface TronTransactionInfo {
  id: string;
  blockNumber: number;
  blockTimeStamp: number;
  contract_address?: string;
  /** FAILED for a transaction whose contract call failed; absent when it succeeded. */
  result?: string;
  /** TRX burnt in all (sun): for energy, bandwidth, an account created; absent when nothing was. */
  fee?: number;
  receipt?: { result?: string; energy_usage_total?: number; net_usage?: number; net_fee?: number; energy_fee?: number };
  log?: TronLog[];
}

export function blockNumber(b: TronBlock): number {
  return b.block_header.raw_data.number;
}

/** The newest block the node has. */
export function nowBlock(client: TronHttpClient): Promise<TronBlock> {
  return client.post<TronBlock>('/wallet/getnowblock');
}

/** The newest solidified block (confirmed by two thirds of the super representatives; cannot be reverted). */
export function solidBlock(client: TronHttpClient): Promise<TronBlock> {
  return client.post<TronBlock>('/walletsolidity/getnowblock');
}

/** The block at a height, or null when the node has none there. */
export async function blockByNum(client: TronHttpClient, num: number): Promise<TronBlock | null> {
  const block = await client.post<Partial<TronBlock>>('/wallet/getblockbynum', { num });
  return block.blockID ? (block as TronBlock) : null;
}

/** Most blocks one getblockbylimitnext returns. */
export const MAX_BLOCKS_PER_CALL = 100;

/** Blocks from..to (inclusive) in one call (the API's endNum is exclusive; at most 100 a call). */
export async function blockRange(client: TronHttpClient, from: number, to: number): Promise<TronBlock[]> {
  const answer = await client.post<{ block?: TronBlock[] }>('/wallet/getblockbylimitnext', { startNum: from, endNum: to + 1 });
  return (answer.block ?? []).sort((a, b) => blockNumber(a) - blockNumber(b));
}

/** Every transaction's outcome and logs in one block (the Transfer events of TRC-20 tokens are among the logs). */
export async function transactionInfos(client: TronHttpClient, num: number): Promise<TronTransactionInfo[]> {
  const answer = await client.post<TronTransactionInfo[] | Record<string, never>>('/wallet/gettransactioninfobyblocknum', { num });
  return Array.isArray(answer) ? answer : [];
}

/** The network's prices of resources, in sun: a unit of energy burnt, a byte of bandwidth burnt, a new account. */
export interface ChainPrices {
  energyFee: number;
  transactionFee: number;
  createAccountFee: number;
}

export async function chainPrices(client: TronHttpClient): Promise<ChainPrices> {
  const answer = await client.post<{ chainParameter: { key: string; value?: number }[] }>('/wallet/getchainparameters');
  const value = (key: string) => answer.chainParameter.find((p) => p.key === key)?.value;
  const energyFee = value('getEnergyFee');
  const transactionFee = value('getTransactionFee');
  if (energyFee === undefined || transactionFee === undefined) throw new Error('the node gave no getEnergyFee / getTransactionFee chain parameter');
  // Sending TRX to an address that has no account yet creates it: the system contract's fee plus the creation fee.
  const createAccountFee = (value('getCreateNewAccountFeeInSystemContract') ?? 0) + (value('getCreateAccountFee') ?? 0);
  return { energyFee, transactionFee, createAccountFee };
}
