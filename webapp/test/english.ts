import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { CATALOGS } from '../../shared/src/i18n/catalogs';
import { countryNameIn } from '../../shared/src/i18n/format';
import type { Locale } from '../../shared/src/i18n/locale';

/**
 * English left on a page in another language: a catalog text that the language says otherwise, or a
 * line of English written in a screen's code. The language tests walk each screen with it.
 */

export const OTHERS = ['fr', 'es', 'pt'] as const satisfies readonly Locale[];

/** Every plain text of a catalog namespace, by its path. */
function texts(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) for (const [p, t] of texts(v, `${path}.${k}`)) out.set(p, t);
  return out;
}

/** The English texts that `locale` says differently: seeing one of them on a page in `locale` is English left behind. */
function englishFor(locale: Locale): string[] {
  const english = texts({ common: CATALOGS.en.common, web: CATALOGS.en.web });
  const theirs = texts({ common: CATALOGS[locale].common, web: CATALOGS[locale].web });
  // A language's own name is a proper name: the switch lists every language in its own.
  return [...english]
    .filter(([path, text]) => path !== '.common.languageName' && theirs.get(path) !== text && text.trim().length > 1)
    .map(([, text]) => text.trim());
}

/** What the page shows and says: its visible lines, placeholders, accessible labels and titles. */
export const pageTexts = (page: Page) =>
  page.evaluate(() => {
    const lines = document.body.innerText.split('\n');
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(attr);
        if (value) lines.push(value);
      }
    }
    return lines.map((l) => l.trim()).filter(Boolean);
  });

/**
 * Small words only English of the four languages uses. A line with two of them is English written in a
 * screen's code rather than taken from the catalogs (which the catalog check above cannot see).
 */
const ENGLISH_WORDS = new Set('the your you and with please this that to of is are from will not be have was it we our any how'.split(' '));
export const englishWords = (line: string) =>
  new Set(
    line
      .toLowerCase()
      .match(/[a-z]+/g)
      ?.filter((w) => ENGLISH_WORDS.has(w)),
  );

/** English on the page: a line that is an English catalog text or holds a long one, or a line with two English words. */
async function englishLeft(page: Page, locale: Locale): Promise<string[]> {
  const english = englishFor(locale);
  const lines = await pageTexts(page);
  return [
    ...new Set(lines.filter((line) => englishWords(line).size >= 2 || english.some((text) => line === text || (text.length >= 20 && line.includes(text))))),
  ];
}

export async function expectTranslated(page: Page, locale: Locale, where: string) {
  expect(await englishLeft(page, locale), `${where} in ${locale}`).toEqual([]);
}

/** A country's name as the language says it (what the pages show). */
export const countryIn = (locale: Locale, code: string): string => countryNameIn(locale, code, code);
