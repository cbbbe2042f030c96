/**
 * A small JSON-RPC client for the chain watcher: plain HTTP POSTs, batches as one request, and no
 * hidden calls (no polling behind our back), so every call is one the watcher chose. The one call it
 * adds is the chain-id check of an endpoint it fails over to, when it has several.
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

/** Every node of a client answered another chain than the configured one. */
export class WrongChainError extends RpcError {}

/** How one HTTP request to a node went, for the metrics. */
export interface RpcRequestRecord {
  endpoint: string;
  outcome: 'ok' | 'unreachable' | 'wrong-chain';
  seconds: number;
  methods: string[];
}

export interface RpcClientOptions {
  timeoutMs?: number;
  /**
   * With several endpoints: each must be on this chain, checked with eth_chainId before it is first
   * used and again after it failed (a node that comes back may be another node). A single endpoint is
   * checked by its caller (the watcher checks its node once per contact).
   */
  chainId?: number;
  onRequest?: (record: RpcRequestRecord) => void;
  /** An endpoint answered another chain: it is left out, and looked at again later. */
  onWrongChain?: (endpoint: string, actualChainId: number) => void;
  /** An endpoint that answered failed: it rests, and the calls go to the others meanwhile. */
  onEndpointDown?: (endpoint: string, error: string) => void;
  /** An endpoint that had failed answers again. */
  onEndpointUp?: (endpoint: string) => void;
}

/** The health of one node, as the client sees it. */
export interface RpcEndpointStatus {
  /** Host (and port) only: a provider's URL may carry an API key in its path. */
  endpoint: string;
  /** 0..1: recent answers (1 every one answered); ranks the endpoints, the best first. */
  score: number;
  /** Resting after a failure until then (ms since epoch); 0 when usable. */
  restingUntil: number;
  consecutiveFailures: number;
  lastError: string | null;
  /** The chain it answered when that was the wrong one. */
  wrongChainId: number | null;
}

/** A failure rests an endpoint for 5 s, doubling with each failure in a row, up to 5 minutes. */
const FIRST_REST_MS = 5_000;
const MAX_REST_MS = 5 * 60_000;
/** A node on the wrong chain is asked again after this long (its operator may fix it). */
const WRONG_CHAIN_REST_MS = 5 * 60_000;
/** A lowered score climbs back to 1 over this long without failures, so a repaired primary is preferred again. */
const RECOVERY_MS = 5 * 60_000;
/** Weight of the newest answer in the score. */
const SCORE_WEIGHT = 0.3;

class Endpoint {
  readonly host: string;
  score = 1;
  scoredAt = 0;
  consecutiveFailures = 0;
  restingUntil = 0;
  lastError: string | null = null;
  wrongChainId: number | null = null;
  chainChecked = false;
  probing = false;

  constructor(
    readonly url: string,
    readonly index: number,
  ) {
    this.host = hostOf(url);
  }

  /** The score, recovering with time since the last failure. */
  health(now: number): number {
    if (this.score >= 1) return 1;
    return Math.min(1, this.score + (1 - this.score) * Math.min(1, (now - this.scoredAt) / RECOVERY_MS));
  }

  answered(now: number) {
    this.score = this.health(now) * (1 - SCORE_WEIGHT) + SCORE_WEIGHT;
    this.scoredAt = now;
    this.consecutiveFailures = 0;
    this.restingUntil = 0;
    this.lastError = null;
    this.wrongChainId = null;
  }

  failed(now: number, error: string) {
    this.score = this.health(now) * (1 - SCORE_WEIGHT);
    this.scoredAt = now;
    this.consecutiveFailures++;
    this.restingUntil = now + Math.min(MAX_REST_MS, FIRST_REST_MS * 2 ** (this.consecutiveFailures - 1));
    this.lastError = error;
    this.chainChecked = false;
  }
}

/**
 * A JSON-RPC client over one or several endpoints of one network (`<NETWORK>_RPC_URL`, comma-separated).
 * Each request goes to the healthiest endpoint (by score, then in the configured order); an endpoint
 * that cannot be reached, times out or answers an HTTP error rests for a while and the same request
 * goes to the next one, so a dead first node costs one failed request, not a failed pass. A JSON-RPC
 * error is the node's answer, not a failure of the node: it is not retried elsewhere.
 */
export class JsonRpcClient {
  private nextId = 1;
  private readonly endpoints: Endpoint[];
  private readonly opts: RpcClientOptions;
  private current: Endpoint;

  constructor(urls: string | readonly string[], opts: RpcClientOptions | number = {}) {
    const list = typeof urls === 'string' ? [urls] : urls;
    if (list.length === 0) throw new Error('an RPC client needs at least one URL');
    this.endpoints = list.map((url, i) => new Endpoint(url, i));
    this.current = this.endpoints[0]!;
    this.opts = typeof opts === 'number' ? { timeoutMs: opts } : opts;
  }

  /** The endpoint in use (the last that answered, else the first). */
  get url(): string {
    return this.current.url;
  }

