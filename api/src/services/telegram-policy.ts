import type { Chains, Surface } from '../chain/chains';
import { AppError } from './errors';

/** Where a request comes from: Telegram's credentials (the mini-app's init data, the bot acting for a user) make it the Telegram surface. */
export function surfaceOf(who: { telegramUserId?: number | null }): Surface {
  return who.telegramUserId != null ? 'telegram' : 'any';
}

/**
 * The coin if it is offered on `surface`. A coin offered elsewhere but not in Telegram (Telegram's rules,
 * TELEGRAM_NETWORKS) is refused with the coins Telegram's surfaces take; undefined when it is not offered at all.
 */
export function offerOn(chains: Chains, symbol: string, surface: Surface, what: 'payments' | 'payouts') {
  const offer = chains.offer(symbol, surface);
  if (!offer && surface === 'telegram' && chains.offer(symbol)) {
    const there = chains.offered('telegram').coins.map((c) => c.symbol);
    throw new AppError(
      'VALIDATION_ERROR',
      `${symbol} ${what} are not offered in Telegram. Please choose one of the coins offered there (${there.join(', ') || 'none right now'}).`,
    );
  }
  return offer;
}
