import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { adminAlerts } from '../db/schema';

/**
 * Things an operator must act on (a provider balance too low to deliver). One open alert per kind:
 * raising it again refreshes its message and count instead of piling up rows.
 */
export class AlertService {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async raise(kind: string, message: string): Promise<void> {
    this.log.error({ alert: kind }, message);
    await this.db
      .insert(adminAlerts)
      .values({ kind, message })
      .onConflictDoUpdate({
        target: adminAlerts.kind,
        targetWhere: sql`${adminAlerts.resolvedAt} is null`,
        set: { message, count: sql`${adminAlerts.count} + 1`, lastRaisedAt: new Date() },
      });
  }

  async open(): Promise<(typeof adminAlerts.$inferSelect)[]> {
    return this.db
      .select()
      .from(adminAlerts)
      .where(sql`${adminAlerts.resolvedAt} is null`);
  }
}
