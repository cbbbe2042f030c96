import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { formatUsd, type TSystemCheck } from '@topup/shared';
import { rowsOf, type Db } from '../db/client';
import type { AlertService } from './alerts';
import type { ReadinessService } from './readiness';

export interface AlertThresholds {
  providerBalanceCents: number;
  orderStuckMs: number;
  failedDeliveriesPerHour: number;
  /** Where the backup service's dumps are; null: not watched. */
  backupDir: string | null;
  backupIntervalMs: number;
}

type Finding = { kind: string; message: string | null };

/**
 * The conditions that call for a person, checked on a schedule (a job that runs itself again): each
 * raises its alert while it holds and resolves it when it is gone, so an operator hears of it once (and
 * again after the reminder period), not on every check. The readiness checks give the nodes, the job
 * queue, the provider and the prices; the orders and the backups are read here.
 */
export class AlertChecks {
  constructor(private readonly deps: { db: Db; alerts: AlertService; readiness: ReadinessService; thresholds: AlertThresholds; now?: () => number }) {}

  async runOnce(): Promise<void> {
    const findings = [...(await this.fromReadiness()), await this.stuckOrders(), await this.failingDeliveries(), await this.backup()];
    for (const f of findings) {
      if (f.message) await this.deps.alerts.raise(f.kind, f.message);
      else await this.deps.alerts.resolve(f.kind);
    }
  }

  private async fromReadiness(): Promise<Finding[]> {
    const { checks } = await this.deps.readiness.report();
    const findings: Finding[] = [];
    for (const [name, check] of Object.entries(checks)) {
      if (name.startsWith('network:')) {
        const network = name.slice('network:'.length);
        findings.push({ kind: `network_behind:${network}`, message: check.ok ? null : `${network}: ${check.detail}` });
        const endpoints = (check.data?.endpoints ?? []) as { resting?: boolean }[];
        const resting = endpoints.filter((e) => e.resting).length;
        findings.push({
          kind: `nodes_failing_over:${network}`,
          message: resting ? `${network}: ${resting} of ${endpoints.length} nodes failing, traffic moved to the others` : null,
        });
      }
    }
    findings.push({ kind: 'job_queue_backlog', message: failed(checks.jobs) });
    findings.push({ kind: 'prices_unavailable', message: failed(checks.prices) });
    findings.push({ kind: 'provider_unreachable', message: failed(checks.provider) });
    const balance = checks.provider?.data?.balanceCents;
    if (typeof balance === 'number') {
      const low = balance < this.deps.thresholds.providerBalanceCents;
      findings.push({
        kind: 'provider_balance_low',
        message: low
          ? `The airtime provider balance is ${formatUsd(balance)}, under the ${formatUsd(this.deps.thresholds.providerBalanceCents)} threshold`
          : null,
      });
    }
    return findings;
  }

  /** Paid orders not delivered in time (the provider never answered, or no worker runs). */
  private async stuckOrders(): Promise<Finding> {
    const since = new Date(this.now() - this.deps.thresholds.orderStuckMs);
    const [row] = rowsOf<{ n: number; oldest: number | null }>(
      await this.deps.db.execute(
        sql`select count(*)::int as n, min(id)::int as oldest from orders where status in ('paid', 'processing') and updated_at < ${since.toISOString()}::timestamptz`,
      ),
    );
    const minutes = Math.round(this.deps.thresholds.orderStuckMs / 60_000);
    return {
      kind: 'orders_stuck',
      message: row && Number(row.n) > 0 ? `${row.n} paid order(s) not delivered after ${minutes} minutes (the oldest: order #${row.oldest})` : null,
    };
  }

  /** Deliveries that failed within the last hour, at or above the threshold. */
  private async failingDeliveries(): Promise<Finding> {
    const since = new Date(this.now() - 3_600_000);
    const [row] = rowsOf<{ n: number }>(
      await this.deps.db.execute(
        sql`select count(distinct order_id)::int as n from order_events where to_status = 'failed' and created_at > ${since.toISOString()}::timestamptz`,
      ),
    );
    const n = Number(row?.n ?? 0);
    return {
      kind: 'delivery_failing',
      message:
        n >= this.deps.thresholds.failedDeliveriesPerHour ? `${n} top-ups failed in the last hour (each credited to its customer): look at the provider` : null,
    };
  }

  /** The newest dump of the backup service is older than two of its intervals (or there is none). */
  private async backup(): Promise<Finding> {
    const { backupDir, backupIntervalMs } = this.deps.thresholds;
    if (!backupDir) return { kind: 'backup_stale', message: null };
    const names = await fs.readdir(backupDir).catch(() => [] as string[]);
    const dumps = await Promise.all(names.filter((n) => /^topup-.*\.dump$/.test(n)).map((n) => fs.stat(path.join(backupDir, n))));
    const newest = Math.max(0, ...dumps.map((s) => s.mtimeMs));
    const stale = this.now() - newest > 2 * backupIntervalMs;
    const message = !stale
      ? null
      : newest === 0
        ? `No backup in ${backupDir}`
        : `The newest backup is from ${new Date(newest).toISOString()}, more than two intervals (${Math.round((2 * backupIntervalMs) / 3_600_000)} h) ago`;
    return { kind: 'backup_stale', message };
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}

function failed(check: TSystemCheck | undefined): string | null {
  return check && !check.ok ? check.detail : null;
}
