import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatUsd } from '@topup/shared';
import type { DbOrTx } from '../db/client';
import { customers, ledgerEntries, orders, type LEDGER_REASONS } from '../db/schema';
import { AppError } from './errors';

/**
 * The ledger (docs/design.md section 5): the one module that writes `ledger_entries`. Money moves as
 * credits (added once per reason and reference) and debits (checked against the balance under a lock,
 * so no balance goes below zero); a balance is the sum of its entries.
 */

/** Why money moved on a balance. */
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * Whose balance an entry moves: a customer's, or (no customer) the credits held on an anonymous order
 * for whoever holds its token.
 */
type LedgerOwner = { customerId: number } | { heldOn: number };

interface LedgerEntry {
  /** Null for an anonymous customer: the money is held on the order, claimable with its token. */
  customerId: number | null;
  orderId: number | null;
  /** Always positive: a debit takes it, a credit adds it. */
  amountCents: number;
  reason: LedgerReason;
  /** What the money moved for: unique per reason, so the same movement is never written twice. */
  referenceType: 'payment' | 'order' | 'admin' | 'payout';
  referenceId: string;
  note?: string | null;
}

function ownerOf(entry: Pick<LedgerEntry, 'customerId' | 'orderId'>): LedgerOwner {
  if (entry.customerId !== null) return { customerId: entry.customerId };
  if (entry.orderId === null) throw new Error('a ledger entry needs a customer or an order');
  return { heldOn: entry.orderId };
}

const entriesOf = (owner: LedgerOwner) =>
  'customerId' in owner ? eq(ledgerEntries.customerId, owner.customerId) : and(eq(ledgerEntries.orderId, owner.heldOn), isNull(ledgerEntries.customerId));

export async function balanceOf(db: DbOrTx, owner: LedgerOwner): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(entriesOf(owner));
  return Number(row?.sum ?? 0);
}

/**
 * Locks the row that owns the balance (the customer, or the order holding the credits) until the
 * transaction ends, and returns the balance: no other debit of it can run meanwhile.
 */
export async function lockBalance(tx: DbOrTx, owner: LedgerOwner): Promise<number> {
  // NO KEY UPDATE, not UPDATE: an order inserted in the same transaction (a purchase) holds a KEY SHARE
  // lock on its customer through its foreign key; FOR UPDATE would wait on other purchases' KEY SHARE
  // locks while they wait on ours (a deadlock). NO KEY UPDATE still queues the debits one after another.
  if ('customerId' in owner) await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, owner.customerId)).for('no key update');
  else await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, owner.heldOn)).for('no key update');
  return balanceOf(tx, owner);
}

/**
 * Adds a credit. A credit is unique per reason and reference, so recording it again (a job that runs
 * twice) changes nothing. Returns whether this call added it.
 */
export async function credit(db: DbOrTx, entry: LedgerEntry): Promise<boolean> {
  if (entry.amountCents <= 0) return false;
  const inserted = await db
    .insert(ledgerEntries)
    .values({ ...entry, note: entry.note ?? null })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

/**
 * Takes money from a balance, never below zero: locks its owner, checks the sum, writes the entry.
 * Refuses with INSUFFICIENT_FUNDS (409) and `refusal(balance)` as the message. Returns the balance after.
 */
export async function debit(tx: DbOrTx, entry: LedgerEntry, refusal: (balanceCents: number) => string): Promise<number> {
  const balance = await lockBalance(tx, ownerOf(entry));
  if (balance < entry.amountCents) throw new AppError('INSUFFICIENT_FUNDS', refusal(balance));
  await tx.insert(ledgerEntries).values({ ...entry, amountCents: -entry.amountCents, note: entry.note ?? null });
  return balance - entry.amountCents;
}

/** Moves money between balances: a debit (checked as any other) and the matching credit, one reference. */
export async function transfer(tx: DbOrTx, out: LedgerEntry, into: LedgerEntry): Promise<void> {
  await debit(tx, out, (balance) => `The balance is ${formatUsd(balance)}: ${formatUsd(out.amountCents)} cannot be moved.`);
  await tx.insert(ledgerEntries).values({ ...into, note: into.note ?? null });
}
