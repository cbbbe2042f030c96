import type { Request, RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { AdminAuthService, AdminIdentity } from '../services/admin-auth';
import { errorBody } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminIdentity;
  }
}

/** The spec's `x-admin-token` header, or its bearer form (balance calls). */
export function adminToken(req: Request): string | undefined {
  const header = req.get('x-admin-token');
  if (header) return header;
  const auth = req.get('authorization');
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
}

export function requireAdmin(auth: AdminAuthService): RequestHandler {
  return async (req, res, next) => {
    const token = adminToken(req);
    const admin = token ? await auth.authenticate(token) : null;
    if (!admin) {
      res.status(401).json(errorBody('UNAUTHORIZED', 'Admin sign-in required. Please log in again.'));
      return;
    }
    req.admin = admin;
    next();
  };
}

/**
 * Order creation per client address: enough for people, not for a script filling the address space.
 * `store`: where the counts live (PostgreSQL in the app, so that every replica counts against one limit).
 */
export function orderRateLimit(perMinute: number, store?: Store): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    store,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json(errorBody('RATE_LIMITED', 'Too many payment requests. Please wait a minute and try again.'));
    },
  });
}
