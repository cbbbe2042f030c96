import { Router } from 'express';
import type { z } from 'zod';
import {
  ADMIN_FORM_MESSAGES,
  ADMIN_MESSAGES,
  defaultAdjustmentNote,
  ZAdminDone,
  ZAdminLoginRequest,
  ZAdminLoginResponse,
  ZAdminMe,
  ZAdminOrders,
  ZAdminOrdersQuery,
  ZAdminPageQuery,
  ZAdminSettings,
  ZAdminStats,
  ZAdminUsers,
  ZAlerts,
  ZAuditLog,
  ZBalanceAdjusted,
  ZBalanceAdjustmentRequest,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZChangeSignInEmailRequest,
  ZManualTopupDone,
  ZManualTopupRequest,
  ZAdminOrderDetail,
  ZIdParam,
  ZOrderActionDone,
  ZOrderActionRequest,
  ZOrderCredited,
  ZOrderCreditRequest,
  ZOrderRefundRequest,
  ZSupportReadRequest,
  ZSupportReplied,
  ZSupportReplyRequest,
  ZSupportThread,
  ZSupportThreads,
  ZSupportUnread,
  manualTopupProgress,
  type TOrderStatus,
  ZSettingsRequest,
  ZSettingsSaved,
  ZTotpCode,
  ZTotpSetup,
  ZUnmatchedPayments,
  ZPaymentCreditRequest,
  ZPaymentMatchRequest,
  formatUsd,
} from '@topup/shared';
import { parse } from '../../http/errors';
import { AppError } from '../../services/errors';
import { adminToken, requireAdmin } from '../../http/middleware';
import type { AdminService } from '../../services/admin';
import { creditedMessage, type AdminOrderService } from '../../services/admin-orders';
import type { SupportService } from '../../services/support';
import { ADMIN_DEVICE_COOKIE, ADMIN_DEVICE_MAX_AGE_MS, LOGIN_FAILED, TOTP_FAILED, TOTP_REQUIRED, type AdminAuthService } from '../../services/admin-auth';
import type { AlertService } from '../../services/alerts';
import { matchedMessage, type PaymentService } from '../../services/payments';
import type { ReadinessService } from '../../services/readiness';
import { toCsv } from '../../http/csv';
import type { SweepService } from '../../services/treasury/sweeps';
import type { PayoutService } from '../../services/treasury/payouts';
import type { ReconciliationService } from '../../services/treasury/reconciliation';
import { treasuryRoutes } from './treasury.routes';
import { invitationRoutes, teamRoutes } from './team.routes';
import type { TeamService } from '../../services/team';
import { requirePower } from '../../http/admin-powers';

/** `parse`, but a spec form message is sent without the field name `parse` puts before it ("notes: …"). */
function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  try {
    return parse(schema, value);
  } catch (err) {
    const message = err instanceof AppError ? err.message.replace(/^[\w.]+: /, '') : '';
    if (err instanceof AppError && ADMIN_FORM_MESSAGES.has(message)) throw new AppError(err.code, message, err.details);
    throw err;
  }
}

/**
 * Admin routes (spec section 7). Every route after login and the guard below answers only to an admin
 * session: a route added here cannot forget it (a test enumerates them).
 */
