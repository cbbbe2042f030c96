import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from 'express';
import { startTestApi, type TestApi } from '../../../test/harness';
import { adminRouter } from './admin.router';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** Every route the admin router declares, as [method, path] with sample parameters filled in. */
function declaredRoutes(router: Router): [string, string][] {
  const routes: [string, string][] = [];
  for (const layer of router.stack as unknown as { route?: { path: string; methods: Record<string, boolean> } }[]) {
    if (!layer.route) continue;
    for (const method of Object.keys(layer.route.methods)) routes.push([method.toUpperCase(), layer.route.path.replace(/:(\w+)/g, '1')]);
  }
  return routes;
}

describe('every /api/admin route needs an admin session', () => {
  const s = () => api.services;
  it('answers 401 without a session or with a bad one, for each route the router declares', async () => {
    const routes = declaredRoutes(
      adminRouter({
        production: false,
        team: s().team,
        auth: s().adminAuth,
        admin: s().admin,
        adminOrders: s().adminOrders,
        support: s().support,
        payments: s().payments,
        alerts: s().alerts,
        sweeps: s().sweeps,
        payouts: s().payouts,
        reconciliation: s().reconciliation,
        readiness: s().readiness,
      }),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const [method, path] of routes) {
      // Signing in and accepting an invitation are what one does without a session.
      if (path === '/login' || path === '/team/invitations/accept') continue;
      for (const headers of [{}, { 'x-admin-token': 'not-a-session' }, { authorization: 'Bearer not-a-session' }] as Record<string, string>[]) {
        const res = await api.call(method, `/api/admin${path}`, { headers, body: method === 'GET' ? undefined : {} });
        expect([method, path, res.status]).toEqual([method, path, 401]);
      }
    }
  });

  it('answers 401 for an unknown admin path too, not a 404 that would reveal routes', async () => {
    expect((await api.call('GET', '/api/admin/no-such-thing')).status).toBe(401);
  });
});
