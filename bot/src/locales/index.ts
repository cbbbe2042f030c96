import { en, type Messages } from './en';
import { es } from './es';
import { fr } from './fr';
import { pt } from './pt';

/**
 * Languages as typed dictionaries rather than @grammyjs/i18n with Fluent files: the compiler checks
 * that every language has every message with the same parameters, messages can compose (lists,
 * status names), nothing is read from disk at run time, and there is no extra dependency. The few
 * grammatical variations we need are handled inside each language's functions.
 */
export const LOCALES = { en, fr, es, pt } as const satisfies Record<string, Messages>;
export type Locale = keyof typeof LOCALES;
export const LOCALE_CODES = Object.keys(LOCALES) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export type { Messages };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}

/** Telegram's language_code (an IETF tag such as "pt-br" or "es-419") -> one of ours, else null. */
export function localeFromLanguageCode(code: string | undefined): Locale | null {
  if (!code) return null;
  const primary = code.toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

export function messages(locale: Locale): Messages {
  return LOCALES[locale];
}

/** Country names in the user's language, from the runtime's CLDR data. */
const displayNames = new Map<Locale, Intl.DisplayNames>();
export function countryName(locale: Locale, code: string, fallback: string): string {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  try {
    return names.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
