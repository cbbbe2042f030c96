/** Business constants of the spec (section 9) that more than one package reads. */

/** The product's name, as the site, the mini-app and the bot's legal texts write it. */
export const SITE_NAME = 'CRYPTO TOP-UPS';

export const PAYMENT_WINDOW_MS = 6 * 60 * 1000;
/** Addresses stay watched this long after the payment window (docs/design.md section 5). */
export const WATCH_AFTER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const STATUS_POLL_MS = 5000;
export const DEFAULT_COUNTRY_CODE = 'CM';
export const DEFAULT_OPERATOR_ID = 53;
/** The phone number the five-step wizard sends for a balance top-up (spec section 2). */
export const BALANCE_TOPUP_PHONE = 'balance_topup';
export const BALANCE_TOPUP_COUNTRY_NAME = 'Balance Top-up';
/** The spec's popular countries, in its order. */
export const POPULAR_COUNTRY_CODES = ['US', 'MX', 'IN', 'PH', 'NG', 'BR', 'CO', 'GB'] as const;
export const QUICK_AMOUNTS_USD = [5, 10, 15, 20, 25, 50] as const;
/** The amounts offered at a tap for a balance top-up (site and bot), those within the pricing limits. */
export const BALANCE_TOPUP_AMOUNTS_USD = [10, 20, 50, 100] as const;
/** The four-step flow hides options under this many dollars. */
export const MIN_LISTED_AMOUNT_USD = 5;

/** Catalog freshness (spec: countries 30 min, operators 3 min, amounts 2 min). */
export const CATALOG_FRESH_MS = {
  countries: 30 * 60 * 1000,
  operators: 3 * 60 * 1000,
  amounts: 2 * 60 * 1000,
  promotions: 5 * 60 * 1000,
} as const;

/**
 * What the payment screens say about how to pay: the watcher sees payments to the
 * deposit address, also those a contract makes; tokens sent to the token contract itself are lost.
 */
export const SEND_FROM_WALLET_NOTE = 'Send to this address, from a wallet. Never send to the token contract: tokens sent there cannot be recovered.';

/**
 * Live status streams (`GET /api/orders/{ref}/events`) send a `ping` event this often; a client that
 * hears nothing (no status, no ping) for STREAM_SILENCE_MS treats the stream as dead and polls instead.
 */
export const STREAM_HEARTBEAT_MS = 15_000;
export const STREAM_SILENCE_MS = 2 * STREAM_HEARTBEAT_MS + 5_000;
