import { z } from 'zod';
import { ZIntId, ZUsd, ZUsdCents } from './common';

/**
 * A coin's symbol as written. Which coins are taken is the server's registry and configuration
 * (GET /api/coins); the API refuses the others with a 400 that lists them.
 */
export const ZCoinSymbol = z
  .string({ error: 'cryptocurrency is required' })
  .regex(/^[A-Z][A-Z0-9-]{1,19}$/, 'cryptocurrency must be a coin symbol such as USDT (GET /api/coins lists them)');

export const ZCryptoPriceQuery = z.object({
  amount: ZUsdCents,
  crypto: ZCoinSymbol,
});

/** A US amount converted to a coin: what a wallet must send, and the price it was converted at. */
const cryptoAmountFields = {
  /** Decimal text, at most 8 decimals, exactly what a wallet must send. */
  cryptoAmount: z.string(),
  /** The same in base units, as a decimal integer string. */
  cryptoAmountBaseUnits: z.string(),
  decimals: z.number().int(),
  /** USD per whole coin. */
  price: z.number(),
  priceSource: z.string(),
  priceUpdatedAt: z.string(),
};

/** GET /api/crypto/prices (spec section 7): `amount` is the USD converted, as sent. */
export const ZCryptoPriceResponse = z.object({
  success: z.literal(true),
  crypto: ZCoinSymbol,
  amount: ZUsd,
  ...cryptoAmountFields,
});
export type TCryptoPriceResponse = z.infer<typeof ZCryptoPriceResponse>;

/** What an order buys: a recharge (pays the service fee) or a balance top-up (pays none). */
export const ZOrderKind = z.enum(['recharge', 'balance_topup']);
export type TOrderKind = z.infer<typeof ZOrderKind>;

/** A positive amount of a local currency, as typed: decimal text (a dot for decimals), at most 2 decimals. */
const ZLocalAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'localAmount must be a positive amount with at most 2 decimals, e.g. 2500')
  .transform(Number)
  .refine((n) => n > 0, 'localAmount must be more than 0');

/**
 * GET /api/quote: what an order of `amount` USD costs, and its total in `coin` when one is given.
 * With `operatorId`, also what the recipient gets in the operator's currency; a custom amount may be
 * asked in that currency instead (`localAmount`, range operators): the API converts it at the
 * operator's rate and answers the US dollars it will charge.
 */
export const ZQuoteQuery = z
  .object({
    amount: ZUsdCents.optional(),
    localAmount: ZLocalAmount.optional(),
    operatorId: ZIntId.optional(),
    kind: ZOrderKind.default('recharge'),
    coin: ZCoinSymbol.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.amount === undefined) === (q.localAmount === undefined))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'give either amount (US dollars) or localAmount' });
    if (q.localAmount !== undefined && q.operatorId === undefined)
      ctx.addIssue({ code: 'custom', path: ['operatorId'], message: 'is required with localAmount' });
  });
export type TQuoteQuery = z.infer<typeof ZQuoteQuery>;

/**
 * The server's price of an order, the one source every client shows: the amount, the service fee,
 * the total (the names of the order's own fields) and the total in the coin asked for (null without
 * one). Dollars on the wire, cents once parsed.
 */
export const ZQuote = z.object({
  kind: ZOrderKind,
  amount: ZUsd,
  serviceFee: ZUsd,
  totalAmount: ZUsd,
  crypto: z.object({ symbol: ZCoinSymbol, ...cryptoAmountFields }).nullable(),
  /** What the recipient gets for `amount` (asked with `operatorId`; null without one or when the provider gives no rate). */
  local: z.object({ amount: z.number(), currencyCode: z.string() }).nullable(),
});
export type TQuote = z.infer<typeof ZQuote>;

/** GET /api/pricing: the fee shown beside amount choices, the amount limits, and whether orders are paused. */
export const ZPricingSettings = z.object({
  serviceFee: ZUsd,
  minAmount: ZUsd,
  maxAmount: ZUsd,
  /** New orders are refused while on: clients say so instead of offering checkout. */
  maintenanceMode: z.boolean(),
  /**
   * The server's own reason while orders are refused (the message order creation answers with): every
   * flow shows it at its start, as is. Null while orders are taken.
   */
  maintenanceMessage: z.string().nullable(),
});
export type TPricingSettings = z.infer<typeof ZPricingSettings>;

/**
 * GET /api/site-config: what the web site needs to know about this server, read-only and public.
 * `telegramBotId` (the numeric part of the bot token, public like the bot itself) enables "Sign in
 * with Telegram"; `emailDelivery` tells whether sign-in codes are mailed or written to the local mail
 * outbox of the embedded default; `support` holds the contacts the support widget offers.
 */
export const ZSiteConfig = z.object({
  telegramBotId: z.number().int().positive().nullable(),
  /** The mini-app's t.me link: the order page opens the order in Telegram with it (shared/src/links.ts). */
  miniAppLink: z.string().nullable(),
  /** The networks the bot and the mini-app show payments on (TELEGRAM_NETWORKS; null: all): shared/src/links.ts `telegramShows`. */
  telegramNetworks: z.array(z.string()).nullable(),
  emailDelivery: z.enum(['smtp', 'local-outbox']),
  support: z.object({
    email: z.string().nullable(),
    telegram: z.string().nullable(),
    whatsapp: z.string().nullable(),
  }),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;

/** A coin the server takes now: GET /api/coins lists them, each client's coin choice shows them. */
export const ZOfferedCoin = z.object({
  symbol: ZCoinSymbol,
  /** Name in the payment list, e.g. "Tether USDT (ERC-20)". */
  name: z.string(),
  network: z.string(),
  networkLabel: z.string(),
  /** How the coin list names the network, e.g. "Ethereum ERC-20". */
  networkText: z.string(),
  kind: z.enum(['native', 'token']),
  decimals: z.number().int(),
  stable: z.boolean(),
  chainId: z.number().int(),
  tokenContract: z.string().nullable(),
  /** Roughly how long a payment takes to count on this network. */
  timeToCount: z.string(),
});
export type TOfferedCoin = z.infer<typeof ZOfferedCoin>;

/** GET /api/coins: the coins offered, in the registry's order; `defaultCoin` is preselected where offered. */
export const ZCoinsResponse = z.object({
  coins: z.array(ZOfferedCoin),
  defaultCoin: ZCoinSymbol.nullable(),
});
export type TCoinsResponse = z.infer<typeof ZCoinsResponse>;
