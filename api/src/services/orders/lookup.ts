import { desc, eq, inArray, or } from 'drizzle-orm';
import type { TOrderView, TPaymentStatus } from '@topup/shared';
import { orders, type OrderRow } from '../../db/schema';
import { AppError } from '../errors';
import type { OrderDeps } from './deps';
import { orderView, type OrderViews } from './views';

/** Finding orders: by id for the status calls, by owner for the lists, by order token. */
export class OrderLookup {
  constructor(
    private readonly deps: Pick<OrderDeps, 'db' | 'tokens' | 'chains'>,
    private readonly views: OrderViews,
  ) {}

  async statusByOrderId(orderId: number): Promise<TPaymentStatus> {
    return this.views.status(await this.find(eq(orders.id, orderId)));
  }

  async statusByPaymentId(paymentId: string): Promise<TPaymentStatus> {
    return this.views.status(await this.find(eq(orders.paymentId, paymentId)));
  }

  private async find(where: ReturnType<typeof eq>): Promise<OrderRow> {
    const [order] = await this.deps.db.select().from(orders).where(where);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    return order;
  }

  /**
   * The caller's orders: the signed-in customer's, and those whose tokens the caller holds (anonymous
   * customers keep their tokens in the browser). Never anyone else's.
   */
  async listMine(who: { customerId?: number; tokens: string[] }): Promise<TOrderView[]> {
    const paymentIds = this.paymentIdsForTokens(who.tokens);
    const conditions = [
      ...(paymentIds.length ? [inArray(orders.paymentId, paymentIds)] : []),
      ...(who.customerId !== undefined ? [eq(orders.customerId, who.customerId)] : []),
    ];
    if (conditions.length === 0) return [];
    const rows = await this.deps.db
      .select()
      .from(orders)
      .where(or(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(200);
    return rows.map((r) => orderView(r, this.deps.chains.registry));
  }

  /** The payment ids that valid order tokens stand for; invalid tokens are ignored. */
  paymentIdsForTokens(tokens: string[]): string[] {
    return tokens
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => this.deps.tokens.verify(t))
      .filter((id): id is string => id !== null);
  }

  /** The order an order token stands for, or null. */
  async orderIdForToken(token: string): Promise<number | null> {
    const paymentId = this.deps.tokens.verify(token);
    if (!paymentId) return null;
    const [row] = await this.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
    return row?.id ?? null;
  }
}
