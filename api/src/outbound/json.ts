import { parse } from 'lossless-json';
import { z } from 'zod';

/**
 * Answers from other services (the airtime provider, price sources) are parsed keeping every number
 * exactly as written, as its decimal text: `JSON.parse` turns a 20-digit PIN or id into the nearest
 * float (12345678901234567891 -> 12345678901234567000). Each schema then says what a field is.
 */
export function parseJsonExact(text: string): unknown {
  return parse(text, null, (value) => value);
}

/** A JSON number kept as its text. */
export const ZNumberText = z.string().regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'must be a number');
/** A whole number kept as its text (ids, codes): never rounded. */
export const ZIntegerText = z.string().regex(/^\d+$/, 'must be a whole number');
/** A number only shown to people (a local amount): a float is precise enough there. */
export const ZDisplayNumber = ZNumberText.transform(Number);
/** Text or a number, kept as text (a PIN code or serial may come as either). */
export const ZText = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/**
 * A decimal text (a price, an amount) scaled to an integer with `decimals` places, digits beyond them
 * dropped; null for anything that is not a plain positive decimal.
 */
export function scaledDecimal(text: string, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0');
}
