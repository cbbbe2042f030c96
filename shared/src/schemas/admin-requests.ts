import { z } from 'zod';
import { ORDER_STATUSES, type TOrderStatus } from '../order-status';
import { SUPPORT_REPLY_MAX } from '../support';
import { ADMIN_MESSAGES, MIN_PASSWORD_LENGTH } from './admin-messages';
import { ZIntId, ZUsdCents, zEmail } from './common';
import { ZPaymentIdParam } from './orders';

/** What the admin console sends: the API parses these requests, and the console checks its forms with them. */

/** The one e-mail rule (shared/src/email.ts), with the form's own message when the field is empty. */
export const ZAdminEmail = (required: string) => z.string({ error: required }).trim().min(1, required).pipe(zEmail(ADMIN_MESSAGES.emailFormat));
const email = ZAdminEmail;

/** A new admin password: the one length rule. */
export const ZAdminPassword = z.string({ error: ADMIN_MESSAGES.passwordRequired }).min(MIN_PASSWORD_LENGTH, ADMIN_MESSAGES.passwordShort).max(1024);

/** A whole positive number, as a number or as digits; missing, blank or anything else gets the form's message. */
const requiredId = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int().positive(message));

/** Dollars as number or text; a missing or empty amount gets the form's own message. */
const dollars = (required: string) => z.union([z.number(), z.string().trim().min(1, required)], { error: required });

export const ZAdminLoginRequest = z.object({
  email: z.string().trim().min(1, 'is required').max(254),
  password: z.string().min(1, 'is required').max(1024),
  /** The authenticator code, for an account with two-factor sign-in on. */
  totp: z.string().trim().max(16).optional(),
});

/** Two-factor sign-in: a code from the authenticator app confirms turning it on or off. */
export const ZTotpCode = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: ADMIN_MESSAGES.passwordRequired }).min(1, ADMIN_MESSAGES.passwordRequired).max(1024),
  newPassword: ZAdminPassword,
});

/** The console's password form: the request and its confirmation, checked in the spec's order. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, ADMIN_MESSAGES.passwordRequired),
    newPassword: z.string().min(1, ADMIN_MESSAGES.passwordRequired),
    confirmPassword: z.string().min(1, ADMIN_MESSAGES.passwordRequired),
  })
  .refine((f) => f.newPassword === f.confirmPassword, ADMIN_MESSAGES.passwordMismatch)
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }))
  .pipe(ZChangePasswordRequest);

export const ZChangeEmailRequest = z.object({ newEmail: email(ADMIN_MESSAGES.contactEmailRequired) });
export const ZChangeSignInEmailRequest = z.object({ newSignInEmail: email(ADMIN_MESSAGES.signInEmailRequired) });

/** POST /api/admin/add-balance and /subtract-balance: userId, amount (dollars), notes. */
export const ZBalanceAdjustmentRequest = z.object({
  userId: requiredId(ADMIN_MESSAGES.balanceRequired),
  amount: dollars(ADMIN_MESSAGES.balanceRequired)
    .refine((v) => !(Number(v) <= 0), ADMIN_MESSAGES.balancePositive)
    .pipe(ZUsdCents),
  notes: z.string().trim().max(500).optional(),
});

/** POST /api/admin/manual-topup: the spec's two modes. */
export const ZManualTopupRequest = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('new'),
      phoneNumber: z.string({ error: ADMIN_MESSAGES.manualNewRequired }).trim().min(1, ADMIN_MESSAGES.manualNewRequired).max(32),
      countryId: requiredId(ADMIN_MESSAGES.manualNewRequired),
      operatorId: requiredId(ADMIN_MESSAGES.manualNewRequired),
      amount: dollars(ADMIN_MESSAGES.manualNewRequired).pipe(ZUsdCents),
      notes: z.string().trim().max(500).default(''),
    }),
    z.object({
      mode: z.literal('existing'),
      orderId: requiredId(ADMIN_MESSAGES.manualExistingRequired),
      notes: z.string({ error: ADMIN_MESSAGES.manualExistingRequired }).trim().min(1, ADMIN_MESSAGES.manualExistingRequired).max(500),
    }),
  ],
  { error: 'mode must be new or existing' },
);

/** Why an admin acts on an order: required, shown in the audit log and the ledger. */
const reason = z.string({ error: ADMIN_MESSAGES.reasonRequired }).trim().min(1, ADMIN_MESSAGES.reasonRequired).max(500);

