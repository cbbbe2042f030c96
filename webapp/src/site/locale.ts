import { LOCALE_STORAGE_KEY, negotiateLocale, type Locale } from '../shared';

/** The site's language: the one picked with the header's switch (remembered), else the browser's. */
export function siteLocale(): Locale {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return negotiateLocale({ chosen, accepted: navigator.languages });
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered; the page still switches.
  }
}
