import { Router } from 'express';
import { z } from 'zod';
import { ORDER_STATUSES, ZOrderView, ZUsdCents, zEmail, type TOrderView } from '@topup/shared';
import { parse } from '../../http/errors';
import { AppError } from '../../services/errors';
import { adminToken, requireAdmin } from '../../http/middleware';
import type { AdminService } from '../../services/admin';
import { LOGIN_FAILED, type AdminAuthService } from '../../services/admin-auth';
import type { AlertService } from '../../services/alerts';
import type { PaymentService } from '../../services/payments';
import { toCsv } from '../../http/csv';

const ZLogin = z.object({ email: z.string().trim().min(1, 'is required').max(254), password: z.string().min(1, 'is required').max(1024) });

/** The spec's email check, and its message when the field is empty. */
const email = (required: string) => z.string({ error: required }).trim().min(1, required).pipe(zEmail('Please enter a valid email address'));

const ZChangePassword = z.object({
  currentPassword: z.string({ error: 'Please fill in all password fields' }).min(1, 'Please fill in all password fields').max(1024),
  newPassword: z.string({ error: 'Please fill in all password fields' }).min(6, 'New password must be at least 6 characters long').max(1024),
});
const ZChangeEmail = z.object({ newEmail: email('Please enter a new email address') });
const ZChangeSignInEmail = z.object({ newSignInEmail: email('Please enter a new sign-in email address') });

/** Dollars as number or text; a missing or empty amount gets the form's own message. */
const dollars = (required: string) => z.union([z.number(), z.string().trim().min(1, required)], { error: required });

const REQUIRED_BALANCE = 'Please select a user and enter an amount.';
const ZBalanceAdjustment = z.object({
  userId: z.coerce.number({ error: REQUIRED_BALANCE }).int().positive(REQUIRED_BALANCE),
  amount: dollars(REQUIRED_BALANCE)
    .refine((v) => !(Number(v) <= 0), 'Amount must be greater than 0.')
    .pipe(ZUsdCents),
  notes: z.string().trim().max(500).optional(),
});

const REQUIRED_NEW = 'Please fill in all required fields.';
const ZManualTopup = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('new'),
    phoneNumber: z.string({ error: REQUIRED_NEW }).trim().min(1, REQUIRED_NEW).max(32),
    countryId: z.coerce.number({ error: REQUIRED_NEW }).int().positive(REQUIRED_NEW),
    operatorId: z.coerce.number({ error: REQUIRED_NEW }).int().positive(REQUIRED_NEW),
    amount: dollars(REQUIRED_NEW).pipe(ZUsdCents),
    notes: z.string().trim().max(500).default(''),
  }),
  z.object({
    mode: z.literal('existing'),
    orderId: z.coerce.number({ error: 'Please select an order and add notes for existing order processing.' }).int().positive(),
    notes: z.string({ error: 'Please select an order and add notes for existing order processing.' }).trim().min(1, 'Please select an order and add notes for existing order processing.').max(500),
  }),
], { error: 'mode must be new or existing' });

/** The spec's validation messages (section 5): whole sentences the console shows as they are. */
const SPEC_MESSAGES = new Set([
  'Please fill in all password fields',
  'New password must be at least 6 characters long',
  'Please enter a new email address',
  'Please enter a new sign-in email address',
  'Please enter a valid email address',
  REQUIRED_BALANCE,
  'Amount must be greater than 0.',
  REQUIRED_NEW,
  'Please select an order and add notes for existing order processing.',
]);

/** `parse`, but a spec message is sent without the field name `parse` puts before it ("notes: …"). */
function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  try {
    return parse(schema, value);
  } catch (err) {
    const message = err instanceof AppError ? err.message.replace(/^[\w.]+: /, '') : '';
    if (err instanceof AppError && SPEC_MESSAGES.has(message)) throw new AppError(err.code, message, err.details);
    throw err;
  }
}

const ZOrdersQuery = z.object({
  status: z.string().optional().transform((s, ctx) => {
    if (!s) return undefined;
    const list = s.split(',');
    const bad = list.find((x) => !(ORDER_STATUSES as readonly string[]).includes(x));
    if (bad) ctx.addIssue({ code: 'custom', message: `unknown status ${bad}` });
    return list as (typeof ORDER_STATUSES)[number][];
  }),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  phone: z.string().trim().max(32).optional(),
  coin: z.string().trim().max(16).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});

/** The columns of the orders export, in order (ZOrderView's fields). */
const ORDER_CSV_COLUMNS = Object.keys(ZOrderView.shape) as (keyof TOrderView & string)[];

const ZPage = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(100) });

const ZSettings = z
  .object({
    maintenanceMode: z.boolean(),
    allowNewRegistrations: z.boolean(),
    minTopUp: ZUsdCents,
    maxTopUp: ZUsdCents,
    serviceFee: ZUsdCents.pipe(z.number().int().max(10_000, 'The service fee must be at most $100.00')),
  })
  .refine((s) => s.minTopUp > 0 && s.minTopUp <= s.maxTopUp, { message: 'The minimum top-up must be above zero and not above the maximum', path: ['minTopUp'] });

