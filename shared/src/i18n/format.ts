import { centsToDollars, formatCryptoAmount, formatUsd } from '../money';
import type { Locale } from './locale';

/**
 * Numbers, money and dates per language, with Intl. English keeps the spec's formats exactly (US
 * dollars en-US with 2 decimals, its date-time format); the others follow their own conventions
 * (12,50 $US; 29 juin 2025, 14:05). Formatters are built once per language and option set.
 */

/** The Intl locale each language formats with: Brazilian Portuguese for the customers this service has. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', es: 'es', pt: 'pt-BR' };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

const NBSP = '\u00a0';
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(INTL_LOCALE[locale], options)));
  return f;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${locale}:${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], options)));
  return f;
}

/** US dollars from integer cents: "$1,234.50" (en, the spec's), "1 234,50 $US" (fr), "US$ 1.234,50" (pt). */
export function formatUsdIn(locale: Locale, cents: number): string {
  if (locale === 'en') return formatUsd(cents);
  return numberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(centsToDollars(cents));
}

/** US dollars without their cents when they are round ("$20", "20 $US", "US$ 20"; "$12.50"): quick amounts, fees and limits. */
export function formatShortUsdIn(locale: Locale, cents: number): string {
  return formatUsdIn(locale, cents).replace(/[.,]00(?=\D*$)/, '');
}

/** A plain number in the language's digits and grouping ("2,500.5", "2 500,5"). */
export function formatNumberIn(locale: Locale, value: number, maximumFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/**
 * What the recipient gets, in their currency: the amount with the language's grouping and the
 * currency's own decimals (none for XAF, trimmed when whole), then its ISO code: "2,500 XAF",
 * "2 500 XAF", "1.500,50 NGN". The code rather than a symbol: "$" alone would be ambiguous beside
 * the dollar price. A code Intl does not know gets two decimals at most.
 */
export function formatLocalAmount(locale: Locale, amount: number, currencyCode: string): string {
  let digits: Intl.NumberFormat;
  try {
    const { maximumFractionDigits = 2 } = numberFormat(locale, { style: 'currency', currency: currencyCode }).resolvedOptions();
    digits = numberFormat(locale, { minimumFractionDigits: Number.isInteger(amount) ? 0 : maximumFractionDigits, maximumFractionDigits });
  } catch {
    digits = numberFormat(locale, { maximumFractionDigits: 2 });
  }
  return `${digits.format(amount)}${NBSP}${currencyCode}`;
}

/** The spec's date-time format (short month, numeric day and year, 2-digit hour and minute) in the language. */
export function formatDateTimeIn(locale: Locale, value: Date | string, timeZone?: string): string {
  return dateFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/** A day, its month in words ("June 29, 2025", "29 juin 2025"): a date that has no time worth showing, such as a join date. */
export function formatDateIn(locale: Locale, value: Date | string): string {
  return dateFormat(locale, { month: 'long', day: 'numeric', year: 'numeric' }).format(typeof value === 'string' ? new Date(value) : value);
}

/** A time of day, 2-digit hour and minute ("02:05 PM", "14:05"). */
export function formatTimeIn(locale: Locale, value: Date | string, timeZone?: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A crypto amount to read (not to copy into a wallet: that is formatCryptoAmount's plain text): the
 * spec's rule (at most 8 decimals, rounded up, trailing zeros trimmed, never through a float) with the
 * language's decimal separator and grouping: "1,234.5" (en), "1 234,5" (fr).
 */
export function formatCryptoIn(locale: Locale, units: bigint, decimals: number): string {
  const text = formatCryptoAmount(units, decimals);
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = numberFormat(locale, { maximumFractionDigits: 0 }).format(BigInt(whole));
  const separator =
    numberFormat(locale, {})
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.';
  return `${negative ? '-' : ''}${grouped}${fraction ? separator + fraction : ''}`;
}

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in the language, from the runtime's CLDR data; `fallback` when it has none. */
export function countryNameIn(locale: Locale, code: string, fallback: string): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region' })));
  try {
    return names.of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** "A, B and C" in the language. */
export function formatListIn(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(INTL_LOCALE[locale], { style: 'long', type: 'conjunction' }).format(items);
}
