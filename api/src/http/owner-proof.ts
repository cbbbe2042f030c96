import type { Request } from 'express';
import type { OwnerProof } from '../services/orders';

/** The API reads at most this many order tokens from one request. */
const MAX_TOKENS = 100;

/** Order tokens the client holds, from `X-Order-Token` (comma-separated). */
export function orderTokens(req: Request): string[] {
  return (req.get('x-order-token') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, MAX_TOKENS);
}

/** Who the caller is and the order tokens it holds: the header's and one in the body (a beacon sends no header). */
export function ownerProof(req: Request, bodyToken?: string): OwnerProof {
  return { customerId: req.customer?.id, telegramUserId: req.telegramUserId, orderTokens: bodyToken ? [...orderTokens(req), bodyToken] : orderTokens(req) };
}
