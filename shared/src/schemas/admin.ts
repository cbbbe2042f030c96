import { z } from 'zod';
import { ORDER_STATUSES, type TOrderStatus } from '../order-status';
import { ZCustomerName, ZDateTime, ZUsd, ZUsdCents, zEmail } from './common';
import { ZOrderStatus, ZOrderView } from './orders';

/**
 * The admin API (spec sections 7 and 8): what the console sends and what the API answers. The API
 * parses requests and writes answers with these schemas; the console checks its forms with the same
 * request schemas and reads the answers with the same response schemas. Dollars are integer cents in
 * code and dollars on the wire (ZUsd).
 */

/** The spec's admin texts (sections 5 and 8), word for word: the console shows them, the API answers with them. */
export const ADMIN_MESSAGES = {
  loginFailed: 'Invalid credentials. Please try again.',
  manualNewRequired: 'Please fill in all required fields.',
  manualExistingRequired: 'Please select an order and add notes for existing order processing.',
  manualTopupDone: 'Manual top-up processed successfully',
  balanceRequired: 'Please select a user and enter an amount.',
  balancePositive: 'Amount must be greater than 0.',
  passwordRequired: 'Please fill in all password fields',
  passwordMismatch: 'New passwords do not match',
  passwordShort: 'New password must be at least 6 characters long',
  passwordChanged: 'Your admin password has been updated successfully',
  contactEmailRequired: 'Please enter a new email address',
  contactEmailChanged: 'Your admin contact email has been updated successfully',
  signInEmailRequired: 'Please enter a new sign-in email address',
  signInEmailChanged: 'Your admin sign-in email has been updated successfully',
  emailFormat: 'Please enter a valid email address',
} as const;

/** The spec's form messages are whole sentences, sent without the field name a validation message gets. */
export const ADMIN_FORM_MESSAGES: ReadonlySet<string> = new Set(Object.values(ADMIN_MESSAGES));

/** Minimum length of a new admin password (spec section 9). */
export const MIN_PASSWORD_LENGTH = 6;

/** Orders an admin may top up by hand (spec: the Manual Top-up tab's list). */
export const MANUAL_TOPUP_STATUSES: readonly TOrderStatus[] = ['pending_crypto_payment', 'failed', 'payment_expired'];

export type TBalanceAction = 'add' | 'subtract';

/** The note of a balance adjustment sent without one (spec section 5). */
export function defaultAdjustmentNote(action: TBalanceAction): string {
  return `Admin ${action} balance adjustment`;
}

// Requests.

/** The one e-mail rule (shared/src/email.ts), with the form's own message when the field is empty. */
const email = (required: string) => z.string({ error: required }).trim().min(1, required).pipe(zEmail(ADMIN_MESSAGES.emailFormat));

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
export const ZTotpCode = z.object({ code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code') });

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: ADMIN_MESSAGES.passwordRequired }).min(1, ADMIN_MESSAGES.passwordRequired).max(1024),
  newPassword: z.string({ error: ADMIN_MESSAGES.passwordRequired }).min(MIN_PASSWORD_LENGTH, ADMIN_MESSAGES.passwordShort).max(1024),
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
      notes: z
        .string({ error: ADMIN_MESSAGES.manualExistingRequired })
        .trim()
        .min(1, ADMIN_MESSAGES.manualExistingRequired)
        .max(500),
    }),
  ],
  { error: 'mode must be new or existing' },
);

/** Query values are text; a missing one takes the default. */
const queryInt = (fallback: number, max: number) => z.string().default(String(fallback)).transform(Number).pipe(z.number().int().min(1).max(max));
const queryDate = z.string().transform((s) => new Date(s)).pipe(z.date());

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
  .refine((s) => s.minTopUp > 0 && s.minTopUp <= s.maxTopUp, { message: 'The minimum top-up must be above zero and not above the maximum', path: ['minTopUp'] });

// Answers.

/** The plain answer of an admin action. */
export const ZAdminDone = z.object({ success: z.literal(true), message: z.string() });

export const ZAdminLoginResponse = z.object({ success: z.literal(true), token: z.string(), email: z.string(), message: z.string() });

export const ZAdminMe = z.object({ success: z.literal(true), admin: z.object({ id: z.number().int(), email: z.string() }), totpEnabled: z.boolean() });

/** POST /api/admin/totp/setup: the secret to enrol, as an otpauth URI and its QR code. */
export const ZTotpSetup = z.object({ success: z.literal(true), secret: z.string(), uri: z.string(), qrDataUrl: z.string().startsWith('data:image/png;base64,') });
export type TAdminMe = z.infer<typeof ZAdminMe>['admin'];

/**
 * The spec's four figures. totalRevenue: USD of completed orders (top-up and fee); successRate:
 * completed / (completed + failed), in percent; activeUsers: distinct customers with an order in the
 * last 30 days.
 */
export const ZAdminStats = z.object({ totalRevenue: ZUsd, totalOrders: z.number().int(), successRate: z.number(), activeUsers: z.number().int() });
export type TAdminStats = z.infer<typeof ZAdminStats>;

/** An order as the admin sees it: the order's fields, its amounts in cents in code. */
export const ZAdminOrder = ZOrderView.extend({ amount: ZUsd, serviceFee: ZUsd, totalAmount: ZUsd });
export type TAdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrders = z.array(ZAdminOrder);

/** A customer with their balance (spec: User: id, email, firstName, lastName, balance, createdAt). */
export const ZAdminUser = ZCustomerName.extend({ telegramUserId: z.number().int().nullable(), balance: ZUsd, createdAt: ZDateTime });
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsers = z.array(ZAdminUser);

/** A balance adjusted: the balance after it. */
export const ZBalanceAdjusted = ZAdminDone.extend({ balance: ZUsd });

export const ZManualTopupDone = ZAdminDone.extend({ orderId: z.number().int() });

/** The system settings as the console edits them. */
export const ZAdminSettings = z.object({ maintenanceMode: z.boolean(), allowNewRegistrations: z.boolean(), minTopUp: ZUsd, maxTopUp: ZUsd, serviceFee: ZUsd });
export type TAdminSettings = z.infer<typeof ZAdminSettings>;
export const ZSettingsSaved = ZAdminDone.extend({ settings: ZAdminSettings });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: ZDateTime,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLog = z.array(ZAuditEntry);

/** Money received that did not pay a fulfilled order (amount in the coin's base units). */
export const ZUnmatchedPayment = z.object({
  id: z.number().int(),
  network: z.string(),
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  coin: z.string(),
  amount: z.string(),
  status: z.string(),
  disposition: z.string().nullable(),
  creditedCents: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderStatus: ZOrderStatus.nullable(),
  receivedAt: z.string(),
});
export type TUnmatchedPayment = z.infer<typeof ZUnmatchedPayment>;
export const ZUnmatchedPayments = z.array(ZUnmatchedPayment);

/** An open admin alert: raised `count` times, last at `lastRaisedAt`. */
export const ZAlert = z.object({ id: z.number().int(), kind: z.string(), message: z.string(), count: z.number().int(), createdAt: ZDateTime, lastRaisedAt: ZDateTime, resolvedAt: ZDateTime.nullable() });
export type TAlert = z.infer<typeof ZAlert>;
export const ZAlerts = z.array(ZAlert);
