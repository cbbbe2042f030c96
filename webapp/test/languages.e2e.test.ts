import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CATALOGS } from '../../shared/src/i18n/catalogs';
import { intlLocale } from '../../shared/src/i18n/format';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { countryIn, englishWords, expectTranslated, OTHERS, pageTexts } from './english';
import { codeFromOutbox, expectMainButton, heldOrder, NUMBER, openInTelegram, pasteNumber, PHONE_390, pressMainButton } from './pages';
import type { Stack } from './stack';
import { signedInitData, TEST_USER } from './telegram';

/**
 * The four languages on the site and in the mini-app: each surface is switched to each language and its
 * screens are walked (./english.ts looks for English left on screen), up to the payment screens (a
 * payment is created and cancelled: no chain needed for that) and the account screens; the site's switch
 * is remembered across a reload; a full international number goes straight to the amount step.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // Catalog, detection and pages only: no chain needed.
  ({ stack, browser } = await startBrowserStack({}, { chain: false }));
});

afterAll(() => closeBrowserStack({ stack, browser }));

describe('four languages', () => {
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
      expect((await pageTexts(page)).some((l) => englishWords(l).size >= 2)).toBe(true);

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
        expect(await page.title()).toContain(t.web.rechargeNow);
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
        expect(await page.title()).toContain(t.web.compact.pageTitle);
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

  it('the site’s own pages: no English left on /, /landing, /about, /help, /terms, /privacy, the footer and the support chat', async () => {
    for (const locale of OTHERS) {
      const t = CATALOGS[locale];
      const context = await browser.newContext({ viewport: PHONE_390, locale: 'en-US' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(String(err)));
      try {
        await page.goto(`${stack.url}/`);
        await page.getByTestId('language-switch').selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await page.getByRole('heading', { name: t.web.home.title }).waitFor();
        await expectTranslated(page, locale, '/ with its footer');
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(t.web.pages.homeDescription);

        const visit = async (path: string, heading: string) => {
          await page.goto(`${stack.url}${path}`);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
        };
        await visit('/landing', t.web.pages.landing.heading);
        await expectTranslated(page, locale, '/landing');
        await visit('/about', t.web.shell.aboutUs);
        await expectTranslated(page, locale, '/about');
        await visit('/help', t.web.shell.helpCenter);
        // The answers too: every question opened.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        await expectTranslated(page, locale, '/help');
        await visit('/terms', t.web.shell.terms);
        await page.getByRole('heading', { name: `8. ${t.web.pages.terms.sections[7]!.heading}` }).waitFor();
        await expectTranslated(page, locale, '/terms');
        await visit('/privacy', t.web.shell.privacy);
        expect(
          await page
            .locator('section h2')
            .filter({ hasText: /^\d+\. / })
            .count(),
        ).toBe(10);
        await expectTranslated(page, locale, '/privacy');
        expect(await page.title()).toContain(t.web.shell.privacy);

        // The support chat: its welcome, a message refused without an e-mail, one the server never got.
        const chat = t.web.pages.chat;
        await page.getByRole('button', { name: t.web.supportWidget.openChat }).click();
        const log = page.getByRole('log');
        await log.getByText(chat.welcome({ site: 'CRYPTO TOP-UPS' })).waitFor();
        await expectTranslated(page, locale, 'the support chat');
        await page.getByLabel(t.web.supportWidget.message, { exact: true }).fill('?');
        await page.getByRole('button', { name: t.web.supportWidget.send }).click();
        await page.getByRole('alert').filter({ hasText: chat.emailNeeded }).waitFor();
        await page.getByLabel(t.web.supportWidget.emailLabel).fill('visitor@example.net');
        await page.route('**/api/support/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
        await page.getByRole('button', { name: t.web.supportWidget.send }).click();
        await log.getByText(chat.unreachable, { exact: false }).waitFor();
        await expectTranslated(page, locale, 'the support chat, a message not sent');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('the mini-app: Telegram’s language_code, no English left on its steps, main button, coin and payment screens, orders and an order’s story; a pasted number goes to the amount step', async () => {
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

        // The orders screen, and the cancelled order's story.
        await page.getByRole('radio', { name: t.web.shell.myOrders }).click();
        await page.locator('.tma-order-open').first().click();
        await page.getByTestId('order-state').waitFor();
        await expectTranslated(page, locale, 'the mini-app order view');
        await page.getByRole('radio', { name: t.web.shell.myOrders }).click();
        await page.getByTestId('balance').waitFor();
        await expectTranslated(page, locale, 'the mini-app orders screen');
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

  it('the account screens: signed out (/contact, a 404, an order page, /sign-in from it with its e-mail filled), signed in by a mailed code (/profile, /add-balance, /orders, /dashboard): no English left', async () => {
    for (const locale of OTHERS) {
      const { web } = CATALOGS[locale];
      const a = web.account;
      const email = `held.${locale}@example.com`;
      const order = await heldOrder(stack, email);
      const context = await browser.newContext({ viewport: PHONE_390, locale: intlLocale(locale) });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(String(err)));
      try {
        await page.goto(`${stack.url}/contact`);
        await page.getByRole('heading', { name: web.shell.contactUs }).waitFor();
        await page.locator('.contact-chat').getByText(web.supportWidget.openChat).waitFor();
        await expectTranslated(page, locale, '/contact');
        await page.goto(`${stack.url}/no-such-page`);
        await page.getByRole('heading', { name: web.notFound.title }).waitFor();
        await expectTranslated(page, locale, 'the 404 page');

        // The order page's "sign in": the sign-in screen, the order's e-mail already in its field.
        await page.goto(`${stack.url}/orders/${order.paymentId}?token=${order.orderToken}`);
        await page.getByTestId('order-state').waitFor();
        await expectTranslated(page, locale, 'the order page');
        await page.getByTestId('order-next').getByText(web.order.nextActions.sign_in).click();
        await page.getByRole('heading', { name: a.signIn.panelTitle }).waitFor();
        expect(await page.getByLabel(a.email, { exact: true }).inputValue()).toBe(email);
        await expectTranslated(page, locale, '/sign-in');
        await page.getByLabel(a.email, { exact: true }).fill('held@');
        await page.getByRole('button', { name: a.panel.emailMe }).click();
        await page.getByText(web.invalidEmail).waitFor();
        await expectTranslated(page, locale, '/sign-in, an invalid e-mail');
        await page.getByLabel(a.email, { exact: true }).fill(email);
        await page.getByRole('button', { name: a.panel.emailMe }).click();
        await page.getByText(a.panel.codeSent({ email })).waitFor();
        await page.getByTestId('local-outbox').waitFor();
        await expectTranslated(page, locale, '/sign-in, the code step');
        await page.getByLabel(a.panel.code).fill(codeFromOutbox(stack.config.dataDir, email));
        await page.getByRole('button', { name: web.shell.signIn, exact: true }).click();
        // Back to the order page it came from (its token kept).
        await page.waitForURL(`${stack.url}/orders/${order.paymentId}?token=${order.orderToken}`);
        await page.getByTestId('header-account').waitFor();

        await page.goto(`${stack.url}/profile`);
        await page.getByRole('heading', { name: a.profile.account }).waitFor();
        await page.getByTestId('picture-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
        await page.locator('.toast').getByText(a.profile.invalidType).waitFor();
        await expectTranslated(page, locale, '/profile');

        await page.goto(`${stack.url}/add-balance`);
        await page.getByLabel(a.addBalance.amountUsd).fill('1');
        await page.getByRole('button', { name: web.continueToPayment }).click();
        await page.locator('.field-error').waitFor();
        await expectTranslated(page, locale, '/add-balance');

        await page.goto(`${stack.url}/orders`);
        await page.getByRole('heading', { name: web.orderHistory }).waitFor();
        await page.locator('.order-card, .empty').first().waitFor();
        await expectTranslated(page, locale, '/orders');

        await page.goto(`${stack.url}/dashboard`);
        await page.getByRole('heading', { name: a.dashboard.allTransactions }).waitFor();
        await page.locator('.tx-row, .empty').first().waitFor();
        await expect.poll(() => page.getByTestId('balance').innerText()).toMatch(/\d/);
        await expectTranslated(page, locale, '/dashboard');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
