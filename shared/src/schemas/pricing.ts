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
