import { z } from 'zod';
import { ZUsd } from './common';
import { ZCoinSymbol } from './pricing';

/**
 * Recent recipients ("repeat in one tap"): the numbers a signed-in customer or a Telegram user topped
 * up, from their orders, newest first, each with what a repeat needs (operator, country, last amount
 * and coin) and the name they gave it. `id` is the number's digits (E.164 without the +).
 */
export const ZRecipient = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  /** The customer's name for the number ("Mum"); null until they give one. */
  name: z.string().nullable(),
  countryCode: z.string().nullable(),
  countryId: z.number().int().nullable(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  /** The last order's amount (US dollars on the wire, cents once parsed) and coin. */
  lastAmount: ZUsd,
  lastCoin: ZCoinSymbol.nullable(),
  /** What the recipient got then, in their currency. */
  lastLocalAmount: z.number().nullable(),
  localCurrency: z.string().nullable(),
  lastOrderAt: z.string(),
});
export type TRecipient = z.infer<typeof ZRecipient>;

export const ZRecipients = z.object({ recipients: z.array(ZRecipient) });
export type TRecipients = z.infer<typeof ZRecipients>;

export const ZRecipientParam = z.object({ id: z.string().regex(/^\d{6,15}$/, 'must be the number’s digits with its country code, e.g. 237677123456') });

/** PATCH /api/recipients/{id}: a name of up to 40 characters; empty or null takes the name away. */
export const ZRenameRecipient = z.object({
  name: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(40, 'name must be at most 40 characters').nullable()),
});
