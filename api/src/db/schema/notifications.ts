import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type TOutboxPayload } from '@topup/shared';
import { createdAt } from './columns';
import { orders } from './orders';
import { supportMessages } from './support';

/**
 * The outbox: a message per order status change and channel, or per support reply and channel, written
 * in the transaction of the change (or of the reply) and delivered at least once; the unique keys make a
 * second write of the same message a no-op.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The order whose status changed; null for a support reply. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    /** The support reply this message carries; null for a status change. */
    supportMessageId: bigint('support_message_id', { mode: 'number' }).references(() => supportMessages.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['telegram', 'email'] }).notNull(),
    /** Telegram chat id or e-mail address. */
    recipient: text('recipient').notNull(),
    status: text('status', { enum: ORDER_STATUSES }),
    payload: jsonb('payload').$type<TOutboxPayload>().notNull(),
    createdAt: createdAt(),
    /** A consumer has it until then (so two bot instances do not send it twice meanwhile). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('notifications_message_uq').on(t.orderId, t.channel, t.status),
    uniqueIndex('notifications_support_uq').on(t.supportMessageId, t.channel),
    index('notifications_pending_idx')
      .on(t.channel, t.id)
      .where(sql`${t.deliveredAt} is null`),
    check(
      'notifications_one_subject',
      sql`(${t.orderId} is not null and ${t.status} is not null and ${t.supportMessageId} is null) or (${t.orderId} is null and ${t.status} is null and ${t.supportMessageId} is not null)`,
    ),
  ],
);

/** The chat message that shows an order's payment, edited by the bot on every status change. */
export const telegramMessages = pgTable('telegram_messages', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull(),
  messageId: integer('message_id').notNull(),
  createdAt: createdAt(),
});
