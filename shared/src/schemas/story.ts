import { z } from 'zod';
import { CREDIT_REASONS, TIMELINE_KINDS } from '../order-display';
import { ZUsd } from './common';
import { ZOrderDisplay, ZPayable } from './display';
import { ZOrderStatus, ZPaymentCreated, ZPaymentStatus } from './orders';
import { ZCoinSymbol, ZOrderKind } from './pricing';

/**
 * GET /api/orders/{ref}/story: the one place that explains an order. Labels and
 * sentences for every kind and state are in shared/src/order-display.ts. Dollars on the wire, cents
 * once parsed; crypto amounts as display text and exact base units; moments as ISO 8601 text.
 */

/**
 * The voucher of a PIN top-up: the operator credits nothing by itself, the customer enters or dials the
 * code. Only the order's owner (and admins) ever see it: it is worth the order's value.
 */
export const ZPin = z.object({
  code: z.string(),
  serial: z.string().nullable(),
  /** How long the code can be redeemed, as the operator words it ("90 days"). */
  validity: z.string().nullable(),
  /** How to redeem it, one line each, as the operator words them. */
  instructions: z.array(z.string()),
  /** The number to call to redeem it, when the operator has one. */
  dial: z.string().nullable(),
});
export type TPin = z.infer<typeof ZPin>;

/** A crypto amount twice: as shown (at most 8 decimals) and exact. */
const ZCryptoAmount = z.object({ amount: z.string(), baseUnits: z.string() });

/** A transfer to the order's address, as the chain watcher recorded it. */
export const ZStoryPayment = z.object({
  coin: ZCoinSymbol,
  network: z.string(),
  networkLabel: z.string(),
  amount: z.string(),
  amountBaseUnits: z.string(),
  /** False: another coin than the order's (credited to the balance, the order unaffected). */
  orderCoin: z.boolean(),
  txHash: z.string(),
  /** The transaction on the network's block explorer; null where there is none (a devnet). */
  explorerUrl: z.string().nullable(),
  confirmations: z.object({ n: z.number().int(), m: z.number().int() }),
  /** seen: waiting for confirmations; confirmed: counted; removed: dropped by a chain reorganisation. */
  status: z.enum(['seen', 'confirmed', 'removed']),
  /** What a confirmed payment did: paid the order, or was credited to a balance; null until settled. */
  use: z.enum(['order', 'credited']).nullable(),
  seenAt: z.string(),
});
export type TStoryPayment = z.infer<typeof ZStoryPayment>;

/**
 * A credit the order produced and where it is: in the timeline, where it went when credited; in `value`,
 * where it is now (a held one claimed since is on the balance).
 */
export const ZStoryCredit = z.object({
  reason: z.enum(CREDIT_REASONS),
  amount: ZUsd,
  place: z.enum(['on_balance', 'held']),
  at: z.string(),
});
export type TStoryCredit = z.infer<typeof ZStoryCredit>;

/** One thing that happened to the order. Only the fields of its kind are set. */
export const ZTimelineItem = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** The spec's status the order entered, for the kinds that are a status change. */
  status: ZOrderStatus.nullable(),
  /** payment_seen, payment_removed. */
  payment: ZStoryPayment.nullable(),
  /** credited. */
  credit: ZStoryCredit.nullable(),
  /** claimed, resent: the amount moved. */
  amount: ZUsd.nullable(),
  /** underpaid: what had arrived of what was due. */
  received: ZCryptoAmount.nullable(),
  /** submitted, completed, failed: the airtime provider's transaction id, once there is one. */
  transactionId: z.string().nullable(),
  /** resent: the order that sent the top-up again. */
  relatedOrderId: z.number().int().nullable(),
});
export type TTimelineItem = z.infer<typeof ZTimelineItem>;

/** A recharge (or balance top-up) like this one, for "start a new recharge with the same number". */
const ZRechargeAgain = z.object({
  kind: ZOrderKind,
  phoneNumber: z.string().nullable(),
  countryId: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  amount: ZUsd,
});

