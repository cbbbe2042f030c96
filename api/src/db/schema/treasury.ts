import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, units } from './columns';
import { customers } from './customers';
import { orders } from './orders';
import { admins } from './admins';

/** What a transfer signed by the sweep tool does: gas for a deposit address, a sweep of a token or the native coin, a payout. */
export const TREASURY_TRANSFER_KINDS = ['gas', 'token', 'native', 'payout'] as const;
export const TREASURY_TRANSFER_STATUSES = ['sent', 'confirmed', 'failed'] as const;

/**
 * Every transaction the sweep tool signs, recorded by the API before the tool broadcasts it (with the
 * signed bytes, so an interrupted run sends the very same transaction again, never a second one).
 */
export const treasuryTransfers = pgTable(
  'treasury_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    network: text('network').notNull(),
    chainId: integer('chain_id').notNull(),
    kind: text('kind', { enum: TREASURY_TRANSFER_KINDS }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    coin: text('coin').notNull(),
    amount: units('amount').notNull(),
    nonce: integer('nonce').notNull(),
    txHash: text('tx_hash').notNull(),
    rawTx: text('raw_tx').notNull(),
    status: text('status', { enum: TREASURY_TRANSFER_STATUSES }).notNull().default('sent'),
    /** What the transaction cost in the network's native coin, from its receipt. */
    fee: units('fee'),
    payoutId: bigint('payout_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('treasury_transfers_tx_uq').on(t.chainId, t.txHash),
    // One live transaction per payout: a payout is paid once.
    uniqueIndex('treasury_transfers_payout_uq')
      .on(t.payoutId)
      .where(sql`${t.status} <> 'failed'`),
    index('treasury_transfers_from_idx').on(t.network, t.fromAddress),
  ],
);

/** What the last sweep run left on a deposit address, too little to be worth its fee (dust). */
export const sweepLeftovers = pgTable(
  'sweep_leftovers',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    coin: text('coin').notNull(),
    amount: units('amount').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address, t.coin] })],
);

export const PAYOUT_STATUSES = ['requested', 'approved', 'sending', 'paid', 'rejected'] as const;

/**
 * Value given back to a customer on chain: from their balance, or from the credits held on an
 * anonymous order. Debited from the ledger when an admin approves it; paid by the sweep tool's signer.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    /** The anonymous order whose held credits are paid out (customerId null). */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    network: text('network').notNull(),
    coin: text('coin').notNull(),
    toAddress: text('to_address').notNull(),
    /** The coin's base units to send, priced when approved. */
    cryptoAmount: units('crypto_amount'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    requestedBy: text('requested_by', { enum: ['customer', 'admin'] }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => admins.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
    txHash: text('tx_hash'),
    fee: units('fee'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_status_idx').on(t.status),
    index('payouts_order_idx').on(t.orderId),
    check('payouts_owner', sql`(${t.customerId} is not null) or (${t.orderId} is not null)`),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;

/** The airtime provider's balance as read by each reconciliation: its change is compared with what was delivered. */
export const providerBalanceReadings = pgTable('provider_balance_readings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});
