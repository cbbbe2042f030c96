import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { botSessions, orders, telegramMessages } from '../db/schema';
import { AppError } from './errors';

/**
 * What the bot keeps between updates, stored here so that any bot instance can carry on a
 * conversation: session values by key, and the message that shows each order in a chat.
 */
export class BotStateService {
  constructor(private readonly db: Db) {}

  async read(key: string): Promise<unknown> {
    const [row] = await this.db.select({ value: botSessions.value }).from(botSessions).where(eq(botSessions.key, key));
    return row?.value;
  }

  async write(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(botSessions)
      .values({ key, value })
      .onConflictDoUpdate({ target: botSessions.key, set: { value, updatedAt: new Date() } });
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(botSessions).where(eq(botSessions.key, key));
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
}
