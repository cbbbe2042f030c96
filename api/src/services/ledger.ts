import type { DbOrTx } from '../db/client';
import { ledgerEntries } from '../db/schema';

/** Why money moved on a balance. */
export type LedgerReason =
  | 'overpayment'
  | 'late_payment'
  | 'underpayment'
  | 'wrong_coin'
  | 'failed_delivery'
  | 'balance_topup'
  | 'purchase'
  | 'claim_in'
  | 'claim_out'
  | 'admin_adjustment'
  | 'manual_retry';

export interface LedgerCredit {
  /** Null for an anonymous customer: the credit is held on the order, claimable with its token. */
  customerId: number | null;
  orderId: number;
  amountCents: number;
  reason: LedgerReason;
  referenceType: 'payment' | 'order';
  referenceId: string;
  note?: string;
}

/**
 * Adds a credit to the ledger. A credit is unique per reason and reference, so recording it again
 * (a job that runs twice) changes nothing. Returns whether this call added it.
 */
export async function credit(db: DbOrTx, entry: LedgerCredit): Promise<boolean> {
  if (entry.amountCents <= 0) return false;
  const inserted = await db
    .insert(ledgerEntries)
    .values({ ...entry, note: entry.note ?? null })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}
