import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  smallint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LOCALE_CODES, ORDER_STATUSES, type TPin } from '@topup/shared';
import { createdAt, oneOf, units } from './columns';
import { customers } from './customers';

/** How an order reached us (OrderContext.source). */
export const ORDER_SOURCES = ['web', 'compact', 'telegram', 'bot', 'admin'] as const;

/** The deposit sequence (chain/deposit-sequence.ts): one number per crypto order, never reused. */
export const depositIndexSeq = pgSequence('deposit_index_seq', { startWith: 0, minValue: 0 });

/** The addresses derived for orders, with their derivation index in their family's key: what a sweep needs. */
export const depositAddresses = pgTable('deposit_addresses', {
  address: text('address').primaryKey(),
  /** The chain family whose key derived it (its path: m/44'/60'/0'/0/i for EVM). */
  family: text('family').notNull().default('evm'),
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
    /** Where the order is paid: its own derived address, or the operator's address shared with a memo. */
    depositAddress: text('deposit_address'),
    /** What a payment to a shared address must carry to be this order's; null where the address alone says it. */
    depositMemo: text('deposit_memo'),
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
    /** A delivered PIN top-up's voucher, in the provider port's words (TPin). */
    pinDetail: jsonb('pin_detail').$type<TPin>(),
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
    // One order per address, or per address and memo; orders paid otherwise (a balance, an admin) have none.
    uniqueIndex('orders_deposit_uq')
      .on(t.depositAddress, sql`coalesce(${t.depositMemo}, '')`)
      .where(sql`${t.depositAddress} is not null`),
    check('orders_amounts_positive', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.amountCents} + ${t.feeCents}`),
    check(
      'orders_payment_columns',
      sql`(${t.paymentMethod} <> 'crypto') = (${t.coin} is null and ${t.depositAddress} is null and ${t.cryptoAmount} is null and ${t.watchUntil} is null)`,
    ),
  ],
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