export function adminRouter(deps: {
  auth: AdminAuthService;
  admin: AdminService;
  adminOrders: AdminOrderService;
  support: SupportService;
  payments: PaymentService;
  alerts: AlertService;
  readiness: ReadinessService;
  /** Production: the device cookie only over https, and owners need two-factor sign-in to change anything. */
  production: boolean;
  team: TeamService;
  sweeps: SweepService;
  payouts: PayoutService;
  reconciliation: ReconciliationService;
}): Router {
  const { auth, admin, adminOrders, support } = deps;
  const router = Router();

  router.post('/login', async (req, res) => {
    const { email: address, password, totp } = parse(ZAdminLoginRequest, req.body);
    // req.ip follows TRUST_PROXY: behind a proxy, the client's address, not the proxy's.
    const device = req.cookies?.[ADMIN_DEVICE_COOKIE] as string | undefined;
    const result = await auth.login({ email: address, password, totp, address: req.ip ?? 'unknown', device });
    if (!result.ok) {
      const [code, message] =
        result.reason === 'credentials'
          ? (['UNAUTHORIZED', LOGIN_FAILED] as const)
          : result.reason === 'totp-required'
            ? (['TOTP_REQUIRED', TOTP_REQUIRED] as const)
            : (['UNAUTHORIZED', TOTP_FAILED] as const);
      res.status(401).json({ success: false, ...(result.reason === 'credentials' ? {} : { totpRequired: true }), error: { code, message }, message });
      return;
    }
    // Sent back to this route only: it lets this browser sign in while the account is locked.
    res.cookie(ADMIN_DEVICE_COOKIE, result.device, {
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.production,
      path: '/api/admin/login',
      maxAge: ADMIN_DEVICE_MAX_AGE_MS,
    });
    res.json(ZAdminLoginResponse.encode({ success: true, token: result.token, email: result.admin.email, message: 'Signed in' }));
  });

  invitationRoutes(router, deps.team);

  router.use(requireAdmin(auth), requirePower({ production: deps.production }));

  router.post('/logout', async (req, res) => {
    await auth.logout(adminToken(req)!);
    res.json(ZAdminDone.encode({ success: true, message: 'Signed out' }));
  });

  router.get('/me', async (req, res) => {
    res.json(ZAdminMe.encode({ success: true, admin: req.admin!, totpEnabled: await auth.totpEnabled(req.admin!.id) }));
  });

  /** Two-factor sign-in: a new secret and its QR code; on once a code from it is confirmed. */
  router.post('/totp/setup', async (req, res) => {
    res.json(ZTotpSetup.encode({ success: true, ...(await auth.beginTotpEnrolment(req.admin!)) }));
  });

  router.post('/totp/enable', async (req, res) => {
    const { code } = parse(ZTotpCode, req.body);
    await auth.confirmTotpEnrolment(req.admin!, code);
    res.json(ZAdminDone.encode({ success: true, message: 'Two-factor sign-in is on' }));
  });

  router.post('/totp/disable', async (req, res) => {
    const { code } = parse(ZTotpCode, req.body);
    await auth.disableTotp(req.admin!, code);
    res.json(ZAdminDone.encode({ success: true, message: 'Two-factor sign-in is off' }));
  });

  router.get('/stats', async (_req, res) => {
    res.json(ZAdminStats.encode(await admin.stats()));
  });

  /** A list (the spec's clients read an array); the total is in X-Total-Count; ?format=csv exports. */
  router.get('/orders', async (req, res) => {
    const { format, ...filter } = parse(ZAdminOrdersQuery, req.query);
    if (format === 'csv') {
      const { headers, rows } = await admin.exportOrders(filter);
      res
        .type('text/csv')
        .attachment(`orders-${new Date().toISOString().slice(0, 10)}.csv`)
        .send(toCsv(headers, rows));
      return;
    }
    const { total, orders } = await admin.listOrders(filter);
    const wire = ZAdminOrders.encode(orders);
    res.set('x-total-count', String(total)).json(wire);
  });

  router.get('/users', async (_req, res) => {
    res.json(ZAdminUsers.encode(await admin.users()));
  });

  for (const action of ['add', 'subtract'] as const) {
    router.post(`/${action}-balance`, async (req, res) => {
      const input = parseForm(ZBalanceAdjustmentRequest, req.body);
      const balance = await admin.adjustBalance(req.admin!.id, {
        userId: input.userId,
        amountCents: input.amount,
        action,
        notes: input.notes || defaultAdjustmentNote(action),
      });
      const message = `Balance ${action === 'add' ? 'added' : 'subtracted'} successfully. New balance: ${formatUsd(balance)}`;
      res.json(ZBalanceAdjusted.encode({ success: true, balance, message }));
    });
  }

  /** A manual top-up is submitted, not done: the answer says so; the order's status tells the outcome. */
  const submitted = ({ orderId, status }: { orderId: number; status: TOrderStatus }) => {
    const progress = manualTopupProgress(orderId, status);
    return { success: true as const, orderId, status, message: `${progress.title}: ${progress.description}` };
  };

  router.post('/manual-topup', async (req, res) => {
    const input = parseForm(ZManualTopupRequest, req.body);
    const done =
      input.mode === 'new'
        ? await admin.manualTopupNew(req.admin!.id, {
            phoneNumber: input.phoneNumber,
            countryId: input.countryId,
            operatorId: input.operatorId,
            amountCents: input.amount,
            notes: input.notes,
          })
        : await admin.manualTopupExisting(req.admin!.id, { orderId: input.orderId, notes: input.notes });
    res.json(ZManualTopupDone.encode(submitted(done)));
  });

  // The order page: one order with everything it caused, and its actions.

  router.get('/orders/:id', async (req, res) => {
    res.json(ZAdminOrderDetail.encode(await adminOrders.detail(parse(ZIdParam, req.params).id)));
  });

  for (const action of ['mark-paid', 'resend'] as const) {
    router.post(`/orders/:id/${action}`, async (req, res) => {
      const { id } = parse(ZIdParam, req.params);
      const { notes } = parseForm(ZOrderActionRequest, req.body);
      res.json(ZOrderActionDone.encode(submitted(await admin.manualTopupExisting(req.admin!.id, { orderId: id, notes, action }))));
    });
  }

  router.post('/orders/:id/credit', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const { amount, reason } = parseForm(ZOrderCreditRequest, req.body);
    const done = await adminOrders.credit(req.admin!.id, id, amount, reason);
    res.json(
      ZOrderCredited.encode({
        success: true,
        amount: done.amountCents,
        customerId: done.customerId,
        message: creditedMessage('credit', done.amountCents, done.customerId),
      }),
    );
  });

  router.post('/orders/:id/refund', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const { reason } = parseForm(ZOrderRefundRequest, req.body);
    const done = await adminOrders.refund(req.admin!.id, id, reason);
    res.json(
      ZOrderCredited.encode({
        success: true,
        amount: done.amountCents,
        customerId: done.customerId,
        message: creditedMessage('refund', done.amountCents, done.customerId),
      }),
    );
  });

  // The support inbox.

  router.get('/support/threads', async (req, res) => {
    const { page, pageSize } = parse(ZAdminPageQuery, req.query);
    const { total, threads } = await support.threads(page, pageSize);
    res.set('x-total-count', String(total)).json(ZSupportThreads.encode(threads));
  });

  router.get('/support/unread', async (_req, res) => {
    res.json(ZSupportUnread.encode(await support.unread()));
  });

  router.get('/support/threads/:id', async (req, res) => {
    res.json(ZSupportThread.encode(await support.thread(parse(ZIdParam, req.params).id)));
  });

  router.post('/support/threads/:id/read', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    await support.markRead(id, parse(ZSupportReadRequest, req.body).through);
    res.json(ZAdminDone.encode({ success: true, message: 'Marked read' }));
  });

  router.post('/support/threads/:id/reply', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const { text } = parse(ZSupportReplyRequest, req.body);
    const replyTo = await support.reply(req.admin!.id, id, text);
    const where =
      replyTo === null
        ? 'shown in the chat only (the customer left no address)'
        : replyTo.channel === 'email'
          ? `sent to ${replyTo.address}`
          : 'sent in Telegram';
    res.json(ZSupportReplied.encode({ success: true, replyTo, message: `Answer ${where}.` }));
  });

  router.post('/change-password', async (req, res) => {
    const { currentPassword, newPassword } = parseForm(ZChangePasswordRequest, req.body);
    await auth.changePassword(req.admin!, currentPassword, newPassword, adminToken(req)!);
    res.json(ZAdminDone.encode({ success: true, message: ADMIN_MESSAGES.passwordChanged }));
  });

  router.post('/change-email', async (req, res) => {
    const { newEmail } = parseForm(ZChangeEmailRequest, req.body);
    await auth.changeContactEmail(req.admin!, newEmail);
    res.json(ZAdminDone.encode({ success: true, message: ADMIN_MESSAGES.contactEmailChanged }));
  });

  router.post('/change-signin-email', async (req, res) => {
    const { newSignInEmail } = parseForm(ZChangeSignInEmailRequest, req.body);
    await auth.changeSignInEmail(req.admin!, newSignInEmail);
    res.json(ZAdminDone.encode({ success: true, message: ADMIN_MESSAGES.signInEmailChanged }));
  });

  router.get('/settings', async (_req, res) => {
    res.json(ZAdminSettings.encode(await admin.settings()));
  });

  router.put('/settings', async (req, res) => {
    const next = parse(ZSettingsRequest, req.body);
    const saved = await admin.updateSettings(req.admin!.id, {
      system: { maintenanceMode: next.maintenanceMode, allowNewRegistrations: next.allowNewRegistrations },
      pricing: { minAmountCents: next.minTopUp, maxAmountCents: next.maxTopUp, serviceFeeCents: next.serviceFee },
    });
    res.json(ZSettingsSaved.encode({ success: true, settings: saved, message: 'Settings saved' }));
  });

  router.get('/audit', async (req, res) => {
    const { page, pageSize } = parse(ZAdminPageQuery, req.query);
    res.json(ZAuditLog.encode(await admin.auditLog(page, pageSize)));
  });

  router.get('/alerts', async (_req, res) => {
    res.json(ZAlerts.encode(await deps.alerts.open()));
  });

  /** Money received that did not pay a fulfilled order: for an admin to look at. */
  router.get('/payments/unmatched', async (_req, res) => {
    res.json(ZUnmatchedPayments.encode(await deps.payments.unmatched()));
  });

  /** A payment that reached no order, applied to the order the admin names; once. */
  router.post('/payments/:id/match', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const { order, reason } = parseForm(ZPaymentMatchRequest, req.body);
    const done = await deps.payments.matchToOrder(req.admin!.id, id, order, reason);
    res.json(ZOrderActionDone.encode({ success: true, orderId: done.orderId, status: done.status, message: matchedMessage(id, done) }));
  });

  /** A payment that reached no order, its value credited to the customer the admin names; once. */
  router.post('/payments/:id/credit', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const { customer, reason } = parseForm(ZPaymentCreditRequest, req.body);
    const done = await deps.payments.creditToCustomer(req.admin!.id, id, customer, reason);
    res.json(
      ZOrderCredited.encode({
        success: true,
        amount: done.amountCents,
        customerId: done.customerId,
        message: creditedMessage('credit', done.amountCents, done.customerId),
      }),
    );
  });

  /** The readiness checks with their details (the console's System panel); the same round as GET /api/ready. */
  router.get('/system', async (_req, res) => {
    res.json(await deps.readiness.report());
  });

  treasuryRoutes(router, { sweeps: deps.sweeps, payouts: deps.payouts, reconciliation: deps.reconciliation });
  teamRoutes(router, deps.team);

  router.use((req) => {
    throw new AppError('NOT_FOUND', `No such admin endpoint: ${req.method} ${req.path}`);
  });

  return router;
}
