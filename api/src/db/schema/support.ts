import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { createdAt } from './columns';
import { customers } from './customers';
import { orders } from './orders';

/**
 * The support inbox: one conversation per customer (or per browser, for a visitor without an account),
 * its messages from the customer and the admins' replies.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sha256 of the random token the visitor's browser keeps: it reads the conversation with it. */
    tokenHash: text('token_hash').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    /** The address the visitor gave for the answer (a signed-in customer may give one too). */
    contactEmail: text('contact_email'),
    /** Where the conversation started: the web site, the mini-app (telegram) or the bot. */
    channel: text('channel', { enum: ['web', 'telegram', 'bot'] }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message an admin has read (customer messages after it are unread). */
    adminReadThrough: bigint('admin_read_through', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('support_threads_customer_idx').on(t.customerId), index('support_threads_last_idx').on(t.lastMessageAt)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'admin'] }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => admins.id),
    body: text('body').notNull(),
    /** The order the customer wrote about (they came from its page). */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_thread_idx').on(t.threadId, t.id),
    check('support_messages_author_known', sql`${t.author} in ('customer', 'admin') and (${t.author} = 'admin') = (${t.adminId} is not null)`),
    check('support_messages_body_bounded', sql`char_length(${t.body}) between 1 and 4000`),
  ],
);
