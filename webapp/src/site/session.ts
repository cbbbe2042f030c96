import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api/client';
import { userQuery } from '../api/queries';
import type { Locale, TTelegramLogin } from '@topup/shared';

/**
 * The visitor's side of accounts. Checkout needs no account: the orders an anonymous visitor creates
 * are remembered in this browser by their order tokens (localStorage), sent as `X-Order-Token` so that
 * GET /api/orders returns them. At sign-in the API attaches those orders to the account, the site
 * moves any credit held on them to the balance, and forgets the tokens (the orders are the account's now).
 */

const TOKENS_KEY = 'order_tokens';
/** The API reads at most this many. */
const MAX_TOKENS = 100;

export function orderTokens(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string' && /^[\w.-]+$/.test(t)) : [];
  } catch {
    return [];
  }
}

function saveTokens(tokens: string[]) {
  try {
    if (tokens.length) localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens.slice(-MAX_TOKENS)));
    else localStorage.removeItem(TOKENS_KEY);
  } catch {
    // Storage refused: the order is still shown until the page closes.
  }
}

/** Remembers an order created while signed out (a signed-in customer's orders are the account's). */
export function rememberOrder(token: string): void {
  const tokens = orderTokens().filter((t) => t !== token);
  saveTokens([...tokens, token]);
}

/** The headers every API call carries: this browser's anonymous orders. */
export function orderTokenHeaders(): Record<string, string> {
  const tokens = orderTokens();
  return tokens.length ? { 'x-order-token': tokens.slice(-MAX_TOKENS).join(',') } : {};
}

export const useUser = () => useQuery(userQuery());

/** After a sign-in: held credits of the attached orders move to the balance; tokens are forgotten; data reloads. */
async function afterSignIn(queryClient: QueryClient) {
  const tokens = orderTokens();
  for (const orderToken of tokens) {
    try {
      await apiRequest('/api/balance/claim', (s) => s.ZClaim, { method: 'POST', body: { orderToken }, expected: [404] });
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) console.error('claim failed', err);
    }
  }
  saveTokens([]);
  await queryClient.resetQueries();
}

/** Mails a sign-in code to `email`, in the page's language (`locale`). */
export async function startEmailSignIn(email: string, locale: Locale): Promise<string | undefined> {
  return (await apiRequest('/api/auth/email/start', (s) => s.ZMessage, { method: 'POST', body: { email, locale } })).message;
}

export async function verifyEmailCode(queryClient: QueryClient, email: string, code: string): Promise<void> {
  await apiRequest('/api/auth/email/verify', (s) => s.ZMessage, { method: 'POST', body: { email, code } });
  await afterSignIn(queryClient);
}

/** The fields Telegram's login returns. */
export type TelegramAuthData = TTelegramLogin;

export async function signInWithTelegram(queryClient: QueryClient, data: TelegramAuthData): Promise<void> {
  await apiRequest('/api/auth/telegram', (s) => s.ZMessage, { method: 'POST', body: data });
  await afterSignIn(queryClient);
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  // A JSON body: the API refuses a sign-out that a form on another site could have sent.
  await apiRequest('/api/auth/logout', (s) => s.ZMessage, { method: 'POST', body: {} });
  // Every cached answer goes back to empty (nothing of the account stays on screen); shown ones reload.
  await queryClient.resetQueries();
}

/**
 * Telegram's login in redirect mode: oauth.telegram.org (the Login Widget's own authorisation page)
 * sends the visitor back to `returnTo` with `#tgAuthResult=<base64 JSON>` signed with the bot token.
 * No script or frame from telegram.org on our pages. The bot's domain must be set with /setdomain.
 */
export function telegramLoginUrl(botId: number, returnTo: string): string {
  const params = new URLSearchParams({ bot_id: String(botId), origin: window.location.origin, request_access: 'write', return_to: returnTo });
  return `https://oauth.telegram.org/auth?${params}`;
}

/** The signed data in `#tgAuthResult=…`, if the page was opened with it. */
export function readTelegramAuthResult(hash: string): TelegramAuthData | null {
  const match = /[#&]tgAuthResult=([A-Za-z0-9_\-+/=%]*)/.exec(hash);
  if (!match) return null;
  try {
    const base64 = decodeURIComponent(match[1]!).replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0)));
    const data = JSON.parse(json) as Partial<TelegramAuthData> | false;
    if (!data || typeof data.id !== 'number' || typeof data.hash !== 'string' || typeof data.auth_date !== 'number') return null;
    return data as TelegramAuthData;
  } catch {
    return null;
  }
}

/** "First Last", "First", or null (spec: else 'Not provided'). */
export function displayName(user: { firstName: string | null; lastName: string | null }): string | null {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.firstName || null;
}
