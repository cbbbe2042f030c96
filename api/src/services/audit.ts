import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

interface AuditEntry {
  /** Null for what no known admin did (a failed sign-in to an unknown account). */
  adminId: number | null;
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
}

/** Records an admin action; call it inside the transaction that makes the change. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    target: entry.target ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
