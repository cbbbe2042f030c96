import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '../email';
import { centsToDollars, dollarsToCents, formatUsd, MAX_USD_CENTS, usdToCents } from '../money';

/** A whole number sent as a number or as digits in a string (path parameters, legacy clients). */
export const ZIntId = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number')])
  .transform((v) => Number(v))
  .pipe(z.number().int().positive().max(2_147_483_647));

/**
 * US dollars in a response: the spec's calls carry dollars (old clients read them), our own code only
 * ever holds integer cents. The API writes a response with `schema.encode(value)` (cents -> dollars);
 * our clients read it with `schema.parse(body)` (dollars -> cents). Amounts may be negative (debits).
 */
export const ZUsd = z.codec(z.number(), z.number().int(), {
  decode: dollarsToCents,
  encode: centsToDollars,
});

/** A moment: ISO 8601 text on the wire, a Date in code (written with `encode`, read with `parse`). */
export const ZDateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** US dollars as the client sends them (number or text) -> integer cents, at most MAX_USD_CENTS. */
export const ZUsdCents = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = usdToCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'Amount must be a positive number of dollars with at most 2 decimals' });
    return z.NEVER;
  }
  if (cents > MAX_USD_CENTS) {
    ctx.addIssue({ code: 'custom', message: `Amount must be at most ${formatUsd(MAX_USD_CENTS)}` });
    return z.NEVER;
  }
  return cents;
});

/** A customer as every surface names them (spec section 3, User: full name, else email, else id). */
export const ZCustomerName = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

/** An e-mail address (shared/src/email.ts), trimmed, refused with the asking form's own message. */
export const zEmail = (message: string) => z.string({ error: message }).trim().max(MAX_EMAIL_LENGTH, message).regex(EMAIL_PATTERN, message);

/**
 * The mini-app's t.me link (MINI_APP_LINK), which opens it on an order with `startapp=order_<paymentId>`:
 * https://t.me/<bot> once the bot's Main Mini App is set up in @BotFather, or a Direct Link Mini App's
 * https://t.me/<bot>/<app> (/newapp). The bot and the API read the same setting.
 */
export const ZMiniAppLink = z.url({ protocol: /^https$/, hostname: /^t\.me$/, error: 'must be https://t.me/<bot> or https://t.me/<bot>/<app>' });

export const ZServiceType = z.enum(['airtime', 'data']);
export type TServiceType = z.infer<typeof ZServiceType>;

export const ZErrorBody = z.object({
  /** `details`: only for the codes of ERRORS_WITH_DETAILS (e.g. the operator a number belongs to). */
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  /** The spec's clients read a top-level `message`. */
  message: z.string(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/**
 * What a form says about a value its request schema refuses: the first issue's message, as the API
 * would answer it (null when the value passes). Forms check before sending with the API's own schema.
 */
export function formProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}