/** Exactly one next action per order (NEXT_ACTION_LABELS names its button). */
export const ZNextAction = z.discriminatedUnion('action', [
  /** Nothing arrived yet: the whole amount, its QR payload and wallet links, until the window ends. */
  z.object({ action: z.literal('pay'), pay: ZPayable }),
  /** Part arrived: only the rest, with its own QR payload and wallet links, until the watch ends. */
  z.object({ action: z.literal('pay_rest'), pay: ZPayable }),
  /**
   * Read in Telegram (the bot, the mini-app), an order to pay in a coin Telegram's rules keep out of it
   * (TELEGRAM_NETWORKS, docs/ton.md): paid where it was made, so no address, QR or wallet link here.
   */
  z.object({ action: z.literal('pay_outside_telegram'), coin: ZCoinSymbol, networkLabel: z.string() }),
  /** Confirming, paid or being delivered: nothing to do; the page updates itself. */
  z.object({ action: z.literal('wait') }),
  /** The value is on the customer's balance. */
  z.object({ action: z.literal('open_balance'), amount: ZUsd }),
  /** The value is held until whoever signs in with this e-mail address (or Telegram account) claims it. */
  z.object({ action: z.literal('sign_in'), amount: ZUsd, email: z.string().nullable(), telegram: z.boolean() }),
  /** Done, or nothing arrived: the same recharge again. */
  z.object({ action: z.literal('new_recharge'), recharge: ZRechargeAgain }),
  /** Something takes longer than it should: support, with the order named (`support.reference`). */
  z.object({ action: z.literal('contact_support') }),
]);
export type TNextAction = z.infer<typeof ZNextAction>;

export const ZOrderStory = z.object({
  success: z.literal(true),
  /** What was asked. */
  order: z.object({
    orderId: z.number().int(),
    paymentId: z.string(),
    kind: ZOrderKind,
    /** The spec's status, as the status calls give it. */
    status: ZOrderStatus,
    paymentMethod: z.enum(['crypto', 'balance', 'admin']),
    phoneNumber: z.string().nullable(),
    countryId: z.number().int().nullable(),
    countryCode: z.string().nullable(),
    operatorId: z.number().int().nullable(),
    operatorName: z.string().nullable(),
    amount: ZUsd,
    serviceFee: ZUsd,
    totalAmount: ZUsd,
    localAmount: z.string().nullable(),
    localCurrency: z.string().nullable(),
    coin: ZCoinSymbol.nullable(),
    network: z.string().nullable(),
    networkLabel: z.string().nullable(),
    walletAddress: z.string().nullable(),
    email: z.string().nullable(),
    createdAt: z.string(),
    /** The payment window's end. */
    expiresAt: z.string(),
    /** Until when the address takes payments (24 h after the window); null without one. */
    watchUntil: z.string().nullable(),
    providerTransactionId: z.string().nullable(),
    /** A delivered PIN top-up's voucher; null for every other order. */
    pin: ZPin.nullable(),
  }),
  display: ZOrderDisplay,
  /** What arrived against what was due, in the order's coin (live payments; removed ones do not count); null without a coin. */
  amounts: z
    .object({
      coin: ZCoinSymbol,
      decimals: z.number().int(),
      due: ZCryptoAmount,
      received: ZCryptoAmount,
      remaining: ZCryptoAmount,
    })
    .nullable(),
  payments: z.array(ZStoryPayment),
  /** Oldest first. */
  timeline: z.array(ZTimelineItem),
  /** Where any value went. */
  value: z.object({
    credits: z.array(ZStoryCredit),
    /** All credits together. */
    creditedAmount: ZUsd,
    /** Still held on the order: claimable by signing in with its e-mail address or Telegram account. */
    heldAmount: ZUsd,
    /** On the customer's balance (credited there, or claimed). */
    onBalanceAmount: ZUsd,
    /** Taken back to send the top-up again (support re-sent a failed top-up). */
    resentAmount: ZUsd,
  }),
  next: ZNextAction,
  /** How to name the order to support (the live chat, an e-mail): "Order #12 (pay_…)". */
  support: z.object({ orderId: z.number().int(), paymentId: z.string(), reference: z.string() }),
});
export type TOrderStory = z.infer<typeof ZOrderStory>;

/**
 * GET /api/orders/open: the caller's newest unfinished order (waiting for payment, partly paid or
 * confirming), to bring its payment screen back after a reload; null when there is none. `payment` is
 * the creation answer (order token included: the caller proved ownership), `status` the live status
 * with what to send now (`toPay`).
 */
export const ZOpenOrder = z.object({
  success: z.literal(true),
  payment: ZPaymentCreated.nullable(),
  status: ZPaymentStatus.nullable(),
});
export type TOpenOrder = z.infer<typeof ZOpenOrder>;

/** The `details` of an OPERATOR_MISMATCH error: the operator the number belongs to, to offer the switch. */
export const ZOperatorMismatchDetails = z.object({
  detectedOperatorId: z.number().int(),
  detectedOperatorName: z.string(),
  chosenOperatorId: z.number().int(),
  chosenOperatorName: z.string(),
});
export type TOperatorMismatchDetails = z.infer<typeof ZOperatorMismatchDetails>;
