import type { NetworkConfig } from '../network-config';
import type { Metrics } from '../metrics';
import type { NetworkHealth } from './port';

/**
 * A client of a chain's JSON HTTP API (a Tron full node, TON Center): several endpoints in order of
 * preference with failover. An endpoint that cannot be reached, answers 5xx or 429 rests (5 s, doubling
 * up to 5 minutes) and the next one is asked; an answer that says the request itself is wrong (an error
 * in the body, a 4xx) is the caller's, not a reason to fail over. Each family says how its provider
 * takes its key (a header) and how an answer says it failed.
 */

/** Host (and port) only: a provider's URL may carry an API key in its path. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}

export class ChainHttpError extends Error {
  constructor(
    message: string,
    /** True when no endpoint could answer (as opposed to an answer refusing the request). */
    readonly unreachable: boolean,
  ) {
    super(message);
    this.name = 'ChainHttpError';
  }
}

const FIRST_REST_MS = 5_000;
const MAX_REST_MS = 5 * 60_000;

interface Endpoint {
  url: string;
  host: string;
  failures: number;
  restingUntil: number;
  lastError: string | null;
  ok: number;
  tried: number;
}

export interface ChainHttpOptions {
  apiKey?: string;
  timeoutMs?: number;
  /** Each HTTP request, for the metrics. */
  onRequest?: (r: { endpoint: string; path: string; outcome: 'ok' | 'unreachable'; seconds: number }) => void;
}

export interface ChainHttpDialect {
  /** What the API is, in messages ('Tron node'). */
  name: string;
  /** The header the provider reads its key from. */
  keyHeader: string;
  /** The error an answer carries (null: none), given its HTTP status. */
  errorOf(json: unknown, status: number): string | null;
}

export class JsonHttpClient {
  private readonly endpoints: Endpoint[];

  constructor(
    urls: string[],
    private readonly dialect: ChainHttpDialect,
    private readonly opts: ChainHttpOptions = {},
  ) {
    if (urls.length === 0) throw new Error(`a ${dialect.name} client needs at least one URL`);
    this.endpoints = urls.map((url) => ({ url: url.replace(/\/+$/, ''), host: hostOf(url), failures: 0, restingUntil: 0, lastError: null, ok: 0, tried: 0 }));
  }

  /** The endpoint asked first now. */
  get url(): string {
    return this.order()[0]!.url;
  }

  /** GET `path` (with its query) or, with a body, POST it as JSON. */
  async request<T>(path: string, body?: object): Promise<T> {
    const name = path.split('?')[0]!;
    let last: Error | undefined;
    for (const e of this.order()) {
      const started = performance.now();
      let response: Response;
      try {
        response = await fetch(`${e.url}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...(this.opts.apiKey ? { [this.dialect.keyHeader]: this.opts.apiKey } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
        });
      } catch (err) {
        last = this.failed(e, name, started, (err as Error).message);
        continue;
      }
      if (response.status >= 500 || response.status === 429) {
        last = this.failed(e, name, started, `HTTP ${response.status}`);
        continue;
      }
      const text = await response.text();
      this.succeeded(e, name, started);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ChainHttpError(`${e.host}${name}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`, false);
      }
      const error = this.dialect.errorOf(json, response.status) ?? (response.ok ? null : `HTTP ${response.status}`);
      if (error !== null) throw new ChainHttpError(`${e.host}${name}: ${error}`, false);
      return json as T;
    }
    throw new ChainHttpError(`no ${this.dialect.name} answered ${name}: ${last?.message ?? 'every endpoint is resting'}`, true);
  }

  status() {
    return this.endpoints.map((e) => ({
      endpoint: e.host,
      score: e.tried ? e.ok / e.tried : 1,
      resting: e.restingUntil > Date.now(),
      lastError: e.lastError,
    }));
  }

  /** Usable endpoints in order of preference; when all rest, the one that rests least (better than nothing). */
  private order(): Endpoint[] {
    const now = Date.now();
    const usable = this.endpoints.filter((e) => e.restingUntil <= now);
    return usable.length ? usable : [...this.endpoints].sort((a, b) => a.restingUntil - b.restingUntil).slice(0, 1);
  }

  private failed(e: Endpoint, path: string, started: number, message: string): Error {
    e.failures++;
    e.tried++;
    e.lastError = message;
    e.restingUntil = Date.now() + Math.min(MAX_REST_MS, FIRST_REST_MS * 2 ** (e.failures - 1));
    this.opts.onRequest?.({ endpoint: e.host, path, outcome: 'unreachable', seconds: (performance.now() - started) / 1000 });
    return new Error(`${e.host}: ${message}`);
  }

  private succeeded(e: Endpoint, path: string, started: number) {
    e.failures = 0;
    e.restingUntil = 0;
    e.ok++;
    e.tried++;
    this.opts.onRequest?.({ endpoint: e.host, path, outcome: 'ok', seconds: (performance.now() - started) / 1000 });
  }
}

/**
 * One client per network, made on first use, its requests counted in the RPC metrics; and the
 * network's health as readiness shows it (the head as the family reads it, each endpoint's state).
 */
export class NetworkClients<C extends JsonHttpClient> {
  private readonly clients = new Map<string, C>();

  constructor(
    private readonly make: (urls: string[], opts: ChainHttpOptions) => C,
    private readonly metrics?: Metrics,
  ) {}

  of(network: NetworkConfig): C {
    let client = this.clients.get(network.network);
    if (!client) {
      const { metrics } = this;
      const labels = { network: network.network };
      client = this.make(network.rpcUrls, {
        apiKey: network.apiKey,
        onRequest: metrics
          ? (r) => {
              metrics.rpcRequests.inc({ ...labels, endpoint: r.endpoint, outcome: r.outcome });
              metrics.rpcSeconds.observe({ ...labels, endpoint: r.endpoint }, r.seconds);
              metrics.rpcCalls.inc({ ...labels, method: r.path });
            }
          : undefined,
      });
      this.clients.set(network.network, client);
    }
    return client;
  }

  async health(network: NetworkConfig, headOf: (client: C) => Promise<number>): Promise<NetworkHealth> {
    const client = this.of(network);
    try {
      return { head: await headOf(client), endpoints: client.status(), error: null };
    } catch (err) {
      return { head: null, endpoints: client.status(), error: (err as Error).message };
    }
  }
}
