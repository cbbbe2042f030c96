import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { KEEP_SCREENS, saveScreen, type BrowserStack } from './browser-stack';

/**
 * How the web site's end-to-end files (site-*.e2e.test.ts) look at its pages: the screen sizes, the
 * support settings their server runs with, a page opened in a fresh context, the saved screens and the
 * accessibility audit.
 */

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
export const SUPPORT = { SUPPORT_EMAIL: 'help@topup.test', SUPPORT_TELEGRAM: '@topup_support', SUPPORT_WHATSAPP: '+237 600 000 000' };

/**
 * `open` (a page at `path` in a new context, its errors collected into the file's `pageErrors`) and `api`
 * (a JSON call to the file's server). `current` gives the file's stack and browser, started in its beforeAll.
 */
export function sitePages(current: () => BrowserStack, pageErrors: string[]) {
  async function open(path = '/', viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
    const { stack, browser } = current();
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${path}: ${err.message}`));
    await page.goto(`${stack.url}${path}`);
    return { context, page };
  }

  const api = async <T>(pathname: string, init?: RequestInit): Promise<T> => (await (await fetch(`${current().stack.url}${pathname}`, init)).json()) as T;

  return { open, api };
}

/** The same screen at phone and desktop sizes. */
export async function shots(page: Page, name: string, fullPage = false) {
  if (!KEEP_SCREENS) return;
  const size = page.viewportSize() ?? PHONE;
  // A whole-page picture from the top (a sticky header would otherwise be drawn where the page was scrolled to).
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(120);
    await saveScreen(page, `site-${name}-${label}`, fullPage);
  }
  await page.setViewportSize(size);
}

/** Fields without an accessible name, and whether the page is wider than the screen. */
export async function auditPage(page: Page): Promise<{ unlabelled: string[]; overflow: boolean }> {
  return page.evaluate(() => {
    const unlabelled = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
      .filter((el) => el.type !== 'hidden')
      .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
      .map((el) => el.outerHTML.slice(0, 80));
    return { unlabelled, overflow: document.documentElement.scrollWidth > window.innerWidth };
  });
}

export async function expectAccessible(page: Page) {
  expect(await auditPage(page)).toEqual({ unlabelled: [], overflow: false });
}

/** The toast on screen (one at a time). */
export const toast = (page: Page) => page.locator('.toast');
