import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import {
  CHAINS,
  ZPaymentCreated,
  ZPaymentStatus,
  type ChainRegistry,
  type TCoinSymbol,
  type TNetwork,
  type TPaymentCreated,
  type TPaymentStatus,
} from '@topup/shared';
import type { NetworkConfig } from '../src/config';
import { openDatabase, rowsOf, type Database } from '../src/db/client';
import { chainCursors, ledgerEntries, orderEvents, payments } from '../src/db/schema';
import { ChainWatcher } from '../src/chain/evm/watcher';
import type { WatcherOptions } from '../src/chain/port';
import { JsonRpcClient } from '../src/chain/evm/json-rpc';
import { freeDevnetNetworks, payFromDevnet, startDevnet, type Devnet, type SentPayment } from '../src/chain/devnet';
import { createServices, type Services } from '../src/services';
import { FixedPriceFeed, type VolatileCoin } from '../src/services/price-feed';
import { startTestApi, type TestApi } from './harness';

/**
 * End-to-end payments on the local chain: one Hardhat node per network on free ports (no interval
 * mining: a block per transaction, more only when a test mines them), the real API on a fresh test
 * database with every network pointed at those nodes, and one ChainWatcher per network built as
 * workers.ts builds them. Tests drive the watchers with explicit passes, never by sleeping.
 */

export interface ChainTestOptions {
  /** Extra environment for loadConfig (e.g. ETHEREUM_CONFIRMATIONS; BASE_ENABLED=true starts Base's node too). */
  env?: Record<string, string>;
  /** Initial USD prices of the priced assets (ETH, BNB, POL); mutate `prices` later to move the market. */
  prices?: Record<VolatileCoin, string>;
  /** The registry the API runs with (default: the built-in one): a test may add a network or a coin. */
  registry?: ChainRegistry;
}

/** A second API process on the same database: its own pool, services and watchers. PostgreSQL only. */
export interface SecondProcess {
  database: Database;
  services: Services;
  watcher(network: TNetwork, overrides?: Partial<WatcherOptions> & { rpc?: JsonRpcClient }): ChainWatcher;
  close(): Promise<void>;
}

export interface ChainTest {
  api: TestApi;
  devnet: Devnet;
  networks: Readonly<Record<TNetwork, NetworkConfig>>;
  /** The price table the API's feed reads (prices are cached for PRICE_CACHE_SECONDS). */
  prices: Record<VolatileCoin, string>;
  /** The watcher of each network, as the API's workers would run it. */
  watchers: Record<TNetwork, ChainWatcher>;
  rpc(network: TNetwork): JsonRpcClient;
  required(network: TNetwork): number;
  /** Another watcher as workers.ts builds it (a restarted process), closed with the rest. */
  watcher(network: TNetwork, overrides?: Partial<WatcherOptions> & { rpc?: JsonRpcClient }): ChainWatcher;
  createOrder(coin: TCoinSymbol, amountUsd?: number): Promise<TPaymentCreated>;
  /**
   * Pays `units` of `coin` (default: the order's coin and amount) to the order's address from a funded
   * account; `viaContract`: a native coin through the devnet's forwarder (an internal transfer).
   */
  pay(order: TPaymentCreated, opts?: { units?: bigint; coin?: TCoinSymbol; accountIndex?: number; viaContract?: boolean }): Promise<SentPayment>;
  mine(network: TNetwork, blocks: number): Promise<void>;
  head(network: TNetwork): Promise<number>;
  /** Watcher passes on the network until it has caught up with the head; returns how many ran. */
  scan(network: TNetwork, watcher?: ChainWatcher): Promise<number>;
  /** Mines up to the required depth for a payment in the head block and scans. */
  confirm(network: TNetwork): Promise<void>;
  status(order: TPaymentCreated): Promise<TPaymentStatus>;
  orderStatus(orderId: number): Promise<string>;
  ledger(orderId: number): Promise<(typeof ledgerEntries.$inferSelect)[]>;
  events(orderId: number): Promise<(typeof orderEvents.$inferSelect)[]>;
  payments(orderId: number): Promise<(typeof payments.$inferSelect)[]>;
  cursor(network: TNetwork): Promise<number | undefined>;
  snapshot(network: TNetwork): Promise<string>;
  revert(network: TNetwork, id: string): Promise<void>;
  secondProcess(): Promise<SecondProcess>;
  close(): Promise<void>;
}

