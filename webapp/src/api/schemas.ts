/**
 * The response schemas the web app parses with: the contract's own (@topup/shared). Loaded on demand
 * (see client.ts): zod and the schemas are the largest part of the app that the first paint does not need.
 */
import { z } from 'zod';

export {
  ZAmountOption,
  ZCountry,
  ZCryptoPriceResponse,
  ZOperator,
  ZOrderView,
  ZPaymentCreated,
  ZPaymentStatus,
  ZPricingSettings,
  ZValidatePhoneResponse,
  ZCancelResponse,
} from '@topup/shared';

/** GET /api/balance (the API answers { success, balance, currency }; shared has no schema for it). */
export const ZBalance = z.object({ balance: z.number(), currency: z.string().optional() });
