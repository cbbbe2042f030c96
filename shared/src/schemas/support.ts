import { z } from 'zod';
import { ZDateTime, zEmail } from './common';
import { ZPaymentIdParam } from './orders';
import { SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS } from '../support';

/**
 * The support inbox, the customer's side (the site's live chat): a message goes to the support team
 * with the order it is about; the team's answers come back by e-mail or in the Telegram bot, and in the
 * chat when it is opened again (the same browser, by the conversation's token, or signed in).
 */

/** POST /api/support/messages: a message to the support team. */
export const ZSupportMessageRequest = z.object({
  text: z.string({ error: SUPPORT_TEXTS.empty }).trim().min(1, SUPPORT_TEXTS.empty).max(SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS.tooLong),
  /** Where to answer a visitor without an account (a signed-in customer may give one too). Blank: none. */
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(zEmail(SUPPORT_TEXTS.emailFormat).optional()),
  /** The order the customer writes about (the order page's "contact support"). */
  paymentId: ZPaymentIdParam.shape.paymentId.optional(),
});
export type TSupportMessageRequest = z.input<typeof ZSupportMessageRequest>;

/** How an answer reaches the customer besides the chat: an e-mail address, or their Telegram chat. */
export const ZSupportReplyRoute = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), address: z.string() }),
  z.object({ channel: z.literal('telegram') }),
]);
export type TSupportReplyRoute = z.infer<typeof ZSupportReplyRoute>;

export const ZSupportMessage = z.object({
  id: z.number().int(),
  /** `support`: an answer from the team. */
  from: z.enum(['customer', 'support']),
  text: z.string(),
  /** The order the message is about. */
  paymentId: z.string().nullable(),
  createdAt: ZDateTime,
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/**
 * GET and POST /api/support/messages: the conversation as its customer sees it. `threadToken` is the
 * conversation's secret, sent once, when a message starts it: the browser keeps it to read the answers.
 */
export const ZSupportConversation = z.object({
  success: z.literal(true),
  threadToken: z.string().nullable(),
  replyTo: ZSupportReplyRoute.nullable(),
  messages: z.array(ZSupportMessage),
});
export type TSupportConversation = z.infer<typeof ZSupportConversation>;
