import { JsonHttpClient, type ChainHttpOptions } from '../json-http';

/**
 * The answers of TON Center's API v3 (toncenter.com/api/v3, "Indexer API") that the adapter reads, as its
 * reference documents them: GET /api/v3/masterchainInfo, GET /api/v3/blocks, GET /api/v3/transactions
 * (an account's transactions, newest first), POST /api/v3/runGetMethod. Addresses come in raw form
 * (`0:<hex>`, upper-case), hashes in base64, amounts in base units as decimal strings. The key goes in the
 * documented X-API-Key header; an answer refusing a request carries `error`.
 */
export class TonCenterClient extends JsonHttpClient {
  constructor(urls: string[], opts: ChainHttpOptions = {}) {
    super(
      urls,
      {
        name: 'TON Center endpoint',
        keyHeader: 'X-API-Key',
        errorOf: (json) => (json && typeof json === 'object' && 'error' in json ? String((json as { error?: unknown }).error) : null),
      },
      opts,
    );
  }
}

export interface TonBlock {
  workchain: number;
  shard: string;
  seqno: number;
  root_hash: string;
  file_hash: string;
  global_id: number;
  gen_utime: string | number;
}

export interface TonMessage {
  hash: string;
  /** Null for an external message (one our own wallet's owner signed). */
  source: string | null;
  destination: string | null;
  /** Nanotons carried; null for an external message. */
  value: string | null;
  opcode: string | null;
  bounce: boolean | null;
  /** True for a message bounced back to its sender. */
  bounced: boolean | null;
  message_content: { hash: string; body: string; decoded?: { type: string; comment?: string } | null } | null;
}

export interface TonTransaction {
  account: string;
  hash: string;
  lt: string;
  now: number;
  /** The masterchain block that committed the transaction's shard block. */
  mc_block_seqno: number;
  description: {
    /** True when the transaction failed (its compute or action phase). */
    aborted: boolean;
    compute_ph?: { skipped?: boolean; success?: boolean; exit_code?: number };
  };
  in_msg: TonMessage | null;
}

/** The newest committed masterchain block. */
export async function masterchainHead(client: TonCenterClient): Promise<TonBlock> {
  return (await client.request<{ last: TonBlock }>('/api/v3/masterchainInfo')).last;
}

/** The masterchain block of `seqno`, or null when the index has none. */
export async function masterchainBlock(client: TonCenterClient, seqno: number): Promise<TonBlock | null> {
  const answer = await client.request<{ blocks: TonBlock[] }>(`/api/v3/blocks?workchain=-1&seqno=${seqno}&limit=1`);
  return answer.blocks[0] ?? null;
}

/** Most transactions one call returns (the API's limit is higher; smaller pages answer faster). */
export const PAGE = 100;

/** A page of the account's transactions, newest first. */
export async function accountTransactions(client: TonCenterClient, account: string, offset: number): Promise<TonTransaction[]> {
  const query = new URLSearchParams({ account, limit: String(PAGE), offset: String(offset), sort: 'desc' });
  return (await client.request<{ transactions: TonTransaction[] }>(`/api/v3/transactions?${query}`)).transactions;
}

/** A get-method's answer: its exit code and its stack of typed values (cells and slices as base64 BoC). */
export interface GetMethodAnswer {
  exit_code: number;
  stack: { type: string; value: string }[];
}

export function runGetMethod(client: TonCenterClient, address: string, method: string, stack: { type: string; value: string }[]): Promise<GetMethodAnswer> {
  return client.request<GetMethodAnswer>('/api/v3/runGetMethod', { address, method, stack });
}
