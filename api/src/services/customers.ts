import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers } from '../db/schema';

export interface Customer {
  id: number;
  email: string | null;
  telegramUserId: number | null;
  firstName: string | null;
  lastName: string | null;
}

export interface TelegramUser {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
}

/** Customers known by a Telegram account (the bot, the mini-app) or, later, a signed-in e-mail. */
export class CustomerService {
  constructor(private readonly db: Db) {}

  /** The customer of a Telegram user, created on first sight; names follow Telegram's latest. */
  async fromTelegram(user: TelegramUser): Promise<Customer> {
    const [row] = await this.db
      .insert(customers)
      .values({ telegramUserId: user.id, firstName: user.firstName ?? null, lastName: user.lastName ?? null })
      .onConflictDoUpdate({
        target: customers.telegramUserId,
        set: {
          firstName: sql`coalesce(excluded.first_name, ${customers.firstName})`,
          lastName: sql`coalesce(excluded.last_name, ${customers.lastName})`,
        },
      })
      .returning();
    return { id: row!.id, email: row!.email, telegramUserId: row!.telegramUserId, firstName: row!.firstName, lastName: row!.lastName };
  }
}
