import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { adminAlerts } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { QUEUES } from '../jobs/queues';

/** Where an alert can be sent (alert-delivery.ts has one channel of each). */
export type AlertChannelName = 'telegram' | 'email' | 'webhook';

export type AlertRow = typeof adminAlerts.$inferSelect;

/**
 * Things an operator must act on. `raise(kind, message)` is the one way any part of the system calls
 * for a person: one open alert per kind (raising it again refreshes its message and count), and each
 * open alert goes to every configured channel (Telegram, e-mail, webhook: alert-delivery.ts) once when
 * it opens and once per reminder period while it stays open, however often the check that found it
 * runs. `resolve(kind)` closes it once the condition is gone; raised again later, it is a new alert.
 */
export class AlertService {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly opts: { channels: AlertChannelName[]; remindMs: number },
  ) {}

  async raise(kind: string, message: string): Promise<void> {
    this.log.error({ alert: kind }, message);
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminAlerts)
        .values({ kind, message })
        .onConflictDoUpdate({
          target: adminAlerts.kind,
          targetWhere: sql`${adminAlerts.resolvedAt} is null`,
          set: { message, count: sql`${adminAlerts.count} + 1`, lastRaisedAt: new Date() },
        })
        .returning({ id: adminAlerts.id, createdAt: adminAlerts.createdAt });
      const round = Math.floor((Date.now() - row!.createdAt.getTime()) / this.opts.remindMs);
      // The row is locked by the upsert until commit: of two raises at once, one claims the round.
      const claimed = await tx
        .update(adminAlerts)
        .set({ notifiedRound: round })
        .where(and(eq(adminAlerts.id, row!.id), or(isNull(adminAlerts.notifiedRound), lt(adminAlerts.notifiedRound, round))))
        .returning({ id: adminAlerts.id });
      if (claimed.length === 0) return;
      for (const channel of this.opts.channels) {
        await enqueue(tx, {
          queue: QUEUES.alert,
          key: `${QUEUES.alert}:${row!.id}:${round}:${channel}`,
          payload: { alertId: row!.id, channel },
          maxAttempts: 50,
        });
      }
    });
  }

  /** The condition is gone: the open alert of this kind (if any) is closed. */
  async resolve(kind: string): Promise<void> {
    const closed = await this.db
      .update(adminAlerts)
      .set({ resolvedAt: new Date() })
      .where(and(eq(adminAlerts.kind, kind), isNull(adminAlerts.resolvedAt)))
      .returning({ id: adminAlerts.id });
    if (closed.length) this.log.info({ alert: kind }, 'alert resolved');
  }

  async open(): Promise<AlertRow[]> {
    return this.db.select().from(adminAlerts).where(isNull(adminAlerts.resolvedAt));
  }

  async byId(id: number): Promise<AlertRow | undefined> {
    const [row] = await this.db.select().from(adminAlerts).where(eq(adminAlerts.id, id));
    return row;
  }
}