/** POST /api/admin/orders/{id}/mark-paid and /resend: the admin's notes. */
export const ZOrderActionRequest = z.object({ notes: reason });

/** POST /api/admin/orders/{id}/refund: the order's total back to the balance, once. */
export const ZOrderRefundRequest = z.object({ reason });

/** POST /api/admin/orders/{id}/credit: an amount to the order's customer (held on the order when anonymous). */
export const ZOrderCreditRequest = z.object({
  amount: dollars(ADMIN_MESSAGES.amountRequired)
    .refine((v) => !(Number(v) <= 0), ADMIN_MESSAGES.balancePositive)
    .pipe(ZUsdCents),
  reason,
});

/**
 * POST /api/admin/payments/{id}/match: a payment that reached no order (no memo, an unknown one) applied
 * to the order the admin names: its number (a leading # allowed) or its payment id.
 */
export const ZPaymentMatchRequest = z.object({
  order: z.union([z.number(), z.string()], { error: ADMIN_MESSAGES.matchOrderRequired }).transform((value, ctx) => {
    const named = z.union([ZIntId, ZPaymentIdParam.shape.paymentId]).safeParse(String(value).trim().replace(/^#/, ''));
    if (named.success) return named.data;
    ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.matchOrderRequired });
    return z.NEVER;
  }),
  reason,
});

/** POST /api/admin/payments/{id}/credit: such a payment's value to a customer, named by number or e-mail. */
export const ZPaymentCreditRequest = z.object({
  customer: z.union([ZIntId, zEmail(ADMIN_MESSAGES.creditCustomerRequired)], { error: ADMIN_MESSAGES.creditCustomerRequired }),
  reason,
});

/** POST /api/admin/support/threads/{id}/reply. */
export const ZSupportReplyRequest = z.object({
  text: z
    .string({ error: 'Please write an answer.' })
    .trim()
    .min(1, 'Please write an answer.')
    .max(SUPPORT_REPLY_MAX, `Please keep the answer under ${SUPPORT_REPLY_MAX.toLocaleString('en-US')} characters.`),
});

/** POST /api/admin/support/threads/{id}/read: the conversation read up to this message. */
export const ZSupportReadRequest = z.object({ through: z.number().int().positive() });

/** Query values are text; a missing one takes the default. */
const queryInt = (fallback: number, max: number) => z.string().default(String(fallback)).transform(Number).pipe(z.number().int().min(1).max(max));
const queryDate = z
  .string()
  .transform((s) => new Date(s))
  .pipe(z.date());

/** GET /api/admin/orders: filters, a page, or the whole selection as CSV. */
export const ZAdminOrdersQuery = z.object({
  status: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const list = s.split(',');
      const bad = list.find((x) => !(ORDER_STATUSES as readonly string[]).includes(x));
      if (bad) ctx.addIssue({ code: 'custom', message: `unknown status ${bad}` });
      return list as TOrderStatus[];
    }),
  from: queryDate.optional(),
  to: queryDate.optional(),
  phone: z.string().trim().max(32).optional(),
  coin: z.string().trim().max(16).optional(),
  q: z.string().trim().max(100).optional(),
  page: queryInt(1, 100_000),
  pageSize: queryInt(50, 500),
  format: z.enum(['json', 'csv']).default('json'),
});

/** The orders query as the console writes it (text values). */
export type TAdminOrdersQueryInput = z.input<typeof ZAdminOrdersQuery>;

/** GET /api/admin/audit. */
export const ZAdminPageQuery = z.object({ page: queryInt(1, 100_000), pageSize: queryInt(100, 500) });

const SETTINGS_REQUIRED = 'Please enter the minimum and maximum top-up and the service fee.';

/** PUT /api/admin/settings: the system settings, dollars in, cents out. */
export const ZSettingsRequest = z
  .object({
    maintenanceMode: z.boolean(),
    allowNewRegistrations: z.boolean(),
    minTopUp: dollars(SETTINGS_REQUIRED).pipe(ZUsdCents),
    maxTopUp: dollars(SETTINGS_REQUIRED).pipe(ZUsdCents),
    serviceFee: dollars(SETTINGS_REQUIRED)
      .refine((v) => !(Number(v) < 0), 'The service fee cannot be negative')
      .pipe(ZUsdCents)
      .pipe(z.number().int().max(10_000, 'The service fee must be at most $100.00')),
  })
  .refine((s) => s.minTopUp > 0 && s.minTopUp <= s.maxTopUp, {
    message: 'The minimum top-up must be above zero and not above the maximum',
    path: ['minTopUp'],
  });
