import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/client';
import { jobBacklog, notificationBacklog, ordersByStatus, type NotificationBacklog, type QueueBacklog } from './services/system-status';

/**
 * The Prometheus metrics of one API process (GET /metrics, see app.ts for who may read them). Counters
 * and histograms count what this process did; the gauges read from the database (orders, jobs,
 * notifications) describe the whole system and are the same on every replica: aggregate them with
 * max(), not sum().
 */

/** What the database gauges need, read once per scrape. */
interface DatabaseSnapshot {
  orders: Record<string, number>;
  jobs: QueueBacklog[];
  notifications: NotificationBacklog[];
}

const SNAPSHOT_MS = 1000;

export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpSeconds: Histogram<'method' | 'route'>;
  readonly rpcRequests: Counter<'network' | 'endpoint' | 'outcome'>;
  readonly rpcCalls: Counter<'network' | 'method'>;
  readonly rpcSeconds: Histogram<'network' | 'endpoint'>;
  readonly paymentsSeen: Counter<'network' | 'coin'>;
  readonly watcherHead: Gauge<'network'>;
  readonly watcherScanned: Gauge<'network'>;
  readonly watcherLag: Gauge<'network'>;
  readonly providerCalls: Counter<'operation' | 'outcome'>;
  readonly providerSeconds: Histogram<'operation'>;
  readonly readinessCheck: Gauge<'check'>;
  /**
   * Each HTTP series' counters, found once: prom-client would otherwise hash the label object on every
   * request. Bounded: routes are patterns, and Node's parser knows a fixed set of methods.
   */
  private readonly httpSeries = new Map<string, { requests: { inc(): void }; seconds: { observe(value: number): void } }>();
  private db: Db | undefined;
  private snapshot: { at: number; value: Promise<DatabaseSnapshot> } | undefined;

  /** `processMetrics`: also Node's own (memory, event loop lag, GC), once per process. */
  constructor(opts: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'topup_process_' });
    this.httpRequests = new Counter({
      name: 'topup_http_requests_total',
      help: 'HTTP requests answered, by route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpSeconds = new Histogram({
      name: 'topup_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (event streams: their whole life)',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.rpcRequests = new Counter({
      name: 'topup_rpc_requests_total',
      help: 'HTTP requests to RPC nodes (one may carry a batch of calls), by endpoint and outcome',
      labelNames: ['network', 'endpoint', 'outcome'],
      registers,
    });
    this.rpcCalls = new Counter({
      name: 'topup_rpc_calls_total',
      help: 'JSON-RPC calls sent to the nodes, by method',
      labelNames: ['network', 'method'],
      registers,
    });
    this.rpcSeconds = new Histogram({
      name: 'topup_rpc_request_duration_seconds',
      help: 'Time an RPC node took to answer',
      labelNames: ['network', 'endpoint'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.paymentsSeen = new Counter({
      name: 'topup_payments_seen_total',
      help: 'Payments to deposit addresses found on chain by this process',
      labelNames: ['network', 'coin'],
      registers,
    });
    this.watcherHead = new Gauge({
      name: 'topup_watcher_head_block',
      help: 'The newest block the node reported to this process’s watcher',
      labelNames: ['network'],
      registers,
    });
    this.watcherScanned = new Gauge({
      name: 'topup_watcher_scanned_block',
      help: 'The last block this process’s watcher scanned',
      labelNames: ['network'],
      registers,
    });
    this.watcherLag = new Gauge({
      name: 'topup_watcher_lag_blocks',
      help: 'Blocks between the node’s head and the last scanned block (only the process holding the network’s lock reports)',
      labelNames: ['network'],
      registers,
    });
    this.providerCalls = new Counter({
      name: 'topup_provider_calls_total',
      help: 'Calls to the airtime provider, by operation and outcome',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    this.providerSeconds = new Histogram({
      name: 'topup_provider_call_duration_seconds',
      help: 'Time the airtime provider took to answer',
      labelNames: ['operation'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });

    this.readinessCheck = new Gauge({
      name: 'topup_readiness_check',
      help: 'The last readiness round, per check: 1 passing, 0 failing',
      labelNames: ['check'],
      registers,
    });

    const fromDb = async (read: (s: DatabaseSnapshot) => void) => {
      const s = await this.readSnapshot();
      if (s) read(s);
    };
    new Gauge({
      name: 'topup_orders',
      help: 'Orders in the database, by status',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        await fromDb((s) => Object.entries(s.orders).forEach(([status, n]) => this.set({ status }, n)));
      },
    });
    new Gauge({
      name: 'topup_jobs',
      help: 'Durable jobs by queue and state (due: waiting for a worker; running; scheduled: for later; dead: out of attempts)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        await fromDb((s) =>
          s.jobs.forEach((q) => {
            for (const state of ['due', 'running', 'scheduled', 'dead'] as const) this.set({ queue: q.queue, state }, q[state]);
          }),
        );
      },
    });
    new Gauge({
      name: 'topup_job_oldest_due_seconds',
      help: 'How long the oldest due job of each queue has waited for a worker',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        await fromDb((s) => s.jobs.forEach((q) => this.set({ queue: q.queue }, q.oldestDueSeconds)));
      },
    });
    new Gauge({
      name: 'topup_notifications_pending',
      help: 'Notifications (Telegram, e-mail) written but not yet delivered',
      labelNames: ['channel'],
      registers,
      async collect() {
        this.reset();
        await fromDb((s) => s.notifications.forEach((n) => this.set({ channel: n.channel }, n.pending)));
      },
    });
    new Gauge({
      name: 'topup_notification_oldest_pending_seconds',
      help: 'Age of the oldest undelivered notification, by channel',
      labelNames: ['channel'],
      registers,
      async collect() {
        this.reset();
        await fromDb((s) => s.notifications.forEach((n) => this.set({ channel: n.channel }, n.oldestPendingSeconds)));
      },
    });
  }

  /** The database the gauges read. */
  useDatabase(db: Db): void {
    this.db = db;
  }

  /** `route` is the route's pattern, never the raw path (whose ids would make a series per order). */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      series = { requests: this.httpRequests.labels(method, route, String(status)), seconds: this.httpSeconds.labels(method, route) };
      this.httpSeries.set(key, series);
    }
    series.requests.inc();
    series.seconds.observe(seconds);
  }

  /** One snapshot serves every gauge of a scrape; a database that does not answer leaves them empty. */
  private readSnapshot(): Promise<DatabaseSnapshot | null> {
    const db = this.db;
    if (!db) return Promise.resolve(null);
    if (!this.snapshot || Date.now() - this.snapshot.at > SNAPSHOT_MS) {
      this.snapshot = {
        at: Date.now(),
        value: Promise.all([ordersByStatus(db), jobBacklog(db), notificationBacklog(db)]).then(([orders, jobs, notifications]) => ({
          orders,
          jobs,
          notifications,
        })),
      };
    }
    return this.snapshot.value.catch(() => null);
  }
}