  status(now = Date.now()): RpcEndpointStatus[] {
    return this.endpoints.map((e) => ({
      endpoint: e.host,
      score: Math.round(e.health(now) * 100) / 100,
      restingUntil: e.restingUntil > now ? e.restingUntil : 0,
      consecutiveFailures: e.consecutiveFailures,
      lastError: e.lastError,
      wrongChainId: e.wrongChainId,
    }));
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const [result] = await this.batch<T>([{ method, params }]);
    return result!;
  }

  /** Several calls in one HTTP request; results in the order of the calls. */
  async batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    if (calls.length === 0) return [];
    this.probeRested();
    let lastError: RpcError | undefined;
    for (const endpoint of this.ranked()) {
      try {
        if (!(await this.onRightChain(endpoint))) {
          lastError = new WrongChainError(`RPC node ${endpoint.host} is chain ${endpoint.wrongChainId}, not ${this.opts.chainId}`);
          continue;
        }
        const results = await this.send<T>(endpoint, calls);
        this.current = endpoint;
        return results;
      } catch (err) {
        // A JSON-RPC error (it has a code) is the node's own answer: the node is fine.
        if (!(err instanceof RpcError) || err.code !== undefined) throw err;
        this.failed(endpoint, err.message);
        lastError = err;
      }
    }
    throw lastError!;
  }

  private failed(endpoint: Endpoint, error: string) {
    const wasUp = endpoint.consecutiveFailures === 0;
    endpoint.failed(Date.now(), error);
    if (wasUp) this.opts.onEndpointDown?.(endpoint.host, error);
  }

  private answered(endpoint: Endpoint) {
    const wasDown = endpoint.consecutiveFailures > 0;
    endpoint.answered(Date.now());
    if (wasDown) this.opts.onEndpointUp?.(endpoint.host);
  }

  /**
   * A failed endpoint whose rest is over is asked its chain in the background: the calls keep going to
   * the healthier ones, and a node that is back is known to be back (and may win its rank again).
   */
  private probeRested() {
    if (this.endpoints.length === 1) return;
    const now = Date.now();
    for (const endpoint of this.endpoints) {
      if (endpoint.consecutiveFailures === 0 || endpoint.restingUntil > now || endpoint.probing) continue;
      endpoint.probing = true;
      this.send(endpoint, [{ method: 'eth_chainId', params: [] }])
        .catch((err: unknown) => {
          if (err instanceof RpcError && err.code === undefined) this.failed(endpoint, err.message);
        })
        .finally(() => (endpoint.probing = false));
    }
  }

  /** Usable endpoints by health, then resting ones by how soon they rest no more: a resting node beats none. */
  private ranked(): Endpoint[] {
    const now = Date.now();
    const usable = this.endpoints.filter((e) => e.restingUntil <= now).sort((a, b) => b.health(now) - a.health(now) || a.index - b.index);
    const resting = this.endpoints.filter((e) => e.restingUntil > now).sort((a, b) => a.restingUntil - b.restingUntil);
    return [...usable, ...resting];
  }

  private async onRightChain(endpoint: Endpoint): Promise<boolean> {
    const expected = this.opts.chainId;
    if (expected === undefined || this.endpoints.length === 1 || endpoint.chainChecked) return true;
    const [answer] = await this.send<string>(endpoint, [{ method: 'eth_chainId', params: [] }]);
    const actual = Number(answer);
    if (actual === expected) {
      endpoint.chainChecked = true;
      return true;
    }
    endpoint.wrongChainId = actual;
    endpoint.restingUntil = Date.now() + WRONG_CHAIN_REST_MS;
    endpoint.lastError = `answers chain ${actual}, not ${expected}`;
    this.opts.onRequest?.({ endpoint: endpoint.host, outcome: 'wrong-chain', seconds: 0, methods: [] });
    this.opts.onWrongChain?.(endpoint.host, actual);
    return false;
  }

  private async send<T>(endpoint: Endpoint, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    const first = this.nextId;
    this.nextId += calls.length;
    const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params }));
    const started = performance.now();
    const record = (outcome: RpcRequestRecord['outcome']) =>
      this.opts.onRequest?.({ endpoint: endpoint.host, outcome, seconds: (performance.now() - started) / 1000, methods: calls.map((c) => c.method) });
    let parsed: unknown;
    try {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body.length === 1 ? body[0] : body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new RpcError(`RPC node ${endpoint.host} answered HTTP ${res.status}`);
      parsed = await res.json();
    } catch (err) {
      record('unreachable');
      if (err instanceof RpcError) throw err;
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new RpcError(`RPC node ${endpoint.host} unreachable: ${(err as Error).message}${cause ? ` (${cause})` : ''}`);
    }
    record('ok');
    this.answered(endpoint);
    const answers = (Array.isArray(parsed) ? parsed : [parsed]) as { id: number; result?: T; error?: { code: number; message: string } }[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    return body.map((b) => {
      const answer = byId.get(b.id);
      if (!answer) throw new RpcError(`RPC node ${endpoint.host} gave no answer to ${b.method}`);
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

/** Host and port of a node's URL, without its path or credentials (which may hold an API key). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}
