import type { CommonMessages, WebMessages } from './catalog';
import type { Locale } from './locale';

/** What a web page (the site or the mini-app) shows: the shared part and its own. */
export interface WebCatalog {
  common: CommonMessages;
  web: WebMessages;
}

/**
 * One language's web messages, loaded on demand: each language is its own chunk in the build, so a
 * page carries none of them in its first load, or only English if it imports ./en/web and ./en/common
 * statically. Named imports (not a template path) so that every bundler sees each chunk.
 */
async function both(common: Promise<{ common: CommonMessages }>, web: Promise<{ web: WebMessages }>): Promise<WebCatalog> {
  const [c, w] = await Promise.all([common, web]);
  return { common: c.common, web: w.web };
}

const LOADERS: Record<Locale, () => Promise<WebCatalog>> = {
  en: () => both(import('./en/common'), import('./en/web')),
  fr: () => both(import('./fr/common'), import('./fr/web')),
  es: () => both(import('./es/common'), import('./es/web')),
  pt: () => both(import('./pt/common'), import('./pt/web')),
};

export function loadWebCatalog(locale: Locale): Promise<WebCatalog> {
  return LOADERS[locale]();
}
