/**
 * Chain watcher benchmark (bounded: about a minute, 127.0.0.1 only). On a devnet ethereum node, behind
 * a counting JSON-RPC proxy, with 1 / 100 / 1,000 / 1,001 open orders:
 *  - JSON-RPC calls and HTTP requests per new block of the watcher's block scan (blocks mined one at a
 *    time with evm_mine straight on the node, then one watcher.pass());
 *  - the alternative for native coins: eth_getBalance of every open address at each block, as one
 *    JSON-RPC batch through the same proxy;
 *  - the time from mining the block that brings a payment to the required depth to the order being
 *    `paid`, driven by explicit pass() calls and by the watcher's own timer.
 *
 *   npm run bench:watcher   (PostgreSQL server: BENCH_PG_SERVER, default the local one; BENCH_PGLITE=1 for embedded PGlite)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, gt, sql } from 'drizzle-orm';
import { createScratchDatabase } from '../api/test/db';
import pino from 'pino';
import { ZCreatePaymentRequest, type TCoinSymbol } from '@topup/shared';
import { freeDevnetNetworks, payFromDevnet, startDevnet, type Devnet } from '../api/src/chain/devnet';
import { JsonRpcClient, hex } from '../api/src/chain/evm/json-rpc';
import { ChainWatcher } from '../api/src/chain/evm/watcher';
import { loadConfig, type NetworkConfig } from '../api/src/config';
import { openDatabase, type Database } from '../api/src/db/client';
import { orders } from '../api/src/db/schema';
import { SandboxProvider } from '../api/src/airtime/sandbox';
import { createServices, type Services } from '../api/src/services';
import { FixedPriceFeed } from '../api/src/services/price-feed';
import { startRpcProxy, type RpcCounts, type RpcProxy } from './rpc-proxy';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const POLL_MS = Number(process.env.ETHEREUM_POLL_MS ?? 250);
const CONFIRMATIONS = 3;
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 6);
const ORDER_COUNTS = [1, 100, 1000];
/** One past the 1,000 addresses that one eth_getLogs filter holds. */
const OVER_ONE_FILTER = 1001;
const COINS_MIX: TCoinSymbol[] = ['ETH', 'USDT', 'USDC'];
/** The whole run stops here, whatever state it is in (the devnet node dies with us). */
const DEADLINE_MS = 150_000;
const serverUrl = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface OpenOrder {
  id: number;
  coin: TCoinSymbol;
  address: string;
  units: bigint;
  tokenContract: string | null;
}

interface Sample {
  counts: RpcCounts;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stats(values: number[]): { mean: number; max: number; p50: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    mean: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length),
    max: sorted[sorted.length - 1] ?? 0,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
  };
}

/** A fresh database on the server (dropped by close()), or PGlite in memory with BENCH_PGLITE=1. */
async function openBenchDatabase(): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  if (process.env.BENCH_PGLITE === '1') {
    return { database: await openDatabase({}), label: 'PGlite (in memory; BENCH_PGLITE=1)', drop: async () => undefined };
  }
  const scratch = await createScratchDatabase(serverUrl, 'topup_bench_watcher');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  return {
    database,
    label: `PostgreSQL server (database ${scratch.name})`,
    drop: scratch.drop,
  };
}

class Bench {
  readonly open: OpenOrder[] = [];

  constructor(
    private readonly node: JsonRpcClient,
    private readonly viaProxy: JsonRpcClient,
    private readonly proxy: RpcProxy,
    private readonly services: Services,
    private readonly database: Database,
    readonly watcher: ChainWatcher,
  ) {}

