import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { AdminAuthService, AdminIdentity } from '../services/admin-auth';
import { errorBody } from './errors';
import { isServiceCall, vouchedTelegramUser } from './identity';

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
 * Requests per client and minute: per address (req.ip, which follows TRUST_PROXY) unless `keyOf` names
 * the client otherwise. `store`: where the counts live (services/rate-limit-store.ts: in memory, shared by
 * the replicas when Redis is configured).
 */
function perAddressRateLimit(opts: {
  perMinute: number;
  message: string;
  store?: Store;
  skip?: (req: Request) => boolean;
  keyOf?: (req: Request) => string | null;
}): RequestHandler {
  const keyOf = opts.keyOf;
  return rateLimit({
    windowMs: 60_000,
    limit: opts.perMinute,
    store: opts.store,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(opts.skip ? { skip: opts.skip } : {}),
    ...(keyOf ? { keyGenerator: (req: Request) => keyOf(req) ?? ipKeyGenerator(req.ip ?? '') } : {}),
    handler: (_req, res) => {
      res.status(429).json(errorBody('RATE_LIMITED', opts.message));
    },
  });
}

/** Order creation per client address: enough for people, not for a script filling the address space. */
export function orderRateLimit(perMinute: number, store?: Store): RequestHandler {
  return perAddressRateLimit({ perMinute, store, message: 'Too many payment requests. Please wait a minute and try again.' });
}

/**
 * Phone checks per client and minute: each may cost a provider call. The bot calls for all its users
 * from one address, so a check it makes for a Telegram user (its service credential vouching for the
 * user it names) counts against that user, not against the address every bot user shares.
 */
export function phoneCheckRateLimit(perMinute: number, opts: { botApiSecret: string; store?: Store }): RequestHandler {
  return perAddressRateLimit({
    perMinute,
    store: opts.store,
    message: 'Too many phone number checks. Please wait a minute and try again.',
    keyOf: (req) => {
      const user = vouchedTelegramUser(req, opts.botApiSecret);
      return user === null ? null : `tg:${user}`;
    },
  });
}

/** Messages to the support inbox per client address: people write a few; a script gets no further. */
export function supportRateLimit(perMinute: number, opts: { botApiSecret: string; store?: Store }): RequestHandler {
  return perAddressRateLimit({
    perMinute,
    store: opts.store,
    message: 'You are sending messages very fast. Please wait a minute and try again.',
    skip: (req) => isServiceCall(req, opts.botApiSecret),
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser made the request from another origin (a sibling subdomain counts: SameSite=Lax
 * cookies travel there). Browsers say so in Sec-Fetch-Site, and in Origin on every POST; a request
 * with neither (curl, a server) is no browser's, and no cookie of a victim rides on it.
 */
function crossOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = req.get('origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true;
  }
}

/**
 * A change made on the strength of the session cookie must come from our own pages: another site (or a
 * sibling subdomain) cannot sign a customer out or act for them. Calls authenticated by a header (the
 * mini-app's init data, the bot, admins) carry nothing a browser adds on its own.
 */
export function refuseCrossOriginCookieWrites(cookieName: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !req.cookies?.[cookieName] || !crossOrigin(req)) return next();
    res.status(403).json(errorBody('FORBIDDEN', 'This request must come from this site.'));
  };
}
