import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { ZOrderStory, type TOpenOrder, type TOrderView, type TPaymentStatus } from '@topup/shared';
import { isCryptoOrder, orders, type OrderRow } from '../../db/schema';
import { AppError } from '../errors';
import { surfaceOf } from '../telegram-policy';
import type { OrderDeps } from './deps';
import { isOwner, type OwnerProof } from './ownership';
import type { OrderStories } from './story';
import type { OrderViews } from './views';

/** Display states in which an order still waits for (part of) its payment: the payment screen comes back for these. */
const UNFINISHED = new Set(['awaiting_payment', 'partly_paid', 'confirming']);

/** Finding orders: by id for the status calls, by owner for the lists and the story, by order token. */
export class OrderLookup {
  constructor(
    private readonly deps: Pick<OrderDeps, 'db' | 'tokens' | 'chains'>,
    private readonly views: OrderViews,
    private readonly stories: OrderStories,
  ) {}

  /**
   * The status by order number, for its owner only: numbers are sequential, so anyone can try them all,
   * and the answer names the payment id, the deposit address and the amounts. A stranger learns only
   * that the number exists (403, not 404). The bot's service credential reads any (it may act for any
   * Telegram user anyway).
   */
  async statusByOrderId(orderId: number, proof: OwnerProof, service = false): Promise<TPaymentStatus> {
    const order = await this.find(eq(orders.id, orderId));
    if (!service && !isOwner(order, proof, this.deps.tokens)) {
      throw new AppError(
        'FORBIDDEN',
        'Only whoever made this order can read its status by number: send its order token, or sign in as the customer who made it.',
      );
    }
    return this.views.status(order);
  }

  async statusByPaymentId(paymentId: string): Promise<TPaymentStatus> {
    return this.views.status(await this.find(eq(orders.paymentId, paymentId)));
  }

  private async find(where: SQL): Promise<OrderRow> {
    const [order] = await this.deps.db.select().from(orders).where(where);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    return order;
  }

  /** The orders a caller owns (ownership.ts): the customer's, the Telegram user's, those of the tokens held. */
  private ownedBy(proof: OwnerProof): SQL | null {
    const paymentIds = this.paymentIdsForTokens(proof.orderTokens);
    const conditions = [
      ...(paymentIds.length ? [inArray(orders.paymentId, paymentIds)] : []),
      ...(proof.customerId !== undefined ? [eq(orders.customerId, proof.customerId)] : []),
      ...(proof.telegramUserId !== undefined ? [eq(orders.telegramUserId, proof.telegramUserId)] : []),
    ];
    return conditions.length ? or(...conditions)! : null;
  }

  /**
   * The caller's orders: the signed-in customer's, the Telegram user's, and those whose tokens the
   * caller holds (anonymous customers keep their tokens in the browser). Never anyone else's.
   */
  async listMine(proof: OwnerProof): Promise<TOrderView[]> {
    const owned = this.ownedBy(proof);
    if (!owned) return [];
    const rows = await this.deps.db.select().from(orders).where(owned).orderBy(desc(orders.createdAt), desc(orders.id)).limit(200);
    return this.views.list(rows);
  }

  /** The caller's newest order still waiting for (part of) its payment, to bring its payment screen back. */
  async openOrder(proof: OwnerProof): Promise<TOpenOrder> {
    const owned = this.ownedBy(proof);
    const surface = surfaceOf(proof);
    const candidates = owned
      ? await this.deps.db
          .select()
          .from(orders)
          .where(and(owned, inArray(orders.status, ['pending_crypto_payment', 'confirming']), eq(orders.paymentMethod, 'crypto')))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(20)
      : [];
    const displays = await this.stories.displays(candidates);
    // In Telegram, an order paid in a coin Telegram's rules keep out is not brought back as a payment screen.
    const open = candidates.find((o) => UNFINISHED.has(displays.get(o.id)!.state) && (o.network === null || this.deps.chains.shows(surface, o.network)));
    if (!open || !isCryptoOrder(open)) return { success: true, payment: null, status: null };
    return { success: true, payment: this.views.paymentCreated(open), status: await this.views.status(open) };
  }

  /**
   * The order story (story.ts), for its owner (ownership.ts) or whoever holds its token: the order token
   * or the receipt's read-only token (`token`). Anyone else gets a 403; an unknown order a 404.
   */
  async story(ref: number | string, proof: OwnerProof, token: string | undefined) {
    const order = await this.find(typeof ref === 'number' ? eq(orders.id, ref) : eq(orders.paymentId, ref));
    const readable =
      isOwner(order, proof, this.deps.tokens) ||
      (token !== undefined && (this.deps.tokens.verify(token) === order.paymentId || this.deps.tokens.verifyView(order.paymentId, token)));
    if (!readable) {
      throw new AppError(
        'FORBIDDEN',
        'Only whoever made this order can read its story: open the link of its receipt, send its order token, or sign in as the customer who made it.',
      );
    }
    return ZOrderStory.encode(this.stories.customerStory(await this.stories.factsOf(order, { events: true }), surfaceOf(proof)));
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
