import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { DEFAULT_COIN } from '../coins';
import { ZIntId, ZServiceType, ZUsdCents, zEmail } from './common';
import { ZCoinSymbol } from './pricing';
import { ZDepositMemo, ZWalletLinks } from './coins';
import { ZOrderDisplay, ZPayable } from './display';

/** An optional e-mail: empty text counts as absent (spec: "email optional; if given must be valid"). */
const ZOptionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  zEmail('Please enter a valid email address.').optional(),
);

/**
 * The customer's language for what the order writes to them (receipts): a language tag such as "fr"
 * or "pt-BR". Optional; without one the server takes Telegram's language or Accept-Language.
 */
const ZOrderLocale = z.string().trim().max(35).optional();

const ZPhone = z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(32);

/**
 * The customer keeps the operator chosen although the number's prefix says another (a number that
 * moved to another operator): without it, such an order is refused with OPERATOR_MISMATCH (422).
 */
const ZOperatorConfirmed = z.boolean().optional();

/**
 * POST /api/crypto-payment. One schema for the spec's two payloads (section 7): the five-step flow
 * (amount, phoneNumber, operatorId, countryId, cryptoCurrency, cryptoAmount, walletAddress, email)
 * and the Telegram flow (countryId, operatorId, amount, phoneNumber, customerEmail).
 * `cryptoAmount` and `walletAddress` are accepted and ignored: the server quotes and assigns.
 */
export const ZCryptoPaymentRequest = z.object({
  amount: ZUsdCents,
  phoneNumber: ZPhone,
  operatorId: ZIntId.optional(),
  countryId: z
    .union([
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .transform((s) => s.toUpperCase()),
      ZIntId,
    ])
    .optional(),
  cryptoCurrency: ZCoinSymbol.default(DEFAULT_COIN),
  /** `balance`: pay from the signed-in customer's balance instead of on chain. */
  paymentMethod: z.enum(['crypto', 'balance']).default('crypto'),
  serviceType: ZServiceType.optional(),
  cryptoAmount: z.unknown().optional(),
  walletAddress: z.unknown().optional(),
  email: ZOptionalEmail,
  customerEmail: ZOptionalEmail,
  locale: ZOrderLocale,
  operatorConfirmed: ZOperatorConfirmed,
});
export type TCryptoPaymentRequest = z.infer<typeof ZCryptoPaymentRequest>;

/** POST /api/create-payment: the compact flow's payload. The country follows from the operator. */
export const ZCreatePaymentRequest = z.object({
  phoneNumber: ZPhone,
  operatorId: ZIntId,
  amount: ZUsdCents,
  currency: ZCoinSymbol.default(DEFAULT_COIN),
  email: ZOptionalEmail,
  locale: ZOrderLocale,
  operatorConfirmed: ZOperatorConfirmed,
});
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequest>;

export const ZOrderStatus = z.enum(ORDER_STATUSES);

