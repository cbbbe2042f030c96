import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../api/src/db/schema';
import type { Stack } from './stack';
import { launchHash, LIGHT_THEME, signedInitData, telegramClientScript } from './telegram';

/** How the end-to-end tests drive the pages: the site's wizard steps, the mini-app inside the mocked Telegram client. */

/** A phone, as the mini-app's tests and the coin-then-network tests use it. */
export const PHONE_390 = { width: 390, height: 844 };

/** Steps 1-3 of /recharge: country (searched), operator, phone and an amount tile; then step 4 is on screen. */
export async function rechargeToPayment(page: Page, opts: { search: string; country: RegExp; operator: string; phone: string; amount: string }) {
  await page.getByPlaceholder('Search country...').fill(opts.search);
  await page.getByRole('list', { name: 'Countries' }).getByRole('button', { name: opts.country }).click();
  await page.getByRole('button', { name: opts.operator, exact: true }).click();
  await page.getByLabel('Phone number').fill(opts.phone);
  await page.locator('.wz-tiles-amounts .wz-tile').filter({ hasText: opts.amount }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
}

/** The mini-app's first screen filled: country (searched), MTN Cameroon, an amount tile and the number; the main button then goes on. */
export async function fillMiniAppRecharge(page: Page, opts: { search?: string; amount?: string; phone?: string } = {}) {
  await page.getByPlaceholder('Search country...').fill(opts.search ?? 'Cameroon');
  await page
    .getByRole('list', { name: 'Countries' })
    .getByRole('button', { name: /Cameroon/ })
    .click();
  await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();
  await page
    .locator('.wz-tiles-amounts .wz-tile')
    .filter({ hasText: opts.amount ?? '$10.00' })
    .click();
  await page.getByLabel('Phone number').fill(opts.phone ?? '671234567');
}

/**
 * The newest sign-in code mailed to `email` (the embedded default writes mail to the local outbox in
 * the server's data folder). Any language: the code is the only 6-digit number of the message's body.
 */
export function codeFromOutbox(dataDir: string, email: string): string {
  const folder = path.join(dataDir, 'mail-outbox');
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(`${email}.eml`))
    .sort();
  const [, body = ''] = fs.readFileSync(path.join(folder, files[files.length - 1]!), 'utf8').split(/\r?\n\r?\n/);
  return /\b(\d{6})\b/.exec(body)![1]!;
}

/**
 * An anonymous order with a receipt e-mail whose delivery failed: its value is held on it, so its page's
 * next action is "sign in" with that e-mail. Made through the API; the failure written as the fulfilment
 * would (without the stack's workers).
 */
export async function heldOrder(stack: Stack, email: string): Promise<{ paymentId: string; orderToken: string }> {
  const res = await fetch(`${stack.url}/api/create-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '+237671234567', operatorId: 53, amount: 10, currency: 'USDT', email }),
  });
  expect(res.ok).toBe(true);
  const created = (await res.json()) as { orderId: number; paymentId: string; orderToken: string };
  const { db } = stack.server.database;
  const [row] = await db.update(orders).set({ status: 'failed' }).where(eq(orders.id, created.orderId)).returning();
  await stack.server.services.balances.creditFailedDelivery(db, row!);
  return created;
}

/** The mini-app at `baseUrl`/telegram in a phone-size page inside the mocked Telegram client, launched with signed init data (and a start parameter). */
export async function openInTelegram(
  browser: Browser,
  baseUrl: string,
  theme = LIGHT_THEME,
  initData = signedInitData(),
  /** Telegram's start parameter (a t.me link's `startapp`), and the browser context's own options. */
  { startParam, contextOptions = {} }: { startParam?: string; contextOptions?: BrowserContextOptions } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE_390, deviceScaleFactor: 2, hasTouch: true, isMobile: true, ...contextOptions });
  await context.addInitScript({ content: telegramClientScript(theme) });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err));
  await page.goto(`${baseUrl}/telegram${launchHash(initData, theme)}${startParam ? `&tgWebAppStartParam=${encodeURIComponent(startParam)}` : ''}`);
  return { context, page };
}

/** The main button as the mocked Telegram client last drew it. */
const mainButton = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tg: { mainButton: { text: string; is_visible: boolean; is_active: boolean } | null } }).__tg.mainButton);

export async function expectMainButton(page: Page, text: string, active: boolean) {
  await expect.poll(() => mainButton(page)).toMatchObject({ text, is_visible: true, is_active: active });
}

/** Telegram tells the mini-app its main button (or its back button, or its Settings button) was pressed. */
export const pressMainButton = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(name: string, data?: unknown): void } } }).Telegram.WebView.receiveEvent('main_button_pressed'),
  );
export const pressBackButton = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(name: string, data?: unknown): void } } }).Telegram.WebView.receiveEvent('back_button_pressed'),
  );
export const pressSettingsButton = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(name: string, data?: unknown): void } } }).Telegram.WebView.receiveEvent(
      'settings_button_pressed',
    ),
  );

/** The methods the mini-app called on the mocked Telegram client, with their parameters. */
export const telegramEvents = (page: Page) => page.evaluate(() => (window as unknown as { __tg: { events: [string, unknown][] } }).__tg.events);

/** A full international number, as a customer pastes it. */
export const NUMBER = '+237 6 77 12 34 56';

/** A paste into the number field: the page sees the paste, then the text. */
export async function pasteNumber(page: Page, number: string) {
  const field = page.locator('#wz-number-first');
  await field.dispatchEvent('paste');
  await field.fill(number);
}
