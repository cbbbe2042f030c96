import type { OrderRow } from '../../db/schema';
import { AppError } from '../errors';
import type { OrderTokens } from '../order-tokens';

/**
 * What a caller shows to act on an order as its owner (DESIGN.md section 9): the customer the request
 * names (a web session, the mini-app's init data, the bot acting for a Telegram user) and the order
 * tokens it holds. The payment id names an order but proves nothing: the public status calls show it.
 */
export interface OwnerProof {
  customerId?: number;
  orderTokens: string[];
}

/** Refuses (403) a caller who is not the order's customer and holds no token of it. */
export function assertOwner(order: Pick<OrderRow, 'paymentId' | 'customerId'>, proof: OwnerProof, tokens: OrderTokens, action: string): void {
  if (proof.customerId !== undefined && order.customerId === proof.customerId) return;
  if (proof.orderTokens.some((token) => tokens.verify(token) === order.paymentId)) return;
  throw new AppError('FORBIDDEN', `Only whoever made this order can ${action}: send its order token, or sign in as the customer who made it.`);
}
