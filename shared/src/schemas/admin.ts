import { z } from 'zod';
import { ORDER_STATUSES, type TOrderStatus } from '../order-status';
import { ZCustomerName, ZDateTime, ZUsd, ZUsdCents, zEmail } from './common';
import { ZOrderStatus, ZOrderView } from './orders';
import { ZOrderStory, ZStoryPayment, ZTimelineItem } from './story';
import { SUPPORT_REPLY_MAX } from '../support';

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
  /** Said only once the top-up is delivered (the order completed); until then it is "submitted". */
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
  // The order page's forms (not the spec's).
  reasonRequired: 'Please give a reason.',
  amountRequired: 'Please enter an amount.',
} as const;

/**
 * What a manual top-up says, step by step: submitted (the order is paid and queued), sent to the
 * provider, then the delivery's outcome. The spec's 'Manual top-up processed successfully' is said
 * only when it is true: once the order completed. The API answers with the first; the console follows
 * the order's status to the last.
 */
export function manualTopupProgress(orderId: number, status: TOrderStatus): { title: string; description: string; settled: boolean; ok: boolean } {
  switch (status) {
    case 'completed':
      return { title: 'Success!', description: ADMIN_MESSAGES.manualTopupDone, settled: true, ok: true };
    case 'failed':
      return {
        title: 'Top-up Failed',
        description: `Order #${orderId} could not be delivered. Open the order to see why and where its value went.`,
        settled: true,
        ok: false,
      };
    case 'processing':
      return {
        title: 'Manual top-up submitted',
        description: `Order #${orderId} was sent to the provider; waiting for the operator.`,
        settled: false,
        ok: true,
      };
    default:
      return { title: 'Manual top-up submitted', description: `Order #${orderId} is queued for delivery.`, settled: false, ok: true };
  }
}

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
export const ZTotpCode = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

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

// Answers.

/** The plain answer of an admin action. */
export const ZAdminDone = z.object({ success: z.literal(true), message: z.string() });

export const ZAdminLoginResponse = z.object({ success: z.literal(true), token: z.string(), email: z.string(), message: z.string() });

export const ZAdminMe = z.object({ success: z.literal(true), admin: z.object({ id: z.number().int(), email: z.string() }), totpEnabled: z.boolean() });

/** POST /api/admin/totp/setup: the secret to enrol, as an otpauth URI and its QR code. */
export const ZTotpSetup = z.object({
  success: z.literal(true),
  secret: z.string(),
  uri: z.string(),
  qrDataUrl: z.string().startsWith('data:image/png;base64,'),
});
export type TAdminMe = z.infer<typeof ZAdminMe>['admin'];

/**
 * The spec's four figures, and the admin-granted top-ups apart. totalRevenue: USD the customers paid
 * (in crypto, or from their balance) for completed recharges, less what admins refunded of them;
 * adminGranted / adminGrantedOrders: completed top-ups an admin paid for (manual top-ups, re-sends,
 * orders marked paid); successRate: completed / (completed + failed), in percent; activeUsers: distinct
 * customers with an order in the last 30 days.
 */
export const ZAdminStats = z.object({
  totalRevenue: ZUsd,
  totalOrders: z.number().int(),
  successRate: z.number(),
  activeUsers: z.number().int(),
  adminGranted: ZUsd,
  adminGrantedOrders: z.number().int(),
});
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

/**
 * A manual top-up taken: the order that delivers it and its status now (`paid`: queued for delivery).
 * The message says it was submitted; the delivery's outcome is the order's status later.
 */
export const ZManualTopupDone = ZAdminDone.extend({ orderId: z.number().int(), status: ZOrderStatus });

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
export const ZAlert = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  count: z.number().int(),
  createdAt: ZDateTime,
  lastRaisedAt: ZDateTime,
  resolvedAt: ZDateTime.nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;
export const ZAlerts = z.array(ZAlert);

/** An entry of the ledger: money an order moved on a balance (negative: taken). */
export const ZAdminLedgerEntry = z.object({
  id: z.number().int(),
  /** The customer whose balance moved; null: held on the order for its anonymous owner. */
  customerId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  amount: ZUsd,
  reason: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  note: z.string().nullable(),
  createdAt: ZDateTime,
});
export type TAdminLedgerEntry = z.infer<typeof ZAdminLedgerEntry>;

/** A chain payment to the order's address, as the customer's story shows it, with what only admins need. */
export const ZAdminOrderPayment = ZStoryPayment.extend({
  id: z.number().int(),
  fromAddress: z.string().nullable(),
  blockNumber: z.number().int(),
  logIndex: z.number().int(),
});
export type TAdminOrderPayment = z.infer<typeof ZAdminOrderPayment>;

/** A timeline entry as the customer sees it, with where it was read and what the record says. */
export const ZAdminTimelineEntry = ZTimelineItem.extend({
  source: z.enum(['event', 'payment', 'ledger']),
  /** A status change's recorded cause (an admin's notes among them), a ledger entry's note. */
  cause: z.string().nullable(),
});
export type TAdminTimelineEntry = z.infer<typeof ZAdminTimelineEntry>;

/** What an admin may do with the order now (the API decides; the page shows the buttons). */
export const ZAdminOrderActions = z.object({
  /** Waiting or expired: confirm a payment made outside the chain (the order is then delivered). */
  markPaid: z.boolean(),
  /** Failed and not re-sent yet: send the same top-up again, once. */
  resend: z.boolean(),
  /** Completed and paid by the customer, not refunded yet: its total back to the balance. */
  refund: z.boolean(),
  /** Any order: an amount to its customer's balance (held on the order when anonymous). */
  credit: z.boolean(),
});
export type TAdminOrderActions = z.infer<typeof ZAdminOrderActions>;

/**
 * GET /api/admin/orders/{id}: one order as the admin sees it: the customer's story (the same display,
 * amounts, value and next action), its timeline with each entry's recorded cause, its payments with
 * their explorer links, what only admins see of it, the ledger entries it caused, and its actions.
 */
export const ZAdminOrderDetail = z.object({
  story: ZOrderStory.omit({ timeline: true, payments: true }),
  timeline: z.array(ZAdminTimelineEntry),
  payments: z.array(ZAdminOrderPayment),
  record: z.object({
    source: z.string(),
    chainId: z.number().int().nullable(),
    telegramUserId: z.number().int().nullable(),
    /** The operator's own id of the top-up (the provider's is the story's `providerTransactionId`). */
    operatorTransactionId: z.string().nullable(),
    /** The provider's identifiers of each top-up sent: the payment id, then `<paymentId>-2`… */
    customIdentifiers: z.array(z.string()),
    updatedAt: ZDateTime,
  }),
  customer: ZCustomerName.extend({ telegramUserId: z.number().int().nullable() }).nullable(),
  ledger: z.array(ZAdminLedgerEntry),
  /** The order an admin sent again in its place; the failed order this one re-sends. */
  resentAs: z.number().int().nullable(),
  resendOf: z.number().int().nullable(),
  actions: ZAdminOrderActions,
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

/** An order action done: the order it made or changed, and that order's status now. */
export const ZOrderActionDone = ZAdminDone.extend({ orderId: z.number().int(), status: ZOrderStatus });
/** A credit or refund done: the amount and where it went. */
export const ZOrderCredited = ZAdminDone.extend({ amount: ZUsd, customerId: z.number().int().nullable() });
