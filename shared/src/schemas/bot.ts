import { z } from 'zod';
import { LOCALE_CODES } from '../i18n/locale';
import { ZIntId, ZUsd } from './common';
import { ZOrderStatus } from './orders';
import { ZPin } from './story';

/** The bot-only routes (/api/bot/*) and GET /api/balance as the bot reads it. */

/** GET /api/bot/notifications?limit= */
export const ZNotificationsQuery = z.object({ limit: z.string().default('30').transform(Number).pipe(z.number().int().min(1).max(100)) });
/** POST /api/bot/notifications/ack */
export const ZNotificationsAck = z.object({ ids: z.array(ZIntId).max(100) });
/** The key of a piece of the bot's stored state (/api/bot/sessions/:key). */
export const ZSessionKey = z.object({ key: z.string().regex(/^[\w:.-]{1,200}$/, 'must be 1-200 letters, digits or :._-') });
/** A session value is small: a bot conversation keeps only the answers that moved it on. */
export const MAX_SESSION_BYTES = 64 * 1024;
/** PUT /api/bot/sessions/:key: the value and the version it was based on (from the read; 0 when there was none). */
export const ZSessionWrite = z.object({
  value: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, { message: 'is required', abort: true })
    .refine((v) => JSON.stringify(v).length <= MAX_SESSION_BYTES, `must be at most ${MAX_SESSION_BYTES / 1024} KB`),
  version: z.number({ error: 'is required (the version read, 0 for none)' }).int().min(0).max(2_147_483_647),
});
/** DELETE /api/bot/sessions/:key?version=: only the version read (none: whatever is there). */
export const ZSessionDeleteQuery = z.object({ version: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
/** POST /api/bot/orders/:orderId/message: the message showing an order's payment in a chat. */
export const ZOrderMessage = z.object({ chatId: z.number().int(), messageId: ZIntId });

/** The messages of orders that may still move (not final, made within the last `hours`): the bot watches them again after a restart. */
export const ZOpenOrderMessagesQuery = z.object({ hours: z.coerce.number().int().min(1).max(72) });
export const ZOpenOrderMessages = z.object({
  success: z.literal(true),
  messages: z.array(ZOrderMessage.extend({ orderId: ZIntId })),
});
export type TOpenOrderMessages = z.infer<typeof ZOpenOrderMessages>;

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
  /**
   * Where a failed delivery's value went: the customer's balance, or held for whoever signs in with the
   * order's e-mail address or Telegram account (an order made without an account). Absent in messages
   * written before it existed.
   */
  creditedTo: z.enum(['on_balance', 'held']).nullable().default(null),
  cause: z.string(),
  /** The order's language and its amounts in cents, for messages written in that language (absent on messages written before). */
  locale: z.enum(LOCALE_CODES).nullable().optional(),
  amountCents: z.number().int().optional(),
  totalCents: z.number().int().optional(),
  /** A delivered PIN top-up's voucher, for the owner's receipt (absent on messages written before). */
  pin: ZPin.nullable().optional(),
});
export type TNotificationPayload = z.infer<typeof ZNotificationPayload>;

/** An admin's answer in the support inbox, for a customer who is reached in Telegram or by e-mail. */
export const ZSupportReplyPayload = z.object({
  type: z.literal('support_reply'),
  threadId: z.number().int(),
  text: z.string(),
  /** The customer's message it answers, as they wrote it. */
  question: z.string().nullable(),
  /** The order the conversation is about, when the customer named one. */
  orderId: z.number().int().nullable(),
  paymentId: z.string().nullable(),
  /** The language of the e-mail (the order's, when the conversation is about one). */
  locale: z.enum(LOCALE_CODES).optional(),
});
export type TSupportReplyPayload = z.infer<typeof ZSupportReplyPayload>;

/** What an outbox message carries: an order's status change, or a support answer. */
export const ZOutboxPayload = z.union([ZNotificationPayload, ZSupportReplyPayload]);
export type TOutboxPayload = z.infer<typeof ZOutboxPayload>;

export function isSupportReply(payload: TOutboxPayload): payload is TSupportReplyPayload {
  return 'type' in payload && payload.type === 'support_reply';
}

export const ZNotification = z.object({
  id: z.number().int(),
  /** The recipient's Telegram user id, which is also the private chat's id (sent as text: it may exceed 2^53 one day). */
  chatId: z.union([z.string(), z.number()]).transform((v) => Number(v)),
  messageId: z.number().int().nullable(),
  payload: ZOutboxPayload,
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotifications = z.object({ success: z.literal(true), notifications: z.array(ZNotification) });

/** GET /api/balance: dollars on the wire (the spec's clients read them), cents in the bot. */
export const ZBalance = z.object({ success: z.literal(true), balance: ZUsd, currency: z.string() });
export type TBalance = z.infer<typeof ZBalance>;
