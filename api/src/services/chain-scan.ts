import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { chainBlocks, chainCursors, orders, payments } from '../db/schema';

/**
 * The chain watchers' data functions (the house rule: only db/ and the services touch SQL): where each
 * network's scan stands, the canonical blocks it holds for reorganisation checks, and the addresses
 * it watches. Writes take the caller's transaction, so a pass is written whole or not at all.
 */

export interface HeldBlock {
  number: number;
  hash: string;
  parentHash: string;
}

interface Cursor {
  chainId: number;
  lastBlock: number;
}

export async function readCursor(db: Db, network: string): Promise<Cursor | undefined> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, network));
  return row && { chainId: row.chainId, lastBlock: row.lastBlock };
}

export async function heldBlock(db: Db, network: string, number: number): Promise<HeldBlock | undefined> {
  const [row] = await db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.network, network), eq(chainBlocks.number, number)));
  return row;
}

/** The blocks held at or below `below`, newest first: where a reorganisation is looked for. */
export function heldBlocksDownFrom(db: Db, network: string, below: number): Promise<HeldBlock[]> {
  return db
    .select({ number: chainBlocks.number, hash: chainBlocks.hash, parentHash: chainBlocks.parentHash })
    .from(chainBlocks)
    .where(and(eq(chainBlocks.network, network), lte(chainBlocks.number, below)))
    .orderBy(desc(chainBlocks.number));
}

/**
 * The open deposits of orders on `networks` (a family's networks: a payment on any of them to the
 * address counts, as another coin if not the order's), watched until 24 h after the window.
 */
export async function watchedDeposits(db: Db, networks: string[]): Promise<{ orderId: number; address: string; memo: string | null }[]> {
  const rows = await db
    .select({ orderId: orders.id, address: orders.depositAddress, memo: orders.depositMemo })
    .from(orders)
    .where(and(gt(orders.watchUntil, sql`now()`), inArray(orders.network, networks)));
  // Only crypto orders have a watch period, and all of them have an address.
  return rows.map((r) => ({ ...r, address: r.address! }));
}

/** The open deposit addresses (lower-case) of orders on `networks` and their orders: where the address alone names the order. */
export async function watchedAddresses(db: Db, networks: string[]): Promise<Map<string, number>> {
  return new Map((await watchedDeposits(db, networks)).map((d) => [d.address.toLowerCase(), d.orderId]));
}

/**
 * The orders whose payments on this network may have changed without the order following (a crash
 * between writing a pass and settling): those still confirming, and those with a live payment not yet
 * applied.
 */
export async function ordersToResettle(db: Db, network: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orders.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.network, network), or(eq(orders.status, 'confirming'), and(ne(payments.status, 'removed'), isNull(payments.disposition)))));
  return rows.map((r) => r.id);
}

/** Whether the network has payments waiting for their confirmations. */
export async function hasUnconfirmedPayments(db: Db, network: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.network, network), eq(payments.status, 'seen')))
    .limit(1);
  return row !== undefined;
}

/** Holds the scanned blocks, forgets those deeper than `keep`, and moves the cursor. */
export async function advanceScan(tx: Tx, network: string, blocks: HeldBlock[], keep: number): Promise<void> {
  const last = blocks[blocks.length - 1];
  if (!last) return;
  await tx
    .insert(chainBlocks)
    .values(blocks.map((b) => ({ network, ...b })))
    .onConflictDoNothing();
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, network), lte(chainBlocks.number, last.number - keep)));
  await tx.update(chainCursors).set({ lastBlock: last.number, updatedAt: new Date() }).where(eq(chainCursors.network, network));
}

/** A reorganisation: forget the blocks above `keptBlock` and scan on from there. */
export async function rewindScan(tx: Tx, network: string, keptBlock: number): Promise<void> {
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, network), gt(chainBlocks.number, keptBlock)));
  await tx.update(chainCursors).set({ lastBlock: keptBlock, updatedAt: new Date() }).where(eq(chainCursors.network, network));
}

/** Starts the network's scan afresh at `start` (first run, or a devnet restarted empty). */
export async function restartScan(tx: Tx, network: string, chainId: number, start: HeldBlock | { number: number }): Promise<void> {
  await tx.delete(chainBlocks).where(eq(chainBlocks.network, network));
  if ('hash' in start) await tx.insert(chainBlocks).values({ network, ...start });
  await tx
    .insert(chainCursors)
    .values({ network, chainId, lastBlock: start.number })
    .onConflictDoUpdate({ target: chainCursors.network, set: { chainId, lastBlock: start.number, updatedAt: new Date() } });
}

export interface BalanceCheckDue {
  orderId: number;
  address: string;
  /** The checks done once this one is: 1 before the window ends, 2 before the watch ends. */
  stage: number;
}
export type BalanceCheckDone = Omit<BalanceCheckDue, 'address'>;

/** The orders of this network whose balance check is due by `by` (BalanceChecker). */
export async function dueBalanceChecks(db: Db, network: string, by: Date, limit: number): Promise<BalanceCheckDue[]> {
  const stage = sql<number>`(case when ${orders.watchUntil} <= ${by} then 2 else 1 end)`;
  const rows = await db
    .select({ orderId: orders.id, address: orders.depositAddress, stage })
    .from(orders)
    .where(and(eq(orders.network, network), lte(orders.expiresAt, by), sql`${orders.balanceChecks} < ${stage}`, isNotNull(orders.depositAddress)))
    .orderBy(orders.id)
    .limit(limit);
  return rows.map((r) => ({ orderId: r.orderId, address: r.address!, stage: Number(r.stage) }));
}

export async function markBalancesChecked(tx: Tx, done: BalanceCheckDone[]): Promise<void> {
  for (const stage of [1, 2]) {
    const ids = done.filter((d) => d.stage === stage).map((d) => d.orderId);
    if (ids.length) await tx.update(orders).set({ balanceChecks: stage }).where(inArray(orders.id, ids));
  }
}

/** The native coin each order has received by payments recorded up to `block`, in base units. */
export async function recordedNativeUnits(db: Db, network: string, coin: string, orderIds: number[], block: number): Promise<Map<number, bigint>> {
  const rows = await db
    .select({ orderId: payments.orderId, units: sql<string>`sum(${payments.amount})::text` })
    .from(payments)
    .where(
      and(
        eq(payments.network, network),
        eq(payments.coin, coin),
        inArray(payments.orderId, orderIds),
        ne(payments.status, 'removed'),
        lte(payments.blockNumber, block),
      ),
    )
    .groupBy(payments.orderId);
  return new Map(rows.map((r) => [r.orderId!, BigInt(r.units)]));
}
