/**
 * Reloadly's catalog answers -> the port's operators and promotions. Amounts are in the account's
 * currency (we assume US dollars, see `requireUsd`) as decimal numbers, read from their exact text;
 * local amounts are in the operator's currency. Schemas list only the fields we read.
 */
import { z } from 'zod';
import { centsToDollars } from '@topup/shared';
import { ZDisplayNumber, ZIntegerText, ZNumberText } from '../../outbound/json';
import { ProviderError, type ProviderCountry, type ProviderOperator, type ProviderPromotion } from '../provider';
import { UNREADABLE } from './client';

export const ZCountry = z.object({
  isoName: z.string(),
  name: z.string(),
  currencyCode: z.string().nullish(),
  flag: z.string().nullish(),
  callingCodes: z.array(z.string()).nullish(),
});

export const ZOperator = z.object({
  operatorId: ZIntegerText,
  name: z.string(),
  bundle: z.boolean().nullish(),
  data: z.boolean().nullish(),
  denominationType: z.enum(['FIXED', 'RANGE']),
  senderCurrencyCode: z.string(),
  destinationCurrencyCode: z.string().nullish(),
  destinationCurrencySymbol: z.string().nullish(),
  minAmount: ZNumberText.nullish(),
  maxAmount: ZNumberText.nullish(),
  country: z.object({ isoName: z.string() }),
  fx: z.object({ rate: ZDisplayNumber }).nullish(),
  logoUrls: z.array(z.string()).nullish(),
  fixedAmounts: z.array(ZNumberText).nullish(),
  // The API sends a map keyed by amount ("5.00": "2GB, 7 days"); the OpenAPI file says array (always empty
  // in its examples), so an array is accepted and ignored.
  fixedAmountsDescriptions: z.union([z.record(z.string(), z.string().nullable()), z.array(z.unknown())]).nullish(),
  localFixedAmounts: z.array(ZDisplayNumber).nullish(),
  suggestedAmounts: z.array(ZNumberText).nullish(),
  suggestedAmountsMap: z.record(z.string(), ZNumberText).nullish(),
});
type RawOperator = z.infer<typeof ZOperator>;

export const ZPromotion = z.object({
  promotionId: ZDisplayNumber,
  operatorId: ZIntegerText,
  title: z.string(),
  title2: z.string().nullish(),
  description: z.string().nullish(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
});

export const ZFxRate = z.object({ fxRate: ZDisplayNumber, currencyCode: z.string() });
export const ZBalance = z.object({ balance: ZNumberText, currencyCode: z.string() });

export function toCountry(c: z.infer<typeof ZCountry>): ProviderCountry {
  return {
    code: c.isoName,
    name: c.name,
    currencyCode: c.currencyCode ?? null,
    callingCodes: (c.callingCodes ?? []).map((code) => (code.startsWith('+') ? code : `+${code}`)),
    flagUrl: c.flag ?? null,
  };
}

export function toOperator(o: RawOperator): ProviderOperator {
  requireUsd(o.senderCurrencyCode, `Reloadly operator ${o.operatorId}`);
  const base = {
    operatorId: o.operatorId,
    name: o.name,
    countryCode: o.country.isoName,
    serviceType: o.data || o.bundle ? ('data' as const) : ('airtime' as const),
    localCurrencyCode: o.destinationCurrencyCode ?? null,
    localCurrencySymbol: o.destinationCurrencySymbol ?? null,
    logoUrls: o.logoUrls ?? [],
  };
  if (o.denominationType === 'FIXED') {
    const cents = (o.fixedAmounts ?? []).map((amount) => amountToCents(amount, 'nearest')).sort((a, b) => a - b);
    const local = [...(o.localFixedAmounts ?? [])].sort((a, b) => a - b);
    const descriptions = Array.isArray(o.fixedAmountsDescriptions) ? {} : (o.fixedAmountsDescriptions ?? {});
    const described = new Map(Object.entries(descriptions).map(([key, text]) => [amountToCents(key, 'nearest'), text]));
    return {
      ...base,
      denominationType: 'FIXED',
      fixedAmountsCents: cents,
      // Both lists are ascending sets of the same denominations when Reloadly gives local amounts at all;
      // bundles usually have none, and then nothing is shown rather than a guess.
      localFixedAmounts: local.length === cents.length ? local : [],
      fixedAmountDescriptions: cents.map((c) => described.get(c) ?? null),
      minAmountCents: cents[0] ?? 0,
      maxAmountCents: cents[cents.length - 1] ?? 0,
      suggestedAmountsCents: [],
      fxRate: null,
    };
  }
  if (o.minAmount == null || o.maxAmount == null) {
    throw new ProviderError(`Reloadly operator ${o.operatorId} is RANGE without limits`, UNREADABLE, 200);
  }
  const suggested = o.suggestedAmounts?.length ? o.suggestedAmounts : Object.keys(o.suggestedAmountsMap ?? {});
  return {
    ...base,
    denominationType: 'RANGE',
    fixedAmountsCents: [],
    localFixedAmounts: [],
    fixedAmountDescriptions: [],
    // Inward: every amount we offer must lie within Reloadly's limits.
    minAmountCents: amountToCents(o.minAmount, 'up'),
    maxAmountCents: amountToCents(o.maxAmount, 'down'),
    suggestedAmountsCents: [...new Set(suggested.map((amount) => amountToCents(amount, 'nearest')))].sort((a, b) => a - b),
    fxRate: o.fx?.rate ?? null,
  };
}

export function toPromotion(p: z.infer<typeof ZPromotion>): ProviderPromotion {
  return {
    id: p.promotionId,
    operatorId: p.operatorId,
    // `title2` is the headline ("Bonus 3X"); `title` repeats operator and dates, which have fields of their own.
    title: p.title2 || p.title,
    description: p.description ?? '',
    // As Reloadly sends them: the formats vary from one promotion to the next.
    startDate: p.startDate ?? null,
    endDate: p.endDate ?? null,
  };
}

/**
 * The account is assumed to hold US dollars, so Reloadly's sender amounts are dollars. An account in
 * another currency is refused rather than converted: we have no rate Reloadly would honour, and a wrong
 * guess would charge customers one amount and send another.
 */
export function requireUsd(currencyCode: string, what: string): void {
  if (currencyCode !== 'USD') {
    throw new ProviderError(`${what} is in ${currencyCode}; only a USD account is supported`, 'UNSUPPORTED_SENDER_CURRENCY', 200);
  }
}

/** A Reloadly dollar amount, from its exact decimal text, -> integer cents (never `x * 100`). */
export function amountToCents(amount: string, rounding: 'nearest' | 'up' | 'down'): number {
  // The exponent form ("7.1436E1") is rare; its float, printed with 10 places, shows the decimal meant.
  const text = /[eE]/.test(amount) ? Number(amount).toFixed(10) : amount;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new ProviderError(`Reloadly sent an invalid amount: ${amount}`, UNREADABLE, 200);
  const [, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = fraction.slice(2);
  if (rounding === 'up') return /[1-9]/.test(rest) ? cents + 1 : cents;
  if (rounding === 'down') return cents;
  return Number(rest[0] ?? '0') >= 5 ? cents + 1 : cents;
}

/** Cents -> the decimal amount Reloadly takes; JSON prints it with at most two decimals. */
export function centsToAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`amountCents must be a positive integer, got ${cents}`);
  return centsToDollars(cents);
}
