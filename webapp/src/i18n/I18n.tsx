import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  countryNameIn,
  formatDateTimeIn,
  formatLocalAmount,
  formatNumberIn,
  formatShortUsdIn,
  formatTimeIn,
  formatUsdIn,
  loadWebCatalog,
  type Locale,
  type WebCatalog,
} from '../shared';

/** The page's language: its messages (one language's catalog, loaded on demand) and its formatters. */
export interface I18n extends WebCatalog {
  locale: Locale;
  setLocale(locale: Locale): void;
  usd(cents: number): string;
  /** Dollars without their cents when round ('$20', '20 $US'). */
  shortUsd(cents: number): string;
  number(value: number, maximumFractionDigits?: number): string;
  local(amount: number, currencyCode: string): string;
  dateTime(value: Date | string): string;
  time(value: Date | string): string;
  /** A country's name in this language (Intl.DisplayNames), else the catalog's. */
  countryName(country: { code: string; name: string }): string;
}

const I18nContext = createContext<I18n | null>(null);

// A language loaded once stays loaded: switching back is instant.
const loaded = new Map<Locale, WebCatalog>();

async function catalogOf(locale: Locale): Promise<WebCatalog> {
  const known = loaded.get(locale);
  if (known) return known;
  const catalog = await loadWebCatalog(locale);
  loaded.set(locale, catalog);
  return catalog;
}

/**
 * Gives the page its language. Each language is its own chunk (so the first load carries none of them);
 * until the first arrives the page shows `fallback`; a switch keeps the old texts on screen until the
 * new ones are there. `onChange` remembers a choice the person made (the site's switch).
 */
export function I18nProvider(props: { initial: Locale; onChange?: (locale: Locale) => void; fallback?: ReactNode; children: ReactNode }) {
  const [locale, setLocaleState] = useState(props.initial);
  const [catalog, setCatalog] = useState<{ locale: Locale; messages: WebCatalog } | null>(() => {
    const known = loaded.get(props.initial);
    return known ? { locale: props.initial, messages: known } : null;
  });

  useEffect(() => {
    let live = true;
    catalogOf(locale).then(
      (messages) => live && setCatalog({ locale, messages }),
      // A language chunk that cannot be fetched (offline, a newer deploy): stay on what is shown.
      (error: unknown) => console.error('language failed to load', locale, error),
    );
    return () => {
      live = false;
    };
  }, [locale]);

  useEffect(() => {
    if (catalog) document.documentElement.lang = catalog.locale;
  }, [catalog]);

  const { onChange } = props;
  const setLocale = useCallback(
    (next: Locale) => {
      setLocaleState(next);
      onChange?.(next);
    },
    [onChange],
  );

  const value = useMemo<I18n | null>(() => {
    if (!catalog) return null;
    const shown = catalog.locale;
    return {
      ...catalog.messages,
      locale: shown,
      setLocale,
      usd: (cents) => formatUsdIn(shown, cents),
      shortUsd: (cents) => formatShortUsdIn(shown, cents),
      number: (value, digits) => formatNumberIn(shown, value, digits),
      local: (amount, currencyCode) => formatLocalAmount(shown, amount, currencyCode),
      dateTime: (value) => formatDateTimeIn(shown, value),
      time: (value) => formatTimeIn(shown, value),
      countryName: (country) => countryNameIn(shown, country.code, country.name),
    };
  }, [catalog, setLocale]);

  if (!value) return <>{props.fallback ?? null}</>;
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

/** The page's language; only inside an I18nProvider. */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
