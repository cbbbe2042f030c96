import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns';
import { customers } from './customers';
import { orders } from './orders';

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
  /** Value paid out on chain to the customer, when an admin approved it (once per payout). */
  'payout',
] as const;

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    /** Set for credits held for an anonymous order's owner. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    referenceType: text('reference_type', { enum: ['payment', 'order', 'admin', 'payout'] }).notNull(),
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
