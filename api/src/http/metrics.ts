import crypto from 'node:crypto';
import { Router } from 'express';
import type { Metrics } from '../metrics';

/**
 * GET /metrics (Prometheus text format). It tells how much money moves and where the system is weak,
 * so it is never public: with METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` reads it
 * (the scraper inside the deployment's network; the proxy does not route /metrics at all). Without a
 * token it is open in development and off (404) in production.
 */
export function metricsRouter(metrics: Metrics, opts: { token?: string; production: boolean }): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!opts.token && opts.production) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (opts.token && !sameSecret(req.get('authorization') ?? '', `Bearer ${opts.token}`)) {
      res.status(401).set('www-authenticate', 'Bearer').type('text/plain').send('Metrics need the METRICS_TOKEN bearer token');
      return;
    }
    res.set('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
