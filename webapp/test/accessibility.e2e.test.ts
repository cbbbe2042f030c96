import { createRequire } from 'node:module';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { openInTelegram, PHONE_390 } from './pages';
import type { Stack } from './stack';
import { DARK_THEME, LIGHT_THEME } from './telegram';

/**
 * axe-core's audit of the main pages, in the light and the dark theme: the site's home, every step of
 * /recharge and its payment overlay, /app, /orders, /sign-in, and the mini-app inside the mocked Telegram
 * client. Every rule axe runs by default (WCAG 2 A and AA, and its best practices) must pass.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
});

afterAll(() => closeBrowserStack({ stack, browser }));

/** axe's violations on the page as it is now: rule, impact and the first elements it names. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the pages' Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

async function sitePage(theme: 'light' | 'dark', path: string) {
  const context = await browser.newContext({ viewport: PHONE_390 });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  return { context, page };
}

describe.each(['light', 'dark'] as const)('axe-core, %s theme', (theme) => {
  it.each([
    ['/', 'Recharge any phone'],
    ['/app', null],
    ['/orders', null],
    ['/sign-in', null],
  ])('%s has no violations', async (path, heading) => {
    const { context, page } = await sitePage(theme, path);
    try {
      await page.locator('h1').first().waitFor();
      if (heading) await page.getByRole('heading', { name: new RegExp(heading) }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/recharge has none at any step, nor on the payment overlay', async () => {
    const { context, page } = await sitePage(theme, '/recharge');
    try {
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
      expect(await violations(page), 'country').toEqual([]);
      await page.getByPlaceholder('Search country...').fill('Camer');
      await page
        .getByRole('list', { name: 'Countries' })
        .getByRole('button', { name: /Cameroon/ })
        .click();
      await page.getByRole('heading', { name: 'Select Operator in Cameroon' }).waitFor();
      expect(await violations(page), 'operator').toEqual([]);
      await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();
      await page.getByRole('heading', { name: 'Enter Details for MTN Cameroon' }).waitFor();
      expect(await violations(page), 'details').toEqual([]);
      await page.getByLabel('Phone number').fill('671234567');
      await page.locator('.wz-tiles-amounts .wz-tile').filter({ hasText: '$10.00' }).click();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await page.getByRole('radiogroup', { name: 'Cryptocurrency' }).getByRole('radio').first().waitFor();
      expect(await violations(page), 'payment').toEqual([]);
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();
      const overlay = page.getByRole('dialog', { name: 'Processing Payment' });
      await overlay.getByAltText('Payment QR code').waitFor();
      expect(await violations(page), 'overlay').toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/telegram, the mini-app, has none, nor its privacy policy', async () => {
    const { context, page } = await openInTelegram(browser, stack.url, theme === 'dark' ? DARK_THEME : LIGHT_THEME);
    try {
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);
      // Its privacy policy (Telegram's Settings button, or the entry at the foot).
      await page.getByRole('button', { name: 'Privacy Policy' }).click();
      await page.getByRole('heading', { name: '1. Who we are' }).waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
