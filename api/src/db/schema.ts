import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  smallint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOCALE_CODES, ORDER_STATUSES, type TOutboxPayload } from '@topup/shared';

/** How an order reached us (OrderContext.source). */
export const ORDER_SOURCES = ['web', 'compact', 'telegram', 'bot', 'admin'] as const;

/** Why money moved on a balance (services/ledger.ts writes every entry). */
export const LEDGER_REASONS = [
  'overpayment',
  'late_payment',
  'underpayment',
  'wrong_coin',
  'failed_delivery',
  'balance_topup',
  'purchase',
  'claim_in',
  'claim_out',
  'admin_adjustment',
  'manual_retry',
  /** An admin gave an order's value back to the balance (once per order). */
  'admin_refund',
] as const;

/** A CHECK that a text column holds one of `values` (the database refuses anything else). */
const oneOf = (column: SQL, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Crypto amounts in base units: up to 78 digits holds any uint256. */
const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** Derivation index i of m/44'/60'/0'/0/i: one number per deposit address, never reused. */
export const depositIndexSeq = pgSequence('deposit_index_seq', { startWith: 0, minValue: 0 });

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

export const depositAddresses = pgTable('deposit_addresses', {
  address: text('address').primaryKey(),
  derivationIndex: integer('derivation_index').notNull().unique(),
  createdAt: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: text('payment_id').notNull().unique(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    /**
     * The Telegram user who made the order (mini-app or bot), also when they are no customer yet (new
     * registrations closed): they own it, hear about it in the chat, and get its held credits once they are one.
     */
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }),
    /** An admin's re-send of a failed order: that order. Its failure's credit is held there, for that order's customer. */
    retryOf: bigint('retry_of', { mode: 'number' }).references((): AnyPgColumn => orders.id),
    kind: text('kind', { enum: ['recharge', 'balance_topup'] }).notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    countryCode: text('country_code'),
    countryId: integer('country_id'),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name'),
    serviceType: text('service_type'),
    phoneNumber: text('phone_number'),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    localAmount: text('local_amount'),
    localCurrency: text('local_currency'),
    /** Crypto to the order's own deposit address; the customer's balance; or an admin's manual top-up. */
    paymentMethod: text('payment_method', { enum: ['crypto', 'balance', 'admin'] })
      .notNull()
      .default('crypto'),
    // The payment columns below are null for an order paid from a balance.
    coin: text('coin'),
    network: text('network'),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    cryptoAmount: units('crypto_amount'),
    /** USD per coin × 1e8 at quote time. */
    priceUsdE8: units('price_usd_e8'),
    depositAddress: text('deposit_address')
      .unique()
      .references(() => depositAddresses.address),
    email: text('email'),
    /** The customer's language when they ordered (null: before languages were kept; read as English): receipts are written in it. */
    locale: text('locale', { enum: LOCALE_CODES }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Until when the chain watcher looks at the deposit address (window + 24 h). */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    /** Native balance checks done (BalanceChecker): 1 before the window ended, 2 before the watch ended. */
    balanceChecks: smallint('balance_checks').notNull().default(0),
    providerTransactionId: text('provider_transaction_id'),
    operatorTransactionId: text('operator_transaction_id'),
    pinDetail: jsonb('pin_detail'),
    /**
     * Which top-up of the order is current: 1, or more after the provider ended one undelivered and asked
     * for it to be sent again later. Each has its own custom identifier (fulfilment.ts).
     */
    topupAttempt: integer('topup_attempt').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_status_idx').on(t.status),
    check('orders_status_known', oneOf(sql`${t.status}`, ORDER_STATUSES)),
    index('orders_customer_idx').on(t.customerId),
    index('orders_telegram_user_idx').on(t.telegramUserId),
    // A failed order is re-sent once (AdminService.manualTopupExisting checks first, with a clear 409).
    uniqueIndex('orders_retry_of_uq').on(t.retryOf),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    index('orders_watch_idx').on(t.watchUntil),
    check('orders_amounts_positive', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.amountCents} + ${t.feeCents}`),
    check(
      'orders_payment_columns',
      sql`(${t.paymentMethod} <> 'crypto') = (${t.coin} is null and ${t.depositAddress} is null and ${t.cryptoAmount} is null and ${t.watchUntil} is null)`,
    ),
  ],
);

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

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    cause: text('cause').notNull(),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId),
    check(
      'order_events_statuses_known',
      sql`${oneOf(sql`${t.toStatus}`, ORDER_STATUSES)} and (${t.fromStatus} is null or ${oneOf(sql`${t.fromStatus}`, ORDER_STATUSES)})`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    /** Log index of a token Transfer; -1 for a native transfer. */
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** When the block was made: decides whether the payment came within the order's window. */
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    fromAddress: text('from_address'),
    toAddress: text('to_address').notNull(),
    coin: text('coin').notNull(),
    amount: units('amount').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    status: text('status', { enum: ['seen', 'confirmed', 'removed'] })
      .notNull()
      .default('seen'),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** What became of a confirmed payment: it paid its order, or its value went to a balance. */
    disposition: text('disposition', { enum: ['order', 'credited'] }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payments_chain_tx_log_uq').on(t.chainId, t.txHash, t.logIndex), index('payments_order_idx').on(t.orderId)],
);

/** Where each network's watcher has scanned to. */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  chainId: integer('chain_id').notNull(),
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The recent canonical blocks as the watcher saw them: how reorganisations are noticed. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text('network').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    /** Set for credits held for an anonymous order's owner. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    referenceType: text('reference_type', { enum: ['payment', 'order', 'admin'] }).notNull(),
    referenceId: text('reference_id').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_customer_idx').on(t.customerId),
    uniqueIndex('ledger_reference_uq').on(t.reason, t.referenceType, t.referenceId),
    check('ledger_reason_known', oneOf(sql`${t.reason}`, LEDGER_REASONS)),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency-Keys, each in its caller's scope (`customer:<id>`, or `anonymous`): a key replays only
 * its own caller's order. Stored as a sha256: the key gives back an order token, so it is a secret.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    /** sha256 of the request body, so the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] })],
);

export const catalogCache = pgTable('catalog_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** Durable jobs, claimed with FOR UPDATE SKIP LOCKED so several processes can work side by side. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    /** At most one live job per key (e.g. one expiry job per order). */
    key: text('key').unique(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** A fresh token per claim: only the run holding it may extend, finish or reschedule the job. */
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.queue, t.runAt)],
);

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

/** The bot's conversation and session state, kept in PostgreSQL through the API. */
export const botSessions = pgTable('bot_sessions', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** Raised by every write: a write based on an older read is refused, so two bot instances cannot overwrite each other. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The chat message that shows an order's payment, edited by the bot on every status change. */
export const telegramMessages = pgTable('telegram_messages', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull(),
  messageId: integer('message_id').notNull(),
  createdAt: createdAt(),
});

/** Conditions an operator must act on; one open alert per kind. */
export const adminAlerts = pgTable(
  'admin_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
    lastRaisedAt: timestamp('last_raised_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_alerts_open_kind_uq')
      .on(t.kind)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

export const admins = pgTable('admins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  contactEmail: text('contact_email'),
  /** The TOTP second factor's secret (base32) once enrolled; null: password only. */
  totpSecret: text('totp_secret'),
  /** A secret shown for enrolment, enabled only when a code from it is confirmed. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts per client address (`address:<ip>`) and per account (`account:<email>`): each
 * attempt takes a slot here before the password is checked, so parallel guesses cannot outrun the count.
 */
export const adminLoginLimits = pgTable('admin_login_limits', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  adminId: bigint('admin_id', { mode: 'number' })
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: bigint('admin_id', { mode: 'number' }).references(() => admins.id),
  action: text('action').notNull(),
  target: text('target'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
});

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

/**
 * Request counts per client and window for the rate limits (services/rate-limit-store.ts), kept here so
 * that every API replica counts against the same limit.
 */
export const rateLimits = pgTable('rate_limits', {
  /** `<limiter>:<client key>`, e.g. `orders:203.0.113.7`. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
/** An order paid in crypto: its payment columns are set (the database checks it). */
export type CryptoOrderRow = OrderRow & {
  paymentMethod: 'crypto';
  coin: string;
  network: string;
  chainId: number;
  cryptoAmount: string;
  priceUsdE8: string;
  depositAddress: string;
  watchUntil: Date;
};

export function isCryptoOrder(order: OrderRow): order is CryptoOrderRow {
  return order.paymentMethod === 'crypto';
}
export type NewOrderRow = typeof orders.$inferInsert;
