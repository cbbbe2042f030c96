import { z } from 'zod';
import { ZCustomerName, ZDateTime, ZUsd } from './common';
import { ZAdminRole } from './admin-team';
import { ZOrderStatus, ZOrderView } from './orders';
import { ZOrderStory, ZStoryPayment, ZTimelineItem } from './story';

/**
 * The admin API (spec sections 7 and 8): what the console sends and what the API answers. The API
 * parses requests and writes answers with these schemas; the console checks its forms with the same
 * request schemas and reads the answers with the same response schemas. Dollars are integer cents in
 * code and dollars on the wire (ZUsd). The spec's texts are in admin-messages.ts, the requests in
 * admin-requests.ts, the answers here.
 */

export * from './admin-messages';
export * from './admin-requests';
export * from './admin-team';

/** The plain answer of an admin action. */
export const ZAdminDone = z.object({ success: z.literal(true), message: z.string() });

export const ZAdminLoginResponse = z.object({ success: z.literal(true), token: z.string(), email: z.string(), message: z.string() });

export const ZAdminMe = z.object({
  success: z.literal(true),
  admin: z.object({ id: z.number().int(), email: z.string(), role: ZAdminRole }),
  totpEnabled: z.boolean(),
});

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

/**
 * Money received that did not pay a fulfilled order (amount in the coin's base units). One with no
 * order and no disposition reached no order at all (no memo, an unknown one): an admin matches it to
 * an order or credits it to a customer, who may be known by its sender.
 */
export const ZUnmatchedPayment = z.object({
  id: z.number().int(),
  network: z.string(),
  txHash: z.string(),
  fromAddress: z.string().nullable(),
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
