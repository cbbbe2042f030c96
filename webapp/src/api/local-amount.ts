import type { TQuote } from '@topup/shared';
import { apiRequest } from './client';

/**
 * A custom amount typed in the operator's currency: the API converts it at the operator's rate and
 * answers the dollars it will charge (clients never convert money; GET /api/quote with `localAmount`).
 */
export function quoteLocalAmount(localAmount: number, operatorId: number): Promise<TQuote> {
  const query = new URLSearchParams({ localAmount: String(localAmount), operatorId: String(operatorId), kind: 'recharge' });
  return apiRequest(`/api/quote?${query}`, (s) => s.ZQuote);
}
