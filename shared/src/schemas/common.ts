import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '../email';
import { usdToCents } from '../money';

/** A whole number sent as a number or as digits in a string (path parameters, legacy clients). */
export const ZIntId = z.union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number')])
  .transform((v) => Number(v))
  .pipe(z.number().int().positive().max(2_147_483_647));

/**
 * US dollars in a response: the spec's calls carry dollars (old clients read them), our own code only
 * ever holds integer cents. The API writes a response with `schema.encode(value)` (cents -> dollars);
 * our clients read it with `schema.parse(body)` (dollars -> cents). Amounts may be negative (debits).
 */
export const ZUsd = z.codec(z.number(), z.number().int(), {
  decode: (dollars) => Math.round(dollars * 100),
  encode: (cents) => cents / 100,
});

/** US dollars as the client sends them (number or text) -> integer cents. */
export const ZUsdCents = z
  .union([z.number(), z.string()])
  .transform((value, ctx) => {
    const cents = usdToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a positive number of dollars with at most 2 decimals' });
      return z.NEVER;
    }
    return cents;
  });

/** An e-mail address (shared/src/email.ts), trimmed, refused with the asking form's own message. */
export const zEmail = (message: string) => z.string({ error: message }).trim().max(MAX_EMAIL_LENGTH, message).regex(EMAIL_PATTERN, message);

export const ZServiceType = z.enum(['airtime', 'data']);
export type TServiceType = z.infer<typeof ZServiceType>;

export const ZErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  /** The spec's clients read a top-level `message`. */
  message: z.string(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
