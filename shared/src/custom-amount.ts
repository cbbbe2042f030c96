import { usdToCents } from './money';
import type { TOperator } from './schemas/catalog';

/**
 * A range operator's custom amount, said and checked the same on every surface (/recharge and the
 * mini-app's amount step, /app, the bot): its limits in the currency the customer types in, the
 * words of those limits for the hint and the refusal, and the typed text read against them. The
 * limits are the API's (TOperator.custom: the operator's range within the admin's minimum and
 * maximum, converted by the server), so no client converts money and none shows the provider's range.
 */

/** The limits in US cents, or in the operator's currency (what the recipient gets). */
export type TCustomLimits = { kind: 'usd'; min: number; max: number } | { kind: 'local'; code: string; min: number; max: number };
export type TLocalLimits = Extract<TCustomLimits, { kind: 'local' }>;

type CustomOf = Pick<TOperator, 'custom' | 'localCurrencyCode'>;

/** The operator's currency when a custom amount can be typed in it (the operator has a rate), else null. */
export function customLocalLimits(operator: CustomOf | null): TLocalLimits | null {
  const c = operator?.custom;
  if (!c || !operator.localCurrencyCode || c.localMin === null || c.localMax === null || c.localMin > c.localMax) return null;
  return { kind: 'local', code: operator.localCurrencyCode, min: c.localMin, max: c.localMax };
}

/** The limits in the currency typed: the operator's own when chosen and offered, else US dollars; null without a custom amount. */
export function customAmountLimits(operator: CustomOf | null, inLocal: boolean): TCustomLimits | null {
  const c = operator?.custom;
  if (!c) return null;
  return (inLocal ? customLocalLimits(operator) : null) ?? { kind: 'usd', min: c.min, max: c.max };
}

/** The surface's money formats: dollars (from cents) and a local amount, in its language. */
export interface TCustomFormats {
  usd(cents: number): string;
  local(amount: number, code: string): string;
}

/** The limits in words, in their currency: the hint's and the refusal's `{ min, max }`. */
export function customAmountRange(limits: TCustomLimits, f: TCustomFormats): { min: string; max: string } {
  return limits.kind === 'usd'
    ? { min: f.usd(limits.min), max: f.usd(limits.max) }
    : { min: f.local(limits.min, limits.code), max: f.local(limits.max, limits.code) };
}

/**
 * The typed text as an amount within the limits (US cents, or the local amount), else null. A
 * decimal comma reads as a point; blank text, other characters or more than two decimals are refused.
 */
export function customAmountValue(text: string, limits: TCustomLimits): number | null {
  const typed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(typed)) return null;
  const value = limits.kind === 'usd' ? usdToCents(typed) : Number(typed);
  return value !== null && Number.isFinite(value) && value >= limits.min && value <= limits.max ? value : null;
}
