import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { centsToDecimal, formatUsd, type TReadiness, type TSystemCheck, type TSystemStatus } from '@topup/shared';
import type { Db } from '../db/client';
import type { AirtimeProvider } from '../airtime/provider';
import type { Chains } from '../chain/chains';
import type { Metrics } from '../metrics';
import type { PricingService } from './pricing';
import { jobBacklog, watcherCursors } from './system-status';

export interface ReadinessOptions {
  db: Db;
  chains: Chains;
  provider: AirtimeProvider;
  pricing: PricingService;
  log: Logger;
  metrics?: Metrics;
  /** A report is reused this long: probes every few seconds from several places cost one round of checks. */
  cacheMs?: number;
  /** The provider is asked at most this often (its balance call is one more request to an outside API). */
  providerCacheMs?: number;
  /** A check that has not answered by then fails. */
  timeoutMs?: number;
  /** A watcher further behind its node than this (in the network's block time) fails its network's check. */
  maxWatcherLagSeconds?: number;
  /** A due job that waited longer than this for a worker fails the jobs check. */
  maxJobWaitSeconds?: number;
}

/**
 * Whether this process can do its work, dependency by dependency (see shared/src/schemas/system.ts for
 * the checks). The whole round runs at most once per `cacheMs` whoever asks (the proxy, the
 * orchestrator, a monitor, the admin console), each check within a timeout, so readiness stays cheap.
 * From the first SIGTERM it answers `shutting_down` at once, so traffic moves away before the process
 * stops accepting it. A check that turns red or green again is logged once.
 */
export class ReadinessService {
  private draining = false;
  private round: { at: number; report: Promise<TSystemStatus> } | undefined;
  private providerCheck: { at: number; result: Promise<TSystemCheck> } | undefined;
  private readonly lastOk = new Map<string, boolean>();

  constructor(private readonly opts: ReadinessOptions) {}

  get shuttingDown(): boolean {
    return this.draining;
  }

  beginShutdown(): void {
    this.draining = true;
  }

  /** Every check with its detail (the admin's System panel). */
  async report(): Promise<TSystemStatus> {
    const now = Date.now();
    if (!this.round || now - this.round.at >= (this.opts.cacheMs ?? 5000)) {
      this.round = { at: now, report: this.runChecks() };
    }
    const report = await this.round.report;
    return this.draining ? { ...report, status: 'shutting_down' } : report;
  }

  /**
   * The public answer, and whether it counts as ready: every check, or only those named in `required`
   * (`network` names every network's check). Shutting down is never ready.
   */
  async readiness(required?: readonly string[]): Promise<{ ready: boolean; body: TReadiness }> {
    const report = await this.report();
    const counted = Object.entries(report.checks).filter(([name]) => !required || required.some((r) => name === r || name.startsWith(`${r}:`)));
    const ready = report.status !== 'shutting_down' && counted.every(([, c]) => c.ok);
    const checks = Object.fromEntries(Object.entries(report.checks).map(([name, c]) => [name, { ok: c.ok }]));
    return {
      ready,
      body: { status: report.status === 'shutting_down' ? 'shutting_down' : ready ? 'ready' : 'not_ready', checkedAt: report.checkedAt, checks },
    };
  }

  private async runChecks(): Promise<TSystemStatus> {
    const named: [string, Promise<TSystemCheck>][] = [
      ['database', this.database()],
      ...this.opts.chains.enabled().map((n): [string, Promise<TSystemCheck>] => [`network:${n.network}`, this.network(n.network)]),
      ['jobs', this.jobs()],
      ['provider', this.provider()],
      ['prices', this.prices()],
    ];
    const timeoutMs = this.opts.timeoutMs ?? 3000;
    const results = await Promise.all(named.map(([, check]) => withTimeout(check, timeoutMs)));
    const checks = Object.fromEntries(named.map(([name], i) => [name, results[i]!]));
    this.noteChanges(checks);
    const ok = Object.values(checks).every((c) => c.ok);
    return { status: ok ? 'ready' : 'not_ready', checkedAt: new Date().toISOString(), checks };
  }

  private async database(): Promise<TSystemCheck> {
    const started = performance.now();
    await this.opts.db.execute(sql`select 1`);
    return { ok: true, detail: `answered in ${Math.round(performance.now() - started)} ms` };
  }

