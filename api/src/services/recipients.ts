import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TOrderStatus, TRecipient } from '@topup/shared';
import type { Db } from '../db/client';
import { orders, recipientLabels } from '../db/schema';
import { AppError } from './errors';

/** How many recent recipients a customer is shown. */
const MAX_RECIPIENTS = 20;

/**
 * A number is a recipient once we topped it up or are topping it up: an unpaid, cancelled or expired
 * order reached nobody, and a failed one's number may well be wrong, so neither is offered again.
 */
const TOPPED_UP: TOrderStatus[] = ['paid', 'processing', 'completed'];

/** A recipient as the service works with it: amounts in cents. */
export type Recipient = Omit<TRecipient, 'lastAmount'> & { lastAmount: number };

/**
 * Recent recipients ("repeat in one tap"), derived from the customer's paid recharge orders (the bot's
 * and the mini-app's Telegram user is one customer, so is a signed-in web visitor): per number, its
 * latest paid order's operator, country, amount and coin. What the customer changes (a name, removing
 * it) is kept beside, in recipient_labels; a number removed comes back with its next paid order.
 */
export class RecipientService {
  constructor(private readonly db: Db) {}

  async list(customerId: number): Promise<Recipient[]> {
    const [latest, labels] = await Promise.all([
      // Each number's latest paid recharge (the orders' customer index finds them).
      this.db
        .selectDistinctOn([orders.phoneNumber])
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.kind, 'recharge'), inArray(orders.status, TOPPED_UP), isNotNull(orders.phoneNumber)))
        .orderBy(orders.phoneNumber, desc(orders.createdAt)),
      this.db.select().from(recipientLabels).where(eq(recipientLabels.customerId, customerId)),
    ]);
    const byNumber = new Map(labels.map((l) => [l.phoneNumber, l]));
    return latest
      .filter((o) => {
        const hiddenAt = byNumber.get(o.phoneNumber!)?.hiddenAt;
        return !hiddenAt || hiddenAt < o.createdAt;
      })
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, MAX_RECIPIENTS)
      .map((o) => ({
        id: o.phoneNumber!.replace(/^\+/, ''),
        phoneNumber: o.phoneNumber!,
        name: byNumber.get(o.phoneNumber!)?.name ?? null,
        countryCode: o.countryCode,
        countryId: o.countryId,
        operatorId: o.operatorId,
        operatorName: o.operatorName,
        lastAmount: o.amountCents,
        lastCoin: o.coin,
        lastLocalAmount: o.localAmount === null ? null : Number(o.localAmount),
        localCurrency: o.localCurrency,
        lastOrderAt: o.createdAt.toISOString(),
      }));
  }

  /** Names one of the customer's recipients (null: no name). A number they never topped up is a 404. */
  async rename(customerId: number, id: string, name: string | null): Promise<Recipient> {
    const recipient = await this.find(customerId, id);
    await this.save(customerId, recipient.phoneNumber, { name });
    return { ...recipient, name };
  }

  /** Takes a recipient off the list until the customer's next paid order to that number. */
  async remove(customerId: number, id: string): Promise<void> {
    const recipient = await this.find(customerId, id);
    await this.save(customerId, recipient.phoneNumber, { hiddenAt: new Date() });
  }

  private async find(customerId: number, id: string): Promise<Recipient> {
    const recipient = (await this.list(customerId)).find((r) => r.id === id);
    if (!recipient) throw new AppError('NOT_FOUND', 'No recent recipient has this number.');
    return recipient;
  }

  private async save(customerId: number, phoneNumber: string, change: { name: string | null } | { hiddenAt: Date }): Promise<void> {
    const set = { ...change, updatedAt: new Date() };
    await this.db
      .insert(recipientLabels)
      .values({ customerId, phoneNumber, ...set })
      .onConflictDoUpdate({ target: [recipientLabels.customerId, recipientLabels.phoneNumber], set });
  }
}
