import { z } from 'zod';
import { COIN_SYMBOLS } from '../coins';
import { ZUsdCents } from './common';

export const ZCoinSymbol = z.enum(COIN_SYMBOLS, {
  error: () => `cryptocurrency must be one of ${COIN_SYMBOLS.join(', ')}`,
});

export const ZCryptoPriceQuery = z.object({
  amount: ZUsdCents,
  crypto: ZCoinSymbol,
});

export const ZCryptoPriceResponse = z.object({
  success: z.literal(true),
  crypto: ZCoinSymbol,
  /** USD converted, as sent. */
  amount: z.number(),
  /** Decimal text, at most 8 decimals, exactly what a wallet must send. */
  cryptoAmount: z.string(),
  /** The same in base units, as a decimal integer string. */
  cryptoAmountBaseUnits: z.string(),
  decimals: z.number().int(),
  /** USD per whole coin. */
  price: z.number(),
  priceSource: z.string(),
  priceUpdatedAt: z.string(),
});
export type TCryptoPriceResponse = z.infer<typeof ZCryptoPriceResponse>;

/** GET /api/pricing. */
export const ZPricingSettings = z.object({
  serviceFee: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** New orders are refused while on: clients say so instead of offering checkout. */
  maintenanceMode: z.boolean(),
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
  emailDelivery: z.enum(['smtp', 'local-outbox']),
  support: z.object({
    email: z.string().nullable(),
    telegram: z.string().nullable(),
    whatsapp: z.string().nullable(),
  }),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;