  /** Open orders through the OrderService (no HTTP, so no rate limit), a few at a time. */
  async createOrders(total: number): Promise<void> {
    while (this.open.length < total) {
      const batch = Math.min(20, total - this.open.length);
      const created = await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          this.services.orders.checkout.createFromCompact(
            // Read by the API's own schema: amount 10 is $10.00.
            ZCreatePaymentRequest.parse({
              phoneNumber: '671234567',
              operatorId: 53,
              amount: 10,
              currency: COINS_MIX[(this.open.length + i) % COINS_MIX.length],
            }),
            { source: 'compact' },
          ),
        ),
      );
      for (const c of created) {
        this.open.push({
          id: c.orderId,
          coin: c.cryptocurrency,
          address: c.walletAddress,
          units: BigInt(c.cryptoAmountBaseUnits),
          tokenContract: c.tokenContract,
        });
      }
    }
  }

  async mine(): Promise<void> {
    await this.node.call('evm_mine');
  }

  /** The watcher's pass over one block just mined: calls and wall time. */
  async passSample(): Promise<Sample> {
    this.proxy.reset();
    const t = performance.now();
    const more = await this.watcher.pass();
    const ms = performance.now() - t;
    if (more) throw new Error('the watcher did not reach the head in one pass');
    return { counts: this.proxy.counts(), ms };
  }

  /** The alternative for native coins: every open address's balance at the head, as one batch. */
  async balanceSample(): Promise<Sample> {
    const rows = await this.database.db
      .select({ address: orders.depositAddress })
      .from(orders)
      .where(gt(orders.watchUntil, sql`now()`));
    this.proxy.reset();
    const t = performance.now();
    const head = await this.viaProxy.blockNumber();
    const balances = await this.viaProxy.batch<string>(rows.map((r) => ({ method: 'eth_getBalance', params: [r.address, hex(head)] })));
    const ms = performance.now() - t;
    if (balances.length !== rows.length) throw new Error('balance batch came back short');
    return { counts: this.proxy.counts(), ms };
  }

  async status(orderId: number): Promise<string> {
    const [row] = await this.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row!.status;
  }

  async waitForStatus(orderId: number, status: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await this.status(orderId)) !== status) {
      if (Date.now() > deadline) throw new Error(`order ${orderId} did not become ${status} (is ${await this.status(orderId)})`);
      await sleep(2);
    }
  }

  pay(order: OpenOrder) {
    return payFromDevnet({ rpcUrl: this.node.url, to: order.address, tokenContract: order.tokenContract, units: order.units });
  }
}

interface ScanRow {
  orders: number;
  scan: Sample[];
  balance: Sample[];
}

function methodSummary(samples: Sample[]): string {
  const methods = [...new Set(samples.flatMap((s) => Object.keys(s.counts.byMethod)))].sort();
  return methods
    .map((m) => {
      const s = stats(samples.map((x) => x.counts.byMethod[m] ?? 0));
      return `${m.replace(/^eth_/, '')} ${fmt(s.mean)}${s.max !== s.mean ? ` (max ${s.max})` : ''}`;
    })
    .join(', ');
}

function fmt(n: number, digits = 2): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(digits);
}

