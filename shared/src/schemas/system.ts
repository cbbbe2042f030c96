import { z } from 'zod';
import { NETWORK_LABELS } from '../coins';

/**
 * Readiness (GET /api/ready) and the admin's System panel (GET /api/admin/system). One check per
 * dependency: `database`, `network:<id>` per enabled network (its nodes and the watcher's lag), `jobs`
 * (the durable job backlog), `provider` (the airtime provider) and `prices` (the price feed).
 */

export const READINESS_STATUSES = ['ready', 'not_ready', 'shutting_down'] as const;
export const ZReadinessStatus = z.enum(READINESS_STATUSES);
export type TReadinessStatus = z.infer<typeof ZReadinessStatus>;

/** The public answer: which checks pass, nothing more (hosts, balances and errors are for admins). */
export const ZReadiness = z.object({
  status: ZReadinessStatus,
  checkedAt: z.string(),
  checks: z.record(z.string(), z.object({ ok: z.boolean() })),
});
export type TReadiness = z.infer<typeof ZReadiness>;

export const ZSystemCheck = z.object({
  ok: z.boolean(),
  /** What is wrong, or what was measured, in words. */
  detail: z.string(),
  /** Figures behind the detail (lag, endpoints, queues, balance), for the admin. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TSystemCheck = z.infer<typeof ZSystemCheck>;

export const ZSystemStatus = z.object({
  status: ZReadinessStatus,
  checkedAt: z.string(),
  checks: z.record(z.string(), ZSystemCheck),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

const CHECK_LABELS: Record<string, string> = {
  database: 'Database',
  jobs: 'Job queue',
  provider: 'Airtime provider',
  prices: 'Price feed',
};

/** How a check is named to people: "Ethereum network" for `network:ethereum`. */
export function systemCheckLabel(name: string): string {
  const [kind, id] = name.split(':');
  if (kind === 'network' && id) return `${NETWORK_LABELS[id] ?? id} network`;
  return CHECK_LABELS[name] ?? name;
}