/**
 * Admin routes (spec section 7). Every route after login and the guard below answers only to an admin
 * session: a route added here cannot forget it (a test enumerates them).
 */
export function adminRouter(deps: { auth: AdminAuthService; admin: AdminService; payments: PaymentService; alerts: AlertService }): Router {
  const { auth, admin } = deps;
  const router = Router();

  router.post('/login', async (req, res) => {
    const { email: address, password } = parse(ZLogin, req.body);
    const session = await auth.login(address, password);
    if (!session) {
      res.status(401).json({ success: false, error: { code: 'UNAUTHORIZED', message: LOGIN_FAILED }, message: LOGIN_FAILED });
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

  router.get('/stats', async (_req, res) => {
    res.json(await admin.stats());
  });

  /** A list (the spec's clients read an array); the total is in X-Total-Count; ?format=csv exports. */
  router.get('/orders', async (req, res) => {
    const { format, ...filter } = parse(ZOrdersQuery, req.query);
    const { total, orders } = await admin.listOrders(format === 'csv' ? { ...filter, page: 1, pageSize: 100_000 } : filter);
    if (format === 'csv') {
      res.type('text/csv').attachment(`orders-${new Date().toISOString().slice(0, 10)}.csv`).send(toCsv(ORDER_CSV_COLUMNS, orders));
      return;
    }
    res.set('x-total-count', String(total)).json(orders);
  });

  router.get('/users', async (_req, res) => {
    res.json(await admin.users());
  });

  for (const action of ['add', 'subtract'] as const) {
    router.post(`/${action}-balance`, async (req, res) => {
      const input = parseForm(ZBalanceAdjustment, req.body);
      const balance = await admin.adjustBalance(req.admin!.id, { userId: input.userId, amountCents: input.amount, action, notes: input.notes || `Admin ${action} balance adjustment` });
      res.json({ success: true, balance, message: `Balance ${action === 'add' ? 'added' : 'subtracted'} successfully. New balance: $${balance.toFixed(2)}` });
    });
  }

  router.post('/manual-topup', async (req, res) => {
    const input = parseForm(ZManualTopup, req.body);
    const orderId =
      input.mode === 'new'
        ? await admin.manualTopupNew(req.admin!.id, { phoneNumber: input.phoneNumber, countryId: input.countryId, operatorId: input.operatorId, amountCents: input.amount, notes: input.notes })
        : await admin.manualTopupExisting(req.admin!.id, { orderId: input.orderId, notes: input.notes });
    res.json({ success: true, orderId, message: 'Manual top-up processed successfully' });
  });

  router.post('/change-password', async (req, res) => {
    const { currentPassword, newPassword } = parseForm(ZChangePassword, req.body);
    await auth.changePassword(req.admin!, currentPassword, newPassword, adminToken(req)!);
    res.json({ success: true, message: 'Your admin password has been updated successfully' });
  });

  router.post('/change-email', async (req, res) => {
    const { newEmail } = parseForm(ZChangeEmail, req.body);
    await auth.changeContactEmail(req.admin!, newEmail);
    res.json({ success: true, message: 'Your admin contact email has been updated successfully' });
  });

  router.post('/change-signin-email', async (req, res) => {
    const { newSignInEmail } = parseForm(ZChangeSignInEmail, req.body);
    await auth.changeSignInEmail(req.admin!, newSignInEmail);
    res.json({ success: true, message: 'Your admin sign-in email has been updated successfully' });
  });

  router.get('/settings', async (_req, res) => {
    res.json(await admin.settings());
  });

  router.put('/settings', async (req, res) => {
    const next = parse(ZSettings, req.body);
    const saved = await admin.updateSettings(req.admin!.id, {
      system: { maintenanceMode: next.maintenanceMode, allowNewRegistrations: next.allowNewRegistrations },
      pricing: { minAmountCents: next.minTopUp, maxAmountCents: next.maxTopUp, serviceFeeCents: next.serviceFee },
    });
    res.json({ success: true, settings: saved, message: 'Settings saved' });
  });

  router.get('/audit', async (req, res) => {
    const { page, pageSize } = parse(ZPage, req.query);
    res.json(await admin.auditLog(page, pageSize));
  });

  router.get('/alerts', async (_req, res) => {
    res.json(await deps.alerts.open());
  });

  /** Money received that did not pay a fulfilled order: for an admin to look at. */
  router.get('/payments/unmatched', async (_req, res) => {
    res.json(await deps.payments.unmatched());
  });

  router.use((req) => {
    throw new AppError('NOT_FOUND', `No such admin endpoint: ${req.method} ${req.path}`);
  });

  return router;
}
