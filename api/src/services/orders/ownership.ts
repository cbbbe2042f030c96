import type { OrderRow } from '../../db/schema';
import { AppError } from '../errors';
import type { OrderTokens } from '../order-tokens';

/**
 * What a caller shows to act on an order as its owner (docs/design.md section 9): the customer the request
 * names (a web session, the mini-app's init data, the bot acting for a Telegram user), the Telegram
 * user it acts for (also one who is no customer yet: new registrations closed) and the order tokens it
 * holds. The payment id names an order but proves nothing: the public status calls show it.
 */
export interface OwnerProof {
  customerId?: number;
  telegramUserId?: number;
  orderTokens: string[];
}

/** Whether the caller is the order's customer, its Telegram user, or holds its token. */
export function isOwner(order: Pick<OrderRow, 'paymentId' | 'customerId' | 'telegramUserId'>, proof: OwnerProof, tokens: OrderTokens): boolean {
  if (proof.customerId !== undefined && order.customerId === proof.customerId) return true;
  if (proof.telegramUserId !== undefined && order.telegramUserId === proof.telegramUserId) return true;
  return proof.orderTokens.some((token) => tokens.verify(token) === order.paymentId);
}

/** Refuses (403) a caller who is not the order's owner (isOwner). */
export function assertOwner(
  order: Pick<OrderRow, 'paymentId' | 'customerId' | 'telegramUserId'>,
  proof: OwnerProof,
  tokens: OrderTokens,
  action: string,
): void {
  if (isOwner(order, proof, tokens)) return;
  throw new AppError('FORBIDDEN', `Only whoever made this order can ${action}: send its order token, or sign in as the customer who made it.`);
}
