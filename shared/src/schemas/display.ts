import { z } from 'zod';
import { CREDIT_REASONS, DISPLAY_STATES, DISPLAY_SUBS, type TOrderDisplay } from '../order-display';
import { ZUsd } from './common';
import { ZDepositMemo, ZWalletLinks } from './coins';
import { ZCoinSymbol } from './pricing';

/**
 * An order's display state (shared/src/order-display.ts says what each state means and gives its
 * label): in the order list, the status calls and the order story. Credits in dollars on the wire,
 * cents once parsed; crypto amounts as display text in the order's coin.
 */
export const ZOrderDisplay = z.object({
  state: z.enum(DISPLAY_STATES),
  sub: z.enum(DISPLAY_SUBS).nullable(),
  coin: ZCoinSymbol.nullable(),
  due: z.string().nullable(),
  received: z.string().nullable(),
  remaining: z.string().nullable(),
  deadline: z.string().nullable(),
  confirmations: z.object({ n: z.number().int(), m: z.number().int() }).nullable(),
  credit: z
    .object({
      amount: ZUsd,
      place: z.enum(['on_balance', 'held']),
      reasons: z.array(z.enum(CREDIT_REASONS)),
      /** How a held credit is claimed: facts, never the address or the account (anyone with the order's link reads this). */
      hasEmail: z.boolean(),
      hasTelegram: z.boolean(),
    })
    .nullable(),
  flags: z.object({ wrongCoin: z.boolean(), overpaid: z.boolean() }),
  // Parsed, it is the zod-free TOrderDisplay every client's helpers take.
}) satisfies z.ZodType<TOrderDisplay>;

/**
 * What to send now, and where: the whole amount while nothing arrived, the rest after a partial
 * payment. `paymentUri` (EIP-681, the QR code) and `walletLinks` carry exactly `amountBaseUnits`.
 */
export const ZPayable = z.object({
  coin: ZCoinSymbol,
  network: z.string(),
  networkLabel: z.string(),
  address: z.string(),
  /** The comment the payment must carry where `address` is shared by many orders (TON); absent or null: none. */
  memo: ZDepositMemo,
  /** Display text, at most 8 decimals as the spec shows amounts (rounded up, never short). */
  amount: z.string(),
  amountBaseUnits: z.string(),
  paymentUri: z.string(),
  walletLinks: ZWalletLinks,
  /** Until when it is taken: the window's end, or after a partial payment the watch's end. */
  deadline: z.string(),
});
export type TPayable = z.infer<typeof ZPayable>;
