import { bigint, bigserial, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const customers = pgTable('customers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').unique(),
  telegramUserId: bigint('telegram_user_id', { mode: 'number' }).unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  createdAt: createdAt(),
});

/** Signed-in customers of the web site: random tokens in an httpOnly cookie, stored as hashes. */
export const customerSessions = pgTable('customer_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: bigint('customer_id', { mode: 'number' })
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** One-time sign-in codes sent by e-mail: one live code per address, a few tries each. */
export const emailCodes = pgTable('email_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Sign-in codes sent per mailbox (the address without its +tag): one code per 30 s and a few an hour,
 * however the address is spelled.
 */
export const emailCodeSends = pgTable('email_code_sends', {
  mailbox: text('mailbox').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  sent: integer('sent').notNull(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/** Profile pictures, in the database so every API instance serves them. */
export const customerImages = pgTable('customer_images', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The picture's address (/api/user/profile-picture/<publicId>): random, so no one can list pictures by customer id. */
  publicId: text('public_id').notNull().unique(),
  contentType: text('content_type').notNull(),
  /** Base64 of the image bytes. */
  data: text('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a customer changed about a recipient of their orders (services/recipients.ts derives the list
 * from the orders): the name they gave it ("Mum"), and when they removed it from the list (an order to
 * that number made later brings it back).
 */
export const recipientLabels = pgTable(
  'recipient_labels',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** E.164, as the orders keep it. */
    phoneNumber: text('phone_number').notNull(),
    name: text('name'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.phoneNumber] })],
);
