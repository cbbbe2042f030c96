import { Router } from 'express';
import { z } from 'zod';
import type { ReadinessService } from '../services/readiness';
import { parse } from './errors';

const CHECK_NAMES = ['database', 'network', 'jobs', 'provider', 'prices'] as const;

/** `?require=database,network:ethereum`: the checks that decide the status code (default: all). */
const ZReadyQuery = z.object({
  require: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              new RegExp(`^(${CHECK_NAMES.join('|')})(:[a-z0-9_-]+)?$`),
              `must name checks among ${CHECK_NAMES.join(', ')} (network:<id> for one network)`,
            ),
        )
        .min(1),
    )
    .optional(),
});

/**
 * GET /api/ready: 200 when this process is ready, 503 when not or when it is shutting down; the body
 * says which checks pass (services/readiness.ts; the details are on the admin's System panel).
 * The reverse proxy asks `?require=database`: a replica that reaches the database and is not
 * shutting down takes traffic, since an outside outage (the provider, a node) would take every
 * replica out at once and turn a degraded service into none. Monitors ask without `require`.
 */
export function readinessRouter(readiness: ReadinessService): Router {
  const router = Router();
  router.get('/ready', async (req, res) => {
    const { require } = parse(ZReadyQuery, req.query);
    const { ready, body } = await readiness.readiness(require);
    res
      .status(ready ? 200 : 503)
      .set('cache-control', 'no-store')
      .json(body);
  });
  return router;
}
