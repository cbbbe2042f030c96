import { and, eq, gt, notInArray } from 'drizzle-orm';
import { ORDER_STATUSES, isFinalStatus } from '@topup/shared';
import type { Db } from '../db/client';
import { botSessions, orders, telegramMessages } from '../db/schema';
import { AppError } from './errors';

/**
 * What the bot keeps between updates, stored here so that any bot instance can carry on a
 * conversation: session values by key, and the message that shows each order in a chat.
 */
export class BotStateService {
  constructor(private readonly db: Db) {}

  /** The value and its version; version 0: there is none. */
  async read(key: string): Promise<{ value: unknown; version: number }> {
    const [row] = await this.db.select({ value: botSessions.value, version: botSessions.version }).from(botSessions).where(eq(botSessions.key, key));
    return row ?? { value: undefined, version: 0 };
  }

  /**
   * Saves a value over the version the writer read (0: it read none) and returns the new version. A
   * write based on an older read is refused (409): another bot instance saved in between, and its
   * state must not be overwritten blindly.
   */
  async write(key: string, value: unknown, readVersion: number): Promise<number> {
    const saved =
      readVersion === 0
        ? await this.db.insert(botSessions).values({ key, value, version: 1 }).onConflictDoNothing().returning({ version: botSessions.version })
        : await this.db
            .update(botSessions)
            .set({ value, version: readVersion + 1, updatedAt: new Date() })
            .where(and(eq(botSessions.key, key), eq(botSessions.version, readVersion)))
            .returning({ version: botSessions.version });
    if (!saved[0]) throw new AppError('CONFLICT', `The state of ${key} changed since it was read; read it again`);
    return saved[0].version;
  }

  /** Deletes a value; with the version read, only if nothing was saved since. */
  async delete(key: string, readVersion?: number): Promise<void> {
    await this.db
      .delete(botSessions)
      .where(readVersion === undefined ? eq(botSessions.key, key) : and(eq(botSessions.key, key), eq(botSessions.version, readVersion)));
  }

  /** Remembers the message to edit when the order changes (the latest one wins). */
  async rememberOrderMessage(orderId: number, chatId: number, messageId: number): Promise<void> {
    const [order] = await this.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} not found`);
    await this.db
      .insert(telegramMessages)
      .values({ orderId, chatId, messageId })
      .onConflictDoUpdate({ target: telegramMessages.orderId, set: { chatId, messageId } });
  }

  /** The messages of orders that may still move, made since `since` (what a restarted bot watches again). */
  async openOrderMessages(since: Date): Promise<{ orderId: number; chatId: number; messageId: number }[]> {
    return this.db
      .select({ orderId: telegramMessages.orderId, chatId: telegramMessages.chatId, messageId: telegramMessages.messageId })
      .from(telegramMessages)
      .innerJoin(orders, eq(orders.id, telegramMessages.orderId))
      .where(and(notInArray(orders.status, FINAL_STATUSES), gt(orders.createdAt, since)))
      .orderBy(telegramMessages.orderId);
  }
}

const FINAL_STATUSES = ORDER_STATUSES.filter(isFinalStatus);