async function main() {
  const started = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`bench:watcher: still running after ${DEADLINE_MS / 1000} s, giving up`);
    process.exit(1);
  }, DEADLINE_MS);
  watchdog.unref();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-watcher-'));
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c().catch((err: Error) => console.error(`cleanup: ${err.message}`));
  };
  try {
    const all = await freeDevnetNetworks();
    const networks: Record<string, NetworkConfig> = { ...all, bsc: { ...all.bsc!, enabled: false }, polygon: { ...all.polygon!, enabled: false } };
    // No interval: a block only when a transaction arrives (automine) or when we call evm_mine.
    const devnet: Devnet = await startDevnet({ networks, dataDir, blockIntervalMs: 0 });
    cleanups.push(() => devnet.stop());
    const nodeUrl = networks.ethereum!.rpcUrl;
    const proxy = await startRpcProxy(nodeUrl);
    cleanups.push(() => proxy.close());

    const db = await openBenchDatabase();
    cleanups.push(() => db.drop());
    cleanups.push(() => db.database.close());

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEVNET: 'true',
      ETHEREUM_RPC_URL: proxy.url,
      ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
      BSC_ENABLED: 'false',
      POLYGON_ENABLED: 'false',
      ETHEREUM_POLL_MS: String(POLL_MS),
    });
    const log = pino({ level: 'silent' });
    const services = createServices({ config, db: db.database.db, provider: new SandboxProvider({}), priceFeed: new FixedPriceFeed(), log });
    const watcher = new ChainWatcher({
      network: config.networks.ethereum!,
      nativeCoin: 'ETH',
      familyNetworks: config.registry.networks.filter((n) => n.family === 'evm').map((n) => n.id),
      database: db.database,
      payments: services.payments,
      alerts: services.alerts,
      log,
      maxBlockRange: config.chain.maxBlockRange,
      devnet: config.devnet,
    });
    cleanups.push(() => watcher.stop());
    const bench = new Bench(new JsonRpcClient(nodeUrl), new JsonRpcClient(proxy.url), proxy, services, db.database, watcher);
    const setupMs = Date.now() - started;

    // The first pass starts the watcher at the head.
    await watcher.pass();

    // 1. Calls per new block, as the number of open orders grows.
    const rows: ScanRow[] = [];
    let createMs = 0;
    const scanCase = async (n: number, blocks: number) => {
      const t = Date.now();
      await bench.createOrders(n);
      createMs += Date.now() - t;
      await watcher.pass();
      const row: ScanRow = { orders: n, scan: [], balance: [] };
      for (let i = 0; i < blocks; i++) {
        await bench.mine();
        row.scan.push(await bench.passSample());
        row.balance.push(await bench.balanceSample());
      }
      rows.push(row);
    };
    for (const n of ORDER_COUNTS) await scanCase(n, BLOCKS);

    // 2. Latency to `paid`, 1,000 orders open (paid ones stay watched until watch_until). Explicit passes first.
    const payable = (i: number) => bench.open[bench.open.length - 1 - i]!;
    const explicit: number[] = [];
    const paymentBlock: Sample[] = [];
    let k = 0;
    for (; k < LATENCY_SAMPLES; k++) {
      const order = payable(k);
      await bench.pay(order); // mined at once (automine): depth 1
      paymentBlock.push(await bench.passSample());
      if ((await bench.status(order.id)) !== 'confirming') throw new Error(`order ${order.id} not confirming after its payment block`);
      for (let d = 2; d < CONFIRMATIONS; d++) {
        await bench.mine();
        await watcher.pass();
      }
      await bench.mine(); // this block brings the payment to the required depth
      const t = performance.now();
      await watcher.pass();
      const status = await bench.status(order.id);
      explicit.push(performance.now() - t);
      if (status !== 'paid') throw new Error(`order ${order.id} is ${status} after the pass at depth ${CONFIRMATIONS}`);
    }

    // Then the watcher on its own timer.
    const timer: number[] = [];
    proxy.reset();
    const timerStart = performance.now();
    watcher.start();
    for (let j = 0; j < LATENCY_SAMPLES; j++, k++) {
      const order = payable(k);
      await bench.pay(order);
      await bench.waitForStatus(order.id, 'confirming');
      for (let d = 2; d < CONFIRMATIONS; d++) await bench.mine();
      // Mine at a random moment of the poll cycle, not in step with it.
      await sleep(Math.random() * POLL_MS);
      await bench.mine();
      const t = performance.now();
      await bench.waitForStatus(order.id, 'paid');
      timer.push(performance.now() - t);
    }
    await watcher.stop();
    const timerSeconds = (performance.now() - timerStart) / 1000;
    const timerCounts = proxy.counts();
    const latencyOrders = bench.open.length;

    // 3. One order more than one eth_getLogs filter holds.
    await scanCase(OVER_ONE_FILTER, Math.min(5, BLOCKS));

    // Report.
    console.log(`\nChain watcher benchmark — devnet ethereum (Hardhat, 127.0.0.1), ${db.label}`);
    console.log(
      `confirmations ${CONFIRMATIONS}; ${BLOCKS} blocks per case (${Math.min(5, BLOCKS)} for ${OVER_ONE_FILTER}), each mined alone (evm_mine on the node) then one watcher.pass(); calls counted by a proxy in front of the node`,
    );
    console.log(
      `open orders: a ${COINS_MIX.join('/')} mix on ethereum; setup ${(setupMs / 1000).toFixed(1)} s, ${bench.open.length} orders created in ${(createMs / 1000).toFixed(1)} s\n`,
    );
    console.log('Block scan (the watcher) per new block');
    console.log(
      'open orders'.padEnd(12),
      'calls mean/max'.padStart(15),
      'HTTP mean/max'.padStart(14),
      'pass ms p50/max'.padStart(16),
      'RPC ms p50'.padStart(11),
      '  calls by method (mean per block)',
    );
    for (const r of rows) {
      const c = stats(r.scan.map((s) => s.counts.calls));
      const h = stats(r.scan.map((s) => s.counts.requests));
      const ms = stats(r.scan.map((s) => s.ms));
      console.log(
        String(r.orders).padEnd(12),
        `${fmt(c.mean)} / ${c.max}`.padStart(15),
        `${fmt(h.mean)} / ${h.max}`.padStart(14),
        `${ms.p50.toFixed(1)} / ${ms.max.toFixed(1)}`.padStart(16),
        stats(r.scan.map((s) => s.counts.upstreamMs))
          .p50.toFixed(1)
          .padStart(11),
        ` ${methodSummary(r.scan)}`,
      );
    }
    console.log('\nBalance checks instead (eth_blockNumber + one eth_getBalance per open address, one batch) per new block');
    console.log('open orders'.padEnd(12), 'calls mean/max'.padStart(15), 'HTTP mean/max'.padStart(14), 'RPC ms p50/max'.padStart(16));
    for (const r of rows) {
      const c = stats(r.balance.map((s) => s.counts.calls));
      const h = stats(r.balance.map((s) => s.counts.requests));
      const ms = stats(r.balance.map((s) => s.counts.upstreamMs));
      console.log(
        String(r.orders).padEnd(12),
        `${fmt(c.mean)} / ${c.max}`.padStart(15),
        `${fmt(h.mean)} / ${h.max}`.padStart(14),
        `${ms.p50.toFixed(1)} / ${ms.max.toFixed(1)}`.padStart(16),
      );
    }
    const pb = stats(paymentBlock.map((s) => s.counts.calls));
    console.log(
      `\nA block holding one payment to an open address (${latencyOrders} open): ${fmt(pb.mean)} calls (max ${pb.max}) — ${methodSummary(paymentBlock)}`,
    );

    const e = stats(explicit);
    const tm = stats(timer);
    console.log(
      `\nBlock reaching depth ${CONFIRMATIONS} -> order 'paid' (${latencyOrders} open orders, ${LATENCY_SAMPLES} payments each, ${COINS_MIX.join('/')} in turn)`,
    );
    console.log(`  explicit pass():                   p50 ${e.p50.toFixed(0)} ms, mean ${e.mean.toFixed(0)} ms, max ${e.max.toFixed(0)} ms`);
    console.log(
      `  watcher timer (ETHEREUM_POLL_MS=${POLL_MS}):  p50 ${tm.p50.toFixed(0)} ms, mean ${tm.mean.toFixed(0)} ms, max ${tm.max.toFixed(0)} ms (status polled every ~2 ms)`,
    );
    const polls = timerCounts.byMethod.eth_blockNumber ?? 0;
    console.log(
      `  timer run: ${timerSeconds.toFixed(1)} s, ${polls} passes (${(polls / timerSeconds).toFixed(1)}/s), ${timerCounts.calls} calls in ${timerCounts.requests} HTTP requests — ${Object.entries(
        timerCounts.byMethod,
      )
        .map(([m, n]) => `${m.replace(/^eth_/, '')} ${n}`)
        .join(', ')}`,
    );
    console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await cleanup();
  }
}

await main();
