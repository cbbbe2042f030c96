import { Router } from 'express';
import { z } from 'zod';
import { parse } from '../../http/errors';
import { adminToken, requireAdmin } from '../../http/middleware';
import type { AdminAuthService } from '../../services/admin-auth';
import type { PaymentService } from '../../services/payments';

const ZLogin = z.object({ email: z.string().trim().min(1, 'is required').max(254), password: z.string().min(1, 'is required').max(1024) });

/**
 * Admin routes. Every route here except login sits behind `requireAdmin`: the router is built so that
 * a new route added below the guard cannot forget it.
 */
export function adminRouter(auth: AdminAuthService, payments: PaymentService): Router {
  const router = Router();

  router.post('/login', async (req, res) => {
    const { email, password } = parse(ZLogin, req.body);
    const session = await auth.login(email, password);
    if (!session) {
      res.status(401).json({ success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid credentials. Please try again.' }, message: 'Invalid credentials. Please try again.' });
      return;
    }
    res.json({ success: true, token: session.token, email: session.admin.email, message: 'Signed in' });
  });

  router.use(requireAdmin(auth));

  router.post('/logout', async (req, res) => {
    await auth.logout(adminToken(req)!);
    res.json({ success: true, message: 'Signed out' });
  });

  router.get('/me', (req, res) => {
    res.json({ success: true, admin: req.admin });
  });

  /** Money received that did not pay a fulfilled order: for an admin to look at. */
  router.get('/payments/unmatched', async (_req, res) => {
    res.json(await payments.unmatched());
  });

  return router;
}
