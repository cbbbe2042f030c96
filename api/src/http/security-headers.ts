import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** The mini-app's pages (webapp/telegram.html), the only ones another site (Telegram) may frame. */
const MINI_APP_PATH = /^\/telegram(\/|$)/;

/**
 * The pages' headers (helmet). No page may be framed by another site (clickjacking), the admin console
 * least of all; only the mini-app is, by Telegram's web clients, which X-Frame-Options cannot allow and
 * CSP can.
 */
export function pageHeaders(): RequestHandler {
  const headers = (frameAncestors: string[]) =>
    helmet({
      xFrameOptions: frameAncestors[0] === "'none'" ? { action: 'deny' } : false,
      contentSecurityPolicy: {
        directives: {
          frameAncestors,
          // Operator logos and flags come from the airtime provider's servers.
          imgSrc: ["'self'", 'data:', 'https:'],
          // TON Connect: the wallets' list and each wallet's bridge (an HTTPS event stream on the wallet's own host).
          connectSrc: ["'self'", 'https:'],
        },
      },
    });
  const framedByTelegram = headers(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
  const neverFramed = headers(["'none'"]);
  return (req, res, next) => (MINI_APP_PATH.test(req.path) ? framedByTelegram : neverFramed)(req, res, next);
}

/**
 * The API's answers are data, never a page to render: OWASP's set for a REST API, one fixed list set at
 * once. Helmet's page policy would cost a tenth of a catalog read and protect nothing here.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
const API_HEADER_MAP = new Map(Object.entries(API_HEADERS));

export const apiHeaders: RequestHandler = (_req, res, next) => {
  res.setHeaders(API_HEADER_MAP);
  next();
};
