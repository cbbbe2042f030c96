import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CATALOGS } from '../../shared/src/i18n/catalogs';
import { countryNameIn } from '../../shared/src/i18n/format';
import type { Locale } from '../../shared/src/i18n/locale';
import { ensureBuilt } from './build';
import { expectMainButton, openInTelegram, PHONE_390, pressMainButton } from './pages';
import { startStack, type Stack } from './stack';
import { signedInitData, TEST_USER } from './telegram';

/**
 * The four languages on the site and in the mini-app, and number first: each surface is switched to
 * each language and its screens are walked, looking for English left on screen (a catalog text that
 * says something else in that language); the site's switch is remembered across a reload; a full
 * international number goes straight to the amount step with its operator chosen; a recent recipient
 * is repeated in two taps (again, then pay), renamed and removed; each language is walked up to the
 * payment screens (a payment is created and cancelled: no chain needed for that).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OTHERS = ['fr', 'es', 'pt'] as const satisfies readonly Locale[];
const NUMBER = '+237 6 77 12 34 56';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  ensureBuilt();
  // Catalog, detection and pages only: no chain needed.
  stack = await startStack({}, { chain: false });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

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
const pageTexts = (page: Page) =>
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

/** English catalog texts on the page: a line that is one, or that holds a long one. */
async function englishLeft(page: Page, locale: Locale): Promise<string[]> {
  const english = englishFor(locale);
  const lines = await pageTexts(page);
  return [...new Set(lines.filter((line) => english.some((text) => line === text || (text.length >= 20 && line.includes(text)))))];
}

async function expectTranslated(page: Page, locale: Locale, where: string) {
  expect(await englishLeft(page, locale), `${where} in ${locale}`).toEqual([]);
}

/** A paste into the number field: the page sees the paste, then the text. */
async function pasteNumber(page: Page, number: string) {
  const field = page.locator('#wz-number-first');
  await field.dispatchEvent('paste');
  await field.fill(number);
}

