import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, units } from './columns';
import { orders } from './orders';

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    /**
     * The transfer's position within its transaction, as its family numbers them: an EVM log index (-1 the
     * transaction's own value, -2 value found in a balance), a Tron or TON message/output number.
     */
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
  (t) => [uniqueIndex('payments_network_tx_position_uq').on(t.network, t.txHash, t.logIndex), index('payments_order_idx').on(t.orderId)],
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
