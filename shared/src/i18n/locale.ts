/**
 * The languages every surface speaks, and how one is chosen: a choice the person made (the bot's
 * /language, the site's switch, remembered) first, then what their client says (Telegram's
 * language_code, the browser's navigator.languages or an Accept-Language header), else English.
 */

export const LOCALE_CODES = ['en', 'fr', 'es', 'pt'] as const;
export type Locale = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for a language switch that does not load every catalog. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', es: 'Español', pt: 'Português' };

/** Where the web site remembers the language picked with its switch (localStorage). */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/** One language tag ("pt-BR", "es-419", "fr_CA", "EN") -> one of ours by its primary subtag, else null. */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/** An Accept-Language header -> its tags, most preferred first (q=0 dropped; ties keep their order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/** What is known about a person's language, strongest first. */
export interface LocaleHints {
  /** A language the person picked (the bot's /language, the site's switch, an order's `locale` field). */
  chosen?: string | null;
  /** Telegram's `language_code` of the user (bot updates, mini-app init data). */
  telegram?: string | null;
  /** The browser's preferences: navigator.languages, or an Accept-Language header as sent. */
  accepted?: readonly string[] | string | null;
}

/** The language to speak: the first hint that names one of ours, in the order of LocaleHints; else English. */
export function negotiateLocale(hints: LocaleHints): Locale {
  const accepted = typeof hints.accepted === 'string' ? parseAcceptLanguage(hints.accepted) : (hints.accepted ?? []);
  for (const tag of [hints.chosen, hints.telegram, ...accepted]) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
