import type { Catalog } from './catalog';
import { catalog as en } from './en';
import { catalog as es } from './es';
import { catalog as fr } from './fr';
import { catalog as pt } from './pt';
import type { Locale } from './locale';

/** Every language's catalog, for the server and the bot (a web page loads one language with ./load.ts). */
export const CATALOGS: Record<Locale, Catalog> = { en, fr, es, pt };

export function catalogFor(locale: Locale): Catalog {
  return CATALOGS[locale];
}
