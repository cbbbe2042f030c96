import { z } from 'zod';
import { ZCountry, ZOperator, ZOrderStatus, ZOrderView } from '@topup/shared';

/**
 * What the admin API answers (api/src/routes/admin/admin.router.ts), checked as it arrives. Orders and
 * the catalog use the shared schemas; the rest is admin-only and lives here.
 */

export const ZLoginResponse = z.object({ success: z.boolean(), token: z.string().optional(), email: z.string().optional(), message: z.string().optional() });

export const ZMe = z.object({ success: z.literal(true), admin: z.object({ id: z.number(), email: z.string() }), totpEnabled: z.boolean().optional() });

/** POST /api/admin/totp/setup: the secret to enrol, as an otpauth URI and its QR code. */
export const ZTotpSetup = z.object({ success: z.literal(true), secret: z.string(), uri: z.string(), qrDataUrl: z.string().startsWith('data:image/png;base64,') });
export type TMe = z.infer<typeof ZMe>['admin'];

export const ZStats = z.object({ totalRevenue: z.number(), totalOrders: z.number(), successRate: z.number(), activeUsers: z.number() });
export type TStats = z.infer<typeof ZStats>;

export const ZAdminOrders = z.array(ZOrderView);

export const ZUser = z.object({
  id: z.number(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  telegramUserId: z.number().nullable().optional(),
  balance: z.number().optional(),
  createdAt: z.string().nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;
export const ZUsers = z.array(ZUser);

export const ZMessage = z.object({ success: z.boolean().optional(), message: z.string().optional() });
export const ZManualTopupResult = ZMessage.extend({ orderId: z.number().optional() });

export const ZSettings = z.object({
  maintenanceMode: z.boolean(),
  allowNewRegistrations: z.boolean(),
  minTopUp: z.number(),
  maxTopUp: z.number(),
  serviceFee: z.number(),
});
export type TSettings = z.infer<typeof ZSettings>;
export const ZSettingsSaved = ZMessage.extend({ settings: ZSettings });

export const ZAuditEntry = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLog = z.array(ZAuditEntry);

export const ZUnmatchedPayment = z.object({
  id: z.number(),
  network: z.string(),
  txHash: z.string(),
  coin: z.string(),
  amount: z.string(),
  status: z.string(),
  disposition: z.string().nullable(),
  creditedCents: z.number().nullable(),
  orderId: z.number().nullable(),
  orderStatus: ZOrderStatus.nullable(),
  receivedAt: z.string(),
});
export type TUnmatchedPayment = z.infer<typeof ZUnmatchedPayment>;
export const ZUnmatchedPayments = z.array(ZUnmatchedPayment);

export const ZAlert = z.object({ id: z.number(), kind: z.string(), message: z.string(), count: z.number(), lastRaisedAt: z.string() });
export type TAlert = z.infer<typeof ZAlert>;
export const ZAlerts = z.array(ZAlert);

export const ZCountries = z.array(ZCountry);
export const ZOperators = z.array(ZOperator);
