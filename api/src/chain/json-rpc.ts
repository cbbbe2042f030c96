/**
 * A small JSON-RPC client for the chain watcher: plain HTTP POSTs, batches as one request, and no
 * hidden calls (no chain-id checks or polling behind our back), so every call is one the watcher chose.
 */

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export interface RpcBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions: (string | RpcTransaction)[];
}

export interface RpcTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  blockNumber: string;
  blockHash: string;
}

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

interface RpcReceipt {
  status: string;
  blockHash: string;
  blockNumber: string;
}

export class JsonRpcClient {
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const [result] = await this.batch<T>([{ method, params }]);
    return result!;
  }

  /** Several calls in one HTTP request; results in the order of the calls. */
  async batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    if (calls.length === 0) return [];
    const first = this.nextId;
    this.nextId += calls.length;
    const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params }));
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.length === 1 ? body[0] : body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new RpcError(`RPC node ${this.url} unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new RpcError(`RPC node ${this.url} answered HTTP ${res.status}`);
    const parsed = (await res.json()) as unknown;
    const answers = (Array.isArray(parsed) ? parsed : [parsed]) as { id: number; result?: T; error?: { code: number; message: string } }[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    return body.map((b) => {
      const answer = byId.get(b.id);
      if (!answer) throw new RpcError(`RPC node gave no answer to ${b.method}`);
      if (answer.error) throw new RpcError(`${b.method}: ${answer.error.message}`, answer.error.code);
      return answer.result as T;
    });
  }

  async blockNumber(): Promise<number> {
    return Number(await this.call<string>('eth_blockNumber'));
  }

  getBlock(number: number, withTransactions: boolean): Promise<RpcBlock | null> {
    return this.call<RpcBlock | null>('eth_getBlockByNumber', [hex(number), withTransactions]);
  }

  getLogs(filter: { fromBlock: number; toBlock: number; address: string[]; topics: (string | string[] | null)[] }): Promise<RpcLog[]> {
    return this.call<RpcLog[]>('eth_getLogs', [{ ...filter, fromBlock: hex(filter.fromBlock), toBlock: hex(filter.toBlock) }]);
  }

  getReceipts(hashes: string[]): Promise<(RpcReceipt | null)[]> {
    return this.batch<RpcReceipt | null>(hashes.map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })));
  }
}

export function hex(n: number | bigint): string {
  return `0x${n.toString(16)}`;
}
