import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import type { Logger } from 'pino';

/**
 * Where the rate limits keep their counts. In this process's memory by default (one process: the
 * embedded setup); in Redis or Valkey when `RATE_LIMIT_REDIS_URL` names one, so that a limit holds
 * once across all API replicas. Each increment is one round trip to an in-memory server, never a
 * database write: a counted request does not wait on a row lock that every request of the same
 * client also wants. Each limiter gets its own store (`limiter` keeps their counts apart); the key
 * a limiter counts by (client address, Telegram user, ...) stays the limiter's own key function.
 */
export interface RateLimitStores {
  forLimiter(limiter: string): Store;
  /** Resolves once the shared store is connected, or after `ms` (then counts stay local until it is). */
  connected(ms: number): Promise<void>;
  close(): Promise<void>;
}

export function rateLimitStores(opts: { redisUrl?: string; keyPrefix: string; log: Logger }): RateLimitStores {
  if (!opts.redisUrl) return { forLimiter: () => new MemoryStore(), connected: async () => undefined, close: async () => undefined };

  const log = opts.log.child({ component: 'rate-limits' });
  const client = createClient({
    url: opts.redisUrl,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000) },
  });
  let warned = false;
  client.on('error', (err: Error) => {
    // The client retries on its own; one warning per outage, not one per retry.
    if (!warned) log.warn({ err: err.message }, 'rate-limit store unreachable: each replica counts in its own memory until it is back');
    warned = true;
  });
  client.on('ready', () => {
    if (warned) log.info('rate-limit store reachable again: limits count across replicas');
    warned = false;
  });
  const connecting = client.connect().catch(() => undefined);
  return {
    connected: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
      clearTimeout(timer);
    },
    forLimiter: (limiter) =>
      new SharedWhenReachable(
        new RedisStore({ sendCommand: (...args: string[]) => client.sendCommand(args), prefix: `${opts.keyPrefix}${limiter}:` }),
        () => client.isReady,
      ),
    close: async () => {
      if (client.isReady) await client.close();
      // Not connected: commands queued for the connection would never finish; drop them.
      else if (client.isOpen) client.destroy();
    },
  };
}

/**
 * The shared store while it answers, this process's memory while it does not: an outage of Redis
 * loosens a limit to one per replica for its length; it never fails a request or makes it wait for a
 * reconnection.
 */
class SharedWhenReachable implements Store {
  private readonly memory = new MemoryStore();

  constructor(
    private readonly shared: RedisStore,
    private readonly reachable: () => boolean,
  ) {}

  init(options: Options): void {
    this.memory.init(options);
    // Loads the store's scripts: queued by the client until it first connects.
    void this.shared.init(options).catch(() => undefined);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    if (!this.reachable()) return this.memory.increment(key);
    try {
      return await this.shared.increment(key);
    } catch {
      // Lost between the check and the answer: this request is counted here.
      return this.memory.increment(key);
    }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either((store) => store.get(key), undefined);
  }

  async decrement(key: string): Promise<void> {
    await this.either((store) => store.decrement(key), undefined);
  }

  async resetKey(key: string): Promise<void> {
    await this.either((store) => store.resetKey(key), undefined);
  }

  private async either<T>(call: (store: RedisStore | MemoryStore) => Promise<T> | T, fallback: T): Promise<T> {
    try {
      return await call(this.reachable() ? this.shared : this.memory);
    } catch {
      return fallback;
    }
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}
