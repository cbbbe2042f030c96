import { z } from 'zod';
import { ZAdminDone } from './admin';
import { ZCustomerName, ZDateTime } from './common';
import { ZOrderStatus } from './orders';
import { ZSupportReplyRoute } from './support';

/** The support inbox, the admins' side (the customers' side: ./support.ts). */

const ZSupportCustomer = ZCustomerName.extend({ telegramUserId: z.number().int().nullable() });

/** A conversation in the inbox list. */
export const ZSupportThreadSummary = z.object({
  id: z.number().int(),
  customer: ZSupportCustomer.nullable(),
  contactEmail: z.string().nullable(),
  channel: z.enum(['web', 'telegram', 'bot']),
  /** Where an answer goes besides the chat; null: only the chat (the customer left no address). */
  replyTo: ZSupportReplyRoute.nullable(),
  lastMessageAt: ZDateTime,
  /** The last message's first characters, and who wrote it. */
  preview: z.string(),
  lastFrom: z.enum(['customer', 'admin']),
  /** Customer messages no admin has read yet. */
  unread: z.number().int(),
});
export type TSupportThreadSummary = z.infer<typeof ZSupportThreadSummary>;

/** GET /api/admin/support/threads: newest first, paged (the total in X-Total-Count). */
export const ZSupportThreads = z.array(ZSupportThreadSummary);

/** GET /api/admin/support/unread: the dashboard's count. */
export const ZSupportUnread = z.object({ unreadThreads: z.number().int(), unreadMessages: z.number().int() });

export const ZSupportThreadMessage = z.object({
  id: z.number().int(),
  from: z.enum(['customer', 'admin']),
  /** The admin who answered. */
  adminEmail: z.string().nullable(),
  text: z.string(),
  /** The order the customer wrote about. */
  order: z.object({ id: z.number().int(), paymentId: z.string(), status: ZOrderStatus }).nullable(),
  createdAt: ZDateTime,
  /** An answer's delivery by e-mail or Telegram (deliveredAt null: not yet). */
  delivery: z.object({ channel: z.enum(['email', 'telegram']), recipient: z.string(), deliveredAt: ZDateTime.nullable() }).nullable(),
});
export type TSupportThreadMessage = z.infer<typeof ZSupportThreadMessage>;

/** GET /api/admin/support/threads/{id}. */
export const ZSupportThread = ZSupportThreadSummary.extend({ messages: z.array(ZSupportThreadMessage) });
export type TSupportThread = z.infer<typeof ZSupportThread>;

/** An answer sent: where it goes besides the chat. */
export const ZSupportReplied = ZAdminDone.extend({ replyTo: ZSupportReplyRoute.nullable() });
