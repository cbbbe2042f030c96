/**
 * The response schemas the web app parses with: the contract's own (@topup/shared). Loaded on demand
 * (see client.ts): zod and the schemas are the largest part of the app that the first paint does not need.
 */
import { z } from 'zod';
import { ZCustomerName } from '@topup/shared';

export {
  /** The shared client's reading half: the web app only reads answers with these schemas. */
  readAnswer,
  ZAmountOption,
  ZBalanceOrderCreated,
  ZCoinsResponse,
  ZCountry,
  ZOperator,
  ZOrderView,
  ZPaymentCreated,
  ZPaymentOptionsResponse,
  ZPaymentStatus,
  ZPricingSettings,
  ZPromotion,
  ZQuote,
  ZSiteConfig,
  ZValidatePhoneResponse,
  ZDetectPhoneResponse,
  ZRecipient,
  ZRecipients,
  ZOk,
  ZCancelResponse,
  ZSupportConversation,
  ZOrderStory,
  ZOpenOrder,
  ZOperatorMismatchDetails,
  ZWalletTransaction,
} from '@topup/shared';

/** GET /api/balance (the API answers { success, balance, currency }; shared has no schema for it). */
export const ZBalance = z.object({ balance: z.number(), currency: z.string().optional() });

/** GET /api/auth/user: the signed-in customer (spec section 3, User; the API's auth router answers it). */
export const ZAuthUser = ZCustomerName.extend({
  telegramUserId: z.number().nullable().optional(),
  balance: z.number().optional(),
  createdAt: z.string(),
  joinDate: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** The auth routes' plain answers ({ success, message }). */
export const ZMessage = z.object({ success: z.boolean(), message: z.string().optional() });

/** POST /api/user/profile-picture. */
export const ZProfilePicture = z.object({ profileImageUrl: z.string() });

/** POST /api/balance/claim: credits held on an anonymous order, moved to the signed-in customer. */
export const ZClaim = z.object({ claimed: z.number(), balance: z.number() });