/** What a client needs to pay: the spec's fields plus what a wallet needs. */
export const ZPaymentCreated = z.object({
  success: z.literal(true),
  paymentId: z.string(),
  orderId: z.number().int(),
  /** Secret that proves ownership of an anonymous order; send it back in `X-Order-Token`. */
  orderToken: z.string(),
  status: ZOrderStatus,
  walletAddress: z.string(),
  /** The comment the payment must carry where `walletAddress` is shared by many orders (TON); absent or null: none. */
  memo: ZDepositMemo,
  cryptoAmount: z.string(),
  cryptoAmountBaseUnits: z.string(),
  cryptocurrency: ZCoinSymbol,
  network: z.string(),
  networkLabel: z.string(),
  chainId: z.number().int(),
  tokenContract: z.string().nullable(),
  decimals: z.number().int(),
  /** EIP-681 payment link for the QR code. */
  paymentUri: z.string(),
  /** The same payment as links that open a wallet ("Open in wallet"), `paymentUri` among them. */
  walletLinks: ZWalletLinks,
  amount: z.number(),
  serviceFee: z.number(),
  totalAmount: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TPaymentCreated = z.infer<typeof ZPaymentCreated>;

/** An order paid from the customer's balance: no chain payment, it goes straight to delivery. */
export const ZBalanceOrderCreated = z.object({
  success: z.literal(true),
  paymentMethod: z.literal('balance'),
  paymentId: z.string(),
  orderId: z.number().int(),
  orderToken: z.string(),
  status: ZOrderStatus,
  amount: z.number(),
  serviceFee: z.number(),
  totalAmount: z.number(),
  /** What is left on the balance, in USD. */
  balance: z.number(),
  createdAt: z.string(),
});
export type TBalanceOrderCreated = z.infer<typeof ZBalanceOrderCreated>;

/**
 * GET /api/payment-status/{orderId} (for the order's owner only: order numbers are sequential) and
 * /api/orders/{paymentId}/status. No personal data. The crypto fields are null for an order paid from a balance.
 */
export const ZPaymentStatus = z.object({
  success: z.literal(true),
  orderId: z.number().int(),
  paymentId: z.string(),
  status: ZOrderStatus,
  paymentMethod: z.enum(['crypto', 'balance', 'admin']),
  /** The airtime provider's transaction id, once the top-up is sent. */
  providerTransactionId: z.string().nullable(),
  /** The same, under the spec's name, for old clients only. */
  reloadlyTransactionId: z.string().nullable(),
  cryptocurrency: ZCoinSymbol.nullable(),
  walletAddress: z.string().nullable(),
  /** The comment the payment must carry where `walletAddress` is shared by many orders (TON); absent or null: none. */
  memo: ZDepositMemo,
  network: z.string().nullable(),
  chainId: z.number().int().nullable(),
  tokenContract: z.string().nullable(),
  cryptoAmount: z.string().nullable(),
  cryptoAmountBaseUnits: z.string().nullable(),
  /** The EIP-681 payment link of the amount due, and the wallets' links (as at creation). */
  paymentUri: z.string().nullable(),
  walletLinks: ZWalletLinks.nullable(),
  receivedAmount: z.string().nullable(),
  remainingAmount: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  expiresAt: z.string(),
  updatedAt: z.string(),
  /** What the customer should be told (shared/src/order-display.ts): status, payments and ledger together. */
  display: ZOrderDisplay,
  /**
   * What a payment screen asks for now: the whole amount, or after a partial payment only the rest,
   * with its own QR payload and wallet links; null when nothing is to be sent.
   */
  toPay: ZPayable.nullable(),
});
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** Order as listed to its owner (spec section 3: Order). */
export const ZOrderView = z.object({
  id: z.number().int(),
  paymentId: z.string(),
  transactionId: z.string().nullable(),
  status: ZOrderStatus,
  kind: z.enum(['recharge', 'balance_topup']),
  paymentMethod: z.enum(['crypto', 'balance', 'admin']),
  createdAt: z.string(),
  phoneNumber: z.string().nullable(),
  amount: z.number(),
  serviceFee: z.number(),
  totalAmount: z.number(),
  cryptocurrency: ZCoinSymbol.nullable(),
  cryptoAmount: z.string().nullable(),
  walletAddress: z.string().nullable(),
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.string(),
  /** What the customer should be told (shared/src/order-display.ts). */
  display: ZOrderDisplay,
});
export type TOrderView = z.infer<typeof ZOrderView>;

export const ZOrderIdParam = z.object({ orderId: ZIntId });
export const ZPaymentIdParam = z.object({
  paymentId: z
    .string()
    .trim()
    .regex(/^pay_[A-Za-z0-9]{16,40}$/, 'unknown payment id'),
});
export const ZIdParam = z.object({ id: ZIntId });
/** An order named by its id or by its payment id. */
export const ZOrderRefParam = z.object({ ref: z.union([ZIntId, ZPaymentIdParam.shape.paymentId]) });

const ZPaymentId = ZPaymentIdParam.shape.paymentId;

/**
 * The order token as proof of ownership, in the body: a beacon (text/plain) can send no header. The
 * payment id names the order but proves nothing (the status calls show it to anyone).
 */
const ZOrderTokenField = z.string().trim().max(200).optional();

/**
 * POST /api/release-wallet (Back) and /api/auto-cancel-order (the page hidden or unloaded): the customer
 * leaves the payment screen. Leaving is not cancelling: the order stays payable (docs/design.md section 9).
 */
export const ZReleaseRequest = z.object({
  paymentId: ZPaymentId,
  cryptocurrency: z.string().optional(),
  orderToken: ZOrderTokenField,
});

/** POST /api/cancel-transaction (spec: orderId, paymentId, amount, cryptocurrency, transactionType): the explicit Cancel. */
export const ZCancelTransactionRequest = z.object({
  paymentId: ZPaymentId,
  orderId: ZIntId.optional(),
  amount: z.unknown().optional(),
  cryptocurrency: z.string().optional(),
  transactionType: z.string().optional(),
  orderToken: ZOrderTokenField,
});

/** The answer of the leaving calls and of Cancel: the order's status after the call, and what it means. */
export const ZCancelResponse = z.object({
  success: z.literal(true),
  orderId: z.number().int(),
  status: ZOrderStatus,
  message: z.string(),
});
export type TCancelResponse = z.infer<typeof ZCancelResponse>;