const silent = pino({ level: 'silent' });
const phone = '671234567';

export async function startChainTest(opts: ChainTestOptions = {}): Promise<ChainTest> {
  const registry = opts.registry ?? CHAINS;
  // The networks the configuration enables (opts.env may switch some on or off): each gets a node.
  // Tron runs its own double and watcher (api/src/chain/tron/payments.db.test.ts): off here unless a test switches it on.
  const settings = { TRON_ENABLED: 'false', TON_ENABLED: 'false', ...opts.env };
  const networks = await freeDevnetNetworks(registry, settings);
  // The EVM networks: this harness drives EVM watchers (another family's networks run their own doubles).
  const networkIds = registry.networks.filter((n) => n.family === 'evm' && networks[n.id]!.enabled).map((n) => n.id);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chain-test-'));
  const closers: (() => Promise<void>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const closeAll = async () => {
    // Last opened, first closed; every closer runs even when one fails.
    const errors: unknown[] = [];
    for (const close of closers.splice(0).reverse()) await close().catch((err: unknown) => errors.push(err));
    if (errors.length) throw errors[0];
  };
  try {
    const devnet = await startDevnet({ networks, registry, dataDir, blockIntervalMs: 0, log: silent });
    closers.push(() => devnet.stop());
    const env: Record<string, string> = {
      ETHEREUM_CONFIRMATIONS: '3',
      BSC_CONFIRMATIONS: '2',
      POLYGON_CONFIRMATIONS: '2',
      BASE_CONFIRMATIONS: '2',
      ARBITRUM_CONFIRMATIONS: '2',
      PRICE_CACHE_SECONDS: '1',
    };
    for (const n of registry.networks) env[`${n.id.toUpperCase()}_RPC_URL`] = networks[n.id]!.rpcUrl;
    const prices = { ETH: '3000', BNB: '600', POL: '0.5', ...opts.prices };
    const priceFeed = new FixedPriceFeed(prices);
    const api = await startTestApi({ env: { ...env, ...settings }, priceFeed, registry });
    closers.push(() => api.close());
    const config = api.config;

    const built: ChainWatcher[] = [];
    closers.push(async () => {
      await Promise.all(built.map((w) => w.stop()));
    });
    /** As startWorkers (api/src/workers.ts) builds a network's watcher. */
    const buildWatcher = (database: Database, services: Services, network: TNetwork, overrides: Partial<WatcherOptions> & { rpc?: JsonRpcClient } = {}) => {
      const w = new ChainWatcher({
        network: config.networks[network]!,
        nativeCoin: registry.nativeCoin(network).symbol,
        familyNetworks: registry.networks.filter((n) => n.family === 'evm').map((n) => n.id),
        database,
        payments: services.payments,
        alerts: services.alerts,
        log: silent.child({ watcher: network }),
        maxBlockRange: config.chain.maxBlockRange,
        devnet: config.devnet,
        ...overrides,
      });
      built.push(w);
      return w;
    };
    const watchers = Object.fromEntries(networkIds.map((n) => [n, buildWatcher(api.database, api.services, n)])) as Record<TNetwork, ChainWatcher>;
    const rpcs = new Map(networkIds.map((n) => [n, new JsonRpcClient(config.networks[n]!.rpcUrl)]));
    const rpc = (n: TNetwork) => rpcs.get(n)!;
    // First pass: each watcher starts at the head of its chain.
    for (const n of networkIds) await watchers[n]!.pass();

    const db = api.database.db;
    const t: ChainTest = {
      api,
      devnet,
      networks: config.networks,
      prices,
      watchers,
      rpc,
      required: (n) => config.networks[n]!.confirmations,
      watcher: (n, overrides) => buildWatcher(api.database, api.services, n, overrides),

      async createOrder(coin, amountUsd = 10) {
        const res = await api.call('POST', '/api/crypto-payment', {
          body: { amount: amountUsd, phoneNumber: phone, operatorId: 53, countryId: 120, cryptoCurrency: coin },
        });
        if (res.status !== 201) throw new Error(`order for ${coin} refused: ${res.status} ${JSON.stringify(res.body)}`);
        return ZPaymentCreated.parse(res.body);
      },

      pay(order, o = {}) {
        const coin = registry.requireCoin(o.coin ?? order.cryptocurrency);
        const network = config.networks[coin.network]!;
        return payFromDevnet({
          rpcUrl: network.rpcUrl,
          chainId: network.chainId,
          to: order.walletAddress,
          tokenContract: coin.kind === 'token' ? network.tokens[coin.symbol]! : null,
          units: o.units ?? BigInt(order.cryptoAmountBaseUnits),
          accountIndex: o.accountIndex,
          forwarder: o.viaContract ? devnet.nodes[coin.network]!.forwarder : undefined,
        });
      },

      async mine(n, blocks) {
        if (blocks > 0) await rpc(n).call('hardhat_mine', [`0x${blocks.toString(16)}`]);
      },

      head: (n) => rpc(n).blockNumber(),

      async scan(n, watcher = watchers[n]!) {
        let passes = 1;
        while (await watcher.pass()) passes++;
        return passes;
      },

      async confirm(n) {
        await t.mine(n, t.required(n) - 1);
        await t.scan(n);
      },

      async status(order) {
        const byId = await api.call('GET', `/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } });
        const byPaymentId = await api.call('GET', `/api/orders/${order.paymentId}/status`);
        if (byId.status !== 200) throw new Error(`status of order ${order.orderId}: ${byId.status} ${JSON.stringify(byId.body)}`);
        const status = ZPaymentStatus.parse(byId.body);
        // Both status endpoints tell the same story (only the timestamp may move between the two reads).
        if (JSON.stringify({ ...ZPaymentStatus.parse(byPaymentId.body), updatedAt: 0 }) !== JSON.stringify({ ...status, updatedAt: 0 })) {
          throw new Error(`the two status endpoints disagree: ${JSON.stringify(byId.body)} vs ${JSON.stringify(byPaymentId.body)}`);
        }
        return status;
      },

      async orderStatus(orderId) {
        const rows = await db.execute(sql`select status from orders where id = ${orderId}`);
        return rowsOf<{ status: string }>(rows)[0]!.status;
      },

      ledger: (orderId) => db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id)),
      events: (orderId) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
      payments: (orderId) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),

      async cursor(n) {
        const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, n));
        return row?.lastBlock;
      },

      snapshot: (n) => rpc(n).call<string>('evm_snapshot'),

      async revert(n, id) {
        if (!(await rpc(n).call<boolean>('evm_revert', [id]))) throw new Error(`evm_revert ${id} on ${n} failed`);
      },

      async secondProcess() {
        const serverUrl = process.env.TEST_DATABASE_URL;
        if (api.database.kind !== 'postgres' || !serverUrl) throw new Error('a second process needs the PostgreSQL server (TEST_DB=postgres)');
        const rows = await db.execute(sql`select current_database() as name`);
        const url = new URL(serverUrl);
        url.pathname = `/${rowsOf<{ name: string }>(rows)[0]!.name}`;
        // A pool of its own, as another process would have: advisory locks are really contended.
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
        const services = createServices({ config, db: database.db, provider: api.provider, priceFeed, log: silent });
        const mine: ChainWatcher[] = [];
        let closed = false;
        const close = async () => {
          if (closed) return;
          closed = true;
          await Promise.all(mine.map((w) => w.stop()));
          await database.close();
        };
        // Closed before the test database (dropped by api.close) goes away.
        closers.push(close);
        return {
          database,
          services,
          watcher(n, overrides) {
            const w = buildWatcher(database, services, n, overrides);
            mine.push(w);
            return w;
          },
          close,
        };
      },

      close: closeAll,
    };
    return t;
  } catch (err) {
    await closeAll().catch(() => undefined);
    throw err;
  }
}

/** A JsonRpcClient whose calls can be made to fail: the process dies between fetching and writing. */
export class FailingRpcClient extends JsonRpcClient {
  /** Methods made to fail on their next call. */
  readonly failNext = new Set<string>();
  /** Every method called, in order. */
  readonly calls: string[] = [];

  override async batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    for (const c of calls) {
      this.calls.push(c.method);
      if (this.failNext.delete(c.method)) throw new Error(`simulated crash during ${c.method}`);
    }
    return super.batch<T>(calls);
  }
}

/** Waits until `check` holds (for the tests that run watchers on their own timers). */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
