import { z } from 'zod';
import { ZOrderStatus } from './orders';

/** The bot-only routes (/api/bot/*) and GET /api/balance. */

export const ZOk = z.object({ success: z.literal(true) });

/** A bot session value and its version (0: none saved); a save names the version it is based on. */
export const ZSessionRead = z.object({ success: z.literal(true), key: z.string(), value: z.unknown(), version: z.number().int() });
export const ZSessionSaved = z.object({ success: z.literal(true), version: z.number().int() });

/** What a status-change message says about an order; each channel renders it. */
export const ZNotificationPayload = z.object({
  orderId: z.number().int(),
  paymentId: z.string(),
  status: ZOrderStatus,
  kind: z.enum(['recharge', 'balance_topup']),
  phoneNumber: z.string().nullable(),
  operatorName: z.string().nullable(),
  amount: z.string(),
  total: z.string(),
  cryptoAmount: z.string().nullable(),
  cryptocurrency: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** Credited to the balance when a delivery failed. */
  creditedAmount: z.string().nullable(),
  cause: z.string(),
});
export type TNotificationPayload = z.infer<typeof ZNotificationPayload>;

export const ZNotification = z.object({
  id: z.number().int(),
  /** The recipient's Telegram user id, which is also the private chat's id (sent as text: it may exceed 2^53 one day). */
  chatId: z.union([z.string(), z.number()]).transform((v) => Number(v)),
  messageId: z.number().int().nullable(),
  payload: ZNotificationPayload,
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotifications = z.object({ success: z.literal(true), notifications: z.array(ZNotification) });

export const ZBalance = z.object({ success: z.literal(true), balance: z.number(), currency: z.string() });
export type TBalance = z.infer<typeof ZBalance>;