describe('four languages and number first', () => {
  it('the site: switched, remembered, no English left on /, the menu, the /recharge and /app steps; a number goes to the amount step', async () => {
    const context = await browser.newContext({ viewport: PHONE_390, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(String(err)));
    try {
      await page.goto(`${stack.url}/`);
      await page.getByRole('heading', { name: CATALOGS.en.web.home.title }).waitFor();
      // The check itself: English is English (the English catalog's texts are on screen).
      expect((await pageTexts(page)).some((l) => l === CATALOGS.en.web.home.howLead)).toBe(true);

      for (const locale of OTHERS) {
        const t = CATALOGS[locale];
        await page.goto(`${stack.url}/`);
        await page.getByTestId('language-switch').selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await page.getByRole('heading', { name: t.web.home.title }).waitFor();
        await expectTranslated(page, locale, '/');
        // Remembered: a reload keeps the language the switch chose over the browser's English.
        await page.reload();
        await page.getByRole('heading', { name: t.web.home.title }).waitFor();
        expect(await page.getByTestId('language-switch').inputValue()).toBe(locale);

        await page.locator('.menu-btn').click();
        await page.getByTestId('mobile-menu').waitFor();
        await expectTranslated(page, locale, 'the mobile menu');
        await page.keyboard.press('Escape');

        // /recharge: number first, then the manual path.
        await page.goto(`${stack.url}/recharge`);
        await page.getByRole('heading', { name: t.web.selectCountry }).waitFor();
        await page.locator('.wz-tiles-popular .wz-tile').first().waitFor();
        await expectTranslated(page, locale, '/recharge step 1');
        // Typed: the detection is shown for confirmation.
        await page.locator('#wz-number-first').fill(NUMBER);
        await expect
          .poll(() => page.getByTestId('number-detected').textContent(), { timeout: 10_000 })
          .toBe(t.common.numberFirst.detected({ country: countryIn(locale, 'CM'), operator: 'MTN Cameroon' }));
        await expectTranslated(page, locale, '/recharge number detected');
        await page.getByRole('button', { name: t.common.numberFirst.confirm, exact: true }).click();
        await page.getByRole('heading', { name: t.web.enterDetailsFor({ operator: 'MTN Cameroon' }) }).waitFor();
        expect(await page.getByLabel(t.web.phoneNumber).inputValue()).toBe('677123456');
        await page.locator('.wz-tiles-amounts .wz-tile').first().waitFor();
        // Local money first, in the language's format, the dollars beside.
        expect(await page.locator('.wz-tiles-amounts .wz-tile .wz-tile-title').first().innerText()).toMatch(/XAF$/);
        await expectTranslated(page, locale, '/recharge details');

        // The manual path: a badge back to the country, searched by its name in the language.
        await page.getByRole('button', { name: t.web.stepBadgeChange({ n: 1, label: t.web.steps.country }) }).click();
        await page.getByPlaceholder(t.web.searchCountry).fill(countryIn(locale, 'CM').slice(0, 5));
        await page
          .getByRole('list', { name: t.web.countriesList })
          .getByRole('button', { name: new RegExp(countryIn(locale, 'CM')) })
          .click();
        await page.getByRole('button', { name: 'Orange Cameroon' }).waitFor();
        await expectTranslated(page, locale, '/recharge step 2');
        await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();
        await page.getByLabel(t.web.phoneNumber).waitFor();
        await page.getByRole('button', { name: t.web.continueToPayment }).click();
        await page.getByText(t.common.phoneErrors.required).waitFor();
        await expectTranslated(page, locale, '/recharge phone error');

        // /app (no header: the language remembered), its first step, then a pasted number.
        await page.goto(`${stack.url}/app`);
        await page.getByRole('heading', { name: t.web.compact.titles.where }).waitFor();
        await expectTranslated(page, locale, '/app step 1');
        await page.locator('#compact-phone').dispatchEvent('paste');
        await page.locator('#compact-phone').fill(NUMBER);
        await page.getByRole('heading', { name: t.web.compact.titles.amount }).waitFor();
        await page.locator('.quick-amount').first().waitFor();
        await expectTranslated(page, locale, '/app step 3');
      }

      // English again, and a pasted number goes straight to the amount step with MTN Cameroon chosen.
      // (A new tab: /recharge keeps a tab's progress.)
      await page.goto(`${stack.url}/`);
      await page.getByTestId('language-switch').selectOption('en');
      const fresh = await context.newPage();
      await fresh.goto(`${stack.url}/recharge`);
      await fresh.getByRole('heading', { name: 'Select Country' }).waitFor();
      await pasteNumber(fresh, NUMBER);
      await fresh.getByRole('heading', { name: 'Enter Details for MTN Cameroon' }).waitFor();
      expect(await fresh.getByLabel('Phone number').inputValue()).toBe('677123456');
      await fresh.locator('.wz-tiles-amounts .wz-tile').first().waitFor();
      // The spec's steps stay: the badges say where we are.
      await fresh.getByRole('button', { name: 'Step 2: Operator (change)' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the mini-app: Telegram’s language_code, no English left on its steps, main button, coin and payment screens; a pasted number goes to the amount step', async () => {
    for (const locale of OTHERS) {
      const t = CATALOGS[locale];
      const { context, page } = await openInTelegram(browser, stack.url, undefined, signedInitData({ user: { ...TEST_USER, language_code: locale } }));
      try {
        await page.getByText(t.web.tma.welcome({ name: TEST_USER.first_name })).waitFor();
        await page.locator('.wz-tiles-popular .wz-tile').first().waitFor();
        await expectMainButton(page, t.web.tma.selectOperator, false);
        await expectTranslated(page, locale, 'the mini-app step 1');

        await page.getByPlaceholder(t.web.searchCountry).fill(countryIn(locale, 'CM').slice(0, 5));
        await page
          .getByRole('list', { name: t.web.countriesList })
          .getByRole('button', { name: new RegExp(countryIn(locale, 'CM')) })
          .click();
        await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).waitFor();
        await expectMainButton(page, t.web.tma.chooseAmount, false);
        await expectTranslated(page, locale, 'the mini-app step 2');
        await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();

        await page.getByRole('heading', { name: t.web.selectAmountHeading }).waitFor();
        await page.locator('.wz-tiles-amounts .wz-tile').first().waitFor();
        await expectTranslated(page, locale, 'the mini-app step 3');
        await page.locator('.wz-tiles-amounts .wz-tile').first().click();
        await page.getByLabel(t.web.phoneNumber).waitFor();
        await expectMainButton(page, t.web.tma.payWithCrypto, true);
        await expectTranslated(page, locale, 'the mini-app step 4');

        // Number first: back to step 1 by its badge, then a pasted number.
        await page.getByRole('button', { name: t.web.stepBadgeChange({ n: 1, label: t.web.steps.country }) }).click();
        await pasteNumber(page, NUMBER);
        await page.getByRole('heading', { name: t.web.selectAmountHeading }).waitFor();
        await page.getByText('MTN Cameroon', { exact: true }).waitFor();
        await expectMainButton(page, t.web.tma.enterPhone, false);
        await page.locator('.wz-tiles-amounts .wz-tile').first().click();
        expect(await page.getByLabel(t.web.phoneNumber).inputValue()).toBe('677123456');

        // Paying: the coin screen, then the payment screen (created, then cancelled).
        await pressMainButton(page);
        await expectMainButton(page, t.web.createPayment({ symbol: 'USDT' }), true);
        await expectTranslated(page, locale, 'the mini-app coin screen');
        await pressMainButton(page);
        await page.getByRole('heading', { name: t.web.completePayment }).waitFor();
        await page.getByRole('timer').waitFor();
        await expectTranslated(page, locale, 'the mini-app payment screen');
        await page.getByRole('button', { name: t.web.pay.cancel, exact: true }).click();
        await page.getByRole('heading', { name: t.web.completePayment }).waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    }
  });

  it('paying in each language: /recharge to its payment overlay and /app to its payment screen, no English left', async () => {
    for (const locale of OTHERS) {
      const t = CATALOGS[locale];
      const context = await browser.newContext({ viewport: PHONE_390, locale: 'en-US' });
      const page = await context.newPage();
      try {
        await page.goto(`${stack.url}/`);
        await page.getByTestId('language-switch').selectOption(locale);
        await page.getByRole('heading', { name: t.web.home.title }).waitFor();

        // /recharge: number first, an amount, the pay step, then the overlay.
        await page.goto(`${stack.url}/recharge`);
        await page.getByRole('heading', { name: t.web.selectCountry }).waitFor();
        await pasteNumber(page, NUMBER);
        await page.locator('.wz-tiles-amounts .wz-tile').first().click();
        await page.getByRole('button', { name: t.web.continueToPayment }).click();
        const create = page.getByRole('button', { name: t.web.createPayment({ symbol: 'USDT' }) });
        await create.waitFor();
        await expectTranslated(page, locale, '/recharge pay step');
        await create.click();
        const overlay = page.getByRole('dialog', { name: t.web.pay.processingTitle });
        await overlay.getByTestId('pay-address').waitFor();
        await overlay.getByRole('timer').waitFor();
        await expectTranslated(page, locale, '/recharge payment overlay');
        await overlay.getByRole('button', { name: t.web.pay.cancelUpper, exact: true }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        // /app: a pasted number, an amount, the coin, the review, then the payment screen.
        await page.goto(`${stack.url}/app`);
        await page.getByRole('heading', { name: t.web.compact.titles.where }).waitFor();
        await page.locator('#compact-phone').dispatchEvent('paste');
        await page.locator('#compact-phone').fill(NUMBER);
        await page.getByRole('heading', { name: t.web.compact.titles.amount }).waitFor();
        await page.locator('.quick-amount').first().click();
        await page.getByRole('button', { name: t.web.compact.continue, exact: true }).click();
        await page.getByRole('heading', { name: t.web.compact.titles.coin }).waitFor();
        await page.getByRole('radiogroup', { name: new RegExp(`^${t.common.labels.network}`) }).waitFor();
        await expectTranslated(page, locale, '/app step 4');
        await page.getByRole('button', { name: t.web.compact.continue, exact: true }).click();
        await page.getByRole('heading', { name: t.web.compact.titles.review }).waitFor();
        await expectTranslated(page, locale, '/app step 5');
        await page.getByRole('button', { name: t.web.compact.proceedToPayment }).click();
        await page.getByRole('heading', { name: t.web.completePayment }).waitFor();
        await page.getByTestId('pay-address').waitFor();
        await page.getByRole('timer').waitFor();
        await expectTranslated(page, locale, '/app payment screen');
        await page.getByRole('button', { name: t.web.pay.cancel, exact: true }).click();
        await page.getByRole('heading', { name: t.web.completePayment }).waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    }
  });

  it('/app: a pasted number goes straight to the amount step with MTN Cameroon chosen', async () => {
    const context = await browser.newContext({ viewport: PHONE_390 });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/app`);
      const field = page.locator('#compact-phone');
      await field.dispatchEvent('paste');
      await field.fill(NUMBER);
      await page.getByRole('heading', { name: 'Select Amount' }).waitFor();
      await page.getByText('Step 3 of 6').waitFor();
      // Back: the operator step shows the detected operator chosen, and the national number.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('heading', { name: 'Choose Operator' }).waitFor();
      await expect.poll(() => page.getByText('677123456').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('repeat in one tap: the site (/recharge and /app, this browser) and the mini-app (the account) offer the last recipient; again, then pay; rename and remove', async () => {
    // The site, anonymous: a first order keeps its recipient in the browser.
    const context = await browser.newContext({ viewport: PHONE_390 });
    try {
      const first = await context.newPage();
      await first.goto(`${stack.url}/recharge`);
      await first.getByRole('heading', { name: 'Select Country' }).waitFor();
      await pasteNumber(first, NUMBER);
      await first.locator('.wz-tiles-amounts .wz-tile').filter({ hasText: '$10.00' }).click();
      await first.getByRole('button', { name: 'Continue to Payment' }).click();
      await first.getByRole('button', { name: /^Create .* Payment$/ }).click();
      await first.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
      // Cancelled, so that /recharge opens on its first step again (an unfinished payment would come back).
      await first.getByRole('button', { name: 'CANCEL' }).click();
      await first.getByRole('dialog').waitFor({ state: 'detached' });
      await first.close();

      const page = await context.newPage();
      await page.goto(`${stack.url}/recharge`);
      const again = page.getByRole('button', { name: /^Again: \+237677123456 .*\$10\.00/ });
      await again.waitFor();
      await page.getByRole('button', { name: 'Rename +237677123456' }).click();
      await page.getByPlaceholder('Name, e.g. Mum').fill('Mum');
      await page.getByRole('button', { name: 'Rename', exact: true }).click();
      // Tap 1: again; tap 2: pay.
      await page.getByRole('button', { name: /^Again: Mum / }).click();
      await page.getByRole('button', { name: /^Create .* Payment$/ }).click();
      await page.getByRole('dialog', { name: 'Processing Payment' }).getByTestId('pay-address').waitFor();
      await page.getByRole('button', { name: 'CANCEL' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      const third = await context.newPage();
      await third.goto(`${stack.url}/recharge`);
      await third.getByRole('button', { name: 'Remove Mum' }).click();
      await expect.poll(() => third.getByTestId('recent-recipient').count()).toBe(0);
      expect(await third.evaluate(() => localStorage.getItem('recentRecipients'))).toBe('[]');
    } finally {
      await context.close();
    }

    // /app, anonymous: local money first on its quick amounts; a first order keeps its recipient in the
    // browser; then again (tap 1: the review, the last coin chosen), then 'Proceed to Payment' (tap 2).
    const app = await browser.newContext({ viewport: PHONE_390 });
    try {
      const first = await app.newPage();
      await first.goto(`${stack.url}/app`);
      await first.locator('#compact-phone').dispatchEvent('paste');
      await first.locator('#compact-phone').fill(NUMBER);
      const tile = first.locator('.quick-amount').filter({ hasText: '$10' });
      await tile.locator('.wz-tile-title').waitFor();
      // Local money first, the dollars beside it, then the fee.
      expect(await tile.locator('.wz-tile-title').innerText()).toMatch(/^[\d,]+\sXAF$/);
      expect(await tile.locator('.wz-amount-usd').innerText()).toBe('$10');
      await tile.click();
      await first.getByRole('button', { name: 'Continue', exact: true }).click();
      await first.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await first.getByRole('button', { name: 'Continue', exact: true }).click();
      await first.getByRole('button', { name: 'Proceed to Payment' }).click();
      await first.getByTestId('pay-address').waitFor();
      await first.getByRole('button', { name: 'Cancel', exact: true }).click();
      await first.getByRole('heading', { name: 'Complete Payment' }).waitFor({ state: 'detached' });
      await first.close();

      const page = await app.newPage();
      await page.goto(`${stack.url}/app`);
      // The recipient with what they got, local money first.
      const again = page.getByRole('button', { name: /^Again: \+237677123456 [\d,]+\sXAF · \$10\.00$/ });
      await again.click();
      await page.getByRole('heading', { name: 'Review Order' }).waitFor();
      expect(await page.getByRole('definition').allInnerTexts()).toEqual([
        '+237 677123456',
        'MTN Cameroon',
        '$10.00',
        '$1.00',
        '$11.00',
        'Tether USDT (ERC-20)',
      ]);
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
      await page.getByTestId('pay-address').waitFor();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByRole('heading', { name: 'Complete Payment' }).waitFor({ state: 'detached' });
    } finally {
      await app.close();
    }

    // The mini-app in Telegram: the account's recipients (from its orders).
    const user = { ...TEST_USER, id: 515151, first_name: 'Bea' };
    const open = () => openInTelegram(browser, stack.url, undefined, signedInitData({ user }));
    const one = await open();
    try {
      await pasteNumber(one.page, NUMBER);
      await one.page.locator('.wz-tiles-amounts .wz-tile').filter({ hasText: '$10.00' }).click();
      await expectMainButton(one.page, 'Pay with Crypto', true);
      await pressMainButton(one.page);
      await expectMainButton(one.page, 'Create USDT Payment', true);
      await pressMainButton(one.page);
      await one.page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
      // Cancelled: an unfinished payment would come back when the mini-app opens again.
      await one.page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await one.page.getByRole('heading', { name: 'Complete Payment' }).waitFor({ state: 'detached' });
    } finally {
      await one.context.close();
    }
    const two = await open();
    try {
      const again = two.page.getByRole('button', { name: /^Again: \+237677123456 / });
      await again.waitFor();
      await two.page.getByRole('button', { name: 'Rename +237677123456' }).click();
      await two.page.getByPlaceholder('Name, e.g. Mum').fill('Mum');
      await two.page.getByRole('button', { name: 'Rename', exact: true }).click();
      // Tap 1: again (on to the coin); tap 2: the main button pays.
      await two.page.getByRole('button', { name: /^Again: Mum / }).click();
      await expectMainButton(two.page, 'Create USDT Payment', true);
      await pressMainButton(two.page);
      await two.page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
      await two.page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await two.page.getByRole('heading', { name: 'Complete Payment' }).waitFor({ state: 'detached' });
    } finally {
      await two.context.close();
    }
    const three = await open();
    try {
      await three.page.getByRole('button', { name: 'Remove Mum' }).click();
      await expect.poll(() => three.page.getByTestId('recent-recipient').count()).toBe(0);
    } finally {
      await three.context.close();
    }
  });
});

/** A country's name as the language says it (what the pages show). */
const countryIn = (locale: Locale, code: string): string => countryNameIn(locale, code, code);