  /** The network's nodes answer, and the scan is not behind their head by more than the allowed time. */
  private async network(id: string): Promise<TSystemCheck> {
    const spec = this.opts.chains.registry.network(id)!;
    const [health, cursors] = await Promise.all([this.opts.chains.health(id), watcherCursors(this.opts.db)]);
    const cursor = cursors.find((c) => c.network === id);
    const data = { head: health.head, scanned: cursor?.lastBlock ?? null, endpoints: health.endpoints };
    if (health.head === null) return { ok: false, detail: `no node answers: ${health.error}`, data };
    if (!cursor) return { ok: false, detail: `node at block ${health.head}; no watcher has scanned ${spec.label} yet`, data };
    const lagBlocks = Math.max(0, health.head - cursor.lastBlock);
    const lagSeconds = lagBlocks * spec.blockSeconds;
    const maxLag = this.opts.maxWatcherLagSeconds ?? 300;
    const resting = health.endpoints.filter((e) => e.resting).length;
    const nodes = resting ? `; ${resting} of ${health.endpoints.length} nodes failing over` : '';
    const detail = `scanned to block ${cursor.lastBlock}, ${lagBlocks} behind the node (about ${lagSeconds} s)${nodes}`;
    return {
      ok: lagSeconds <= maxLag,
      detail: lagSeconds <= maxLag ? detail : `${detail}: more than ${maxLag} s behind`,
      data: { ...data, lagBlocks, lagSeconds },
    };
  }

  private async jobs(): Promise<TSystemCheck> {
    const queues = await jobBacklog(this.opts.db);
    const due = queues.reduce((n, q) => n + q.due, 0);
    const dead = queues.reduce((n, q) => n + q.dead, 0);
    const oldest = Math.max(0, ...queues.map((q) => q.oldestDueSeconds));
    const maxWait = this.opts.maxJobWaitSeconds ?? 300;
    const deadText = dead ? `; ${dead} out of attempts (see their last error)` : '';
    const ok = oldest <= maxWait;
    const detail = ok
      ? `${due} due, the oldest waiting ${Math.round(oldest)} s${deadText}`
      : `${due} due, the oldest waiting ${Math.round(oldest)} s: no worker is keeping up${deadText}`;
    return { ok, detail, data: { queues } };
  }

  private provider(): Promise<TSystemCheck> {
    const now = Date.now();
    if (!this.providerCheck || now - this.providerCheck.at >= (this.opts.providerCacheMs ?? 30_000)) {
      const { provider } = this.opts;
      const result = provider.getBalance().then(
        (b): TSystemCheck => ({
          ok: true,
          detail: `${provider.name} answers; balance ${b.currencyCode === 'USD' ? formatUsd(b.balanceCents) : `${centsToDecimal(b.balanceCents)} ${b.currencyCode}`}`,
          data: { ...b },
        }),
        (err: unknown): TSystemCheck => ({ ok: false, detail: `${provider.name} does not answer: ${(err as Error).message}` }),
      );
      this.providerCheck = { at: now, result };
    }
    return this.providerCheck.result;
  }

  /** Every coin offered that needs a market price can be priced now (from the feed's cache when fresh). */
  private async prices(): Promise<TSystemCheck> {
    const volatile = this.opts.chains
      .offered()
      .coins.filter((c) => !c.stable)
      .map((c) => c.symbol);
    const failed: string[] = [];
    await Promise.all(volatile.map((coin) => this.opts.pricing.usdE8(coin).catch(() => failed.push(coin))));
    if (failed.length) return { ok: false, detail: `no usable price for ${failed.sort().join(', ')}`, data: { failed } };
    return { ok: true, detail: volatile.length ? `priced: ${volatile.join(', ')}` : 'no coin needs a market price' };
  }

  private noteChanges(checks: Record<string, TSystemCheck>) {
    for (const [name, check] of Object.entries(checks)) {
      this.opts.metrics?.readinessCheck.set({ check: name }, check.ok ? 1 : 0);
      const before = this.lastOk.get(name);
      this.lastOk.set(name, check.ok);
      if (before === check.ok || (before === undefined && check.ok)) continue;
      if (check.ok) this.opts.log.info({ check: name, detail: check.detail }, `readiness: ${name} is healthy again`);
      else this.opts.log.warn({ check: name, detail: check.detail }, `readiness: ${name} failed`);
    }
  }
}

async function withTimeout(check: Promise<TSystemCheck>, ms: number): Promise<TSystemCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<TSystemCheck>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${ms} ms` }), ms);
  });
  try {
    return await Promise.race([check.catch((err: unknown): TSystemCheck => ({ ok: false, detail: (err as Error).message })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
