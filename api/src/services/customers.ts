import { eq, sql } from 'drizzle-orm';
import type { BalanceService } from './balances';
import type { SettingsService } from './settings';
import type { Db, DbOrTx } from '../db/client';
import { customers } from '../db/schema';

export type Customer = Pick<typeof customers.$inferSelect, 'id' | 'email' | 'telegramUserId' | 'firstName' | 'lastName' | 'profileImageUrl' | 'createdAt'>;

/** Who a customer is, by every name we know: what an admin sees beside an order, a conversation or a balance. */
export const CUSTOMER_NAME_COLUMNS = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  telegramUserId: customers.telegramUserId,
};

/** The customer's names by id; null without one (an anonymous order or conversation). */
export async function customerNames(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [row] = await db.select(CUSTOMER_NAME_COLUMNS).from(customers).where(eq(customers.id, id));
  return row ?? null;
}

interface TelegramUser {
  id: number;
  firstName?: string | null;
  lastName?: string | null;
}

/** Customers known by a Telegram account (the bot, the mini-app) or, later, a signed-in e-mail. */
export class CustomerService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly balances: BalanceService,
  ) {}

  /**
   * The customer of a Telegram user, created on first sight; names follow Telegram's latest. While new
   * registrations are closed a user never seen is no customer (null): they still check out, their
   * orders named by their Telegram id (closing registrations never blocks checkout). Becoming a
   * customer is their sign-in: their Telegram orders and held credits become theirs.
   */
  async fromTelegram(user: TelegramUser): Promise<Customer | null> {
    const [known] = await this.db.select({ id: customers.id }).from(customers).where(eq(customers.telegramUserId, user.id));
    if (!known && !(await this.settings.get('system')).allowNewRegistrations) return null;
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
    if (!known) await this.balances.claimOnSignIn(row!);
    return row!;
  }

  async byId(id: number): Promise<Customer | null> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, id));
    return row ?? null;
  }
}
