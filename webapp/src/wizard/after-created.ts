import type { QueryClient } from '@tanstack/react-query';
import type { TCoinSymbol } from '@topup/shared';
import { rememberInBrowser, type RecipientsSource } from '../api/recipients';
import { onChain, recipientOf, type CompleteOrder, type CreatedOrder } from './checkout';

export interface Keeper {
  /** Who keeps the customer's recipients and orders: the account (signed in, or the Telegram user), or this browser for an anonymous visitor. */
  keptBy: RecipientsSource;
  /** The site's anonymous orders are found again by their tokens (site/session.ts); the mini-app keeps none. */
  keepOrderToken?(token: string): void;
}

/**
 * Once an order exists, whichever surface created it: what the browser keeps of it when no account
 * does (the recipient, for repeat in one tap; the order's token), and the lists the order changes.
 */
export function afterCreated(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  created: CreatedOrder,
  order: CompleteOrder,
  coin: TCoinSymbol | null,
  { keptBy, keepOrderToken }: Keeper,
): void {
  if (keptBy === 'browser') {
    keepOrderToken?.(created.orderToken);
    const recipient = recipientOf(order, coin);
    if (recipient) rememberInBrowser(recipient);
  }
  const changed = ['/api/recipients', '/api/orders'];
  // Paid from the balance: the balance went down already.
  if (!onChain(created)) changed.push('/api/balance', '/api/auth/user');
  for (const key of changed) void queryClient.invalidateQueries({ queryKey: [key] });
}
