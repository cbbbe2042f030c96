import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogFor, CHAINS, orderStartParam, ZPaymentCreated, ZPaymentOptionsResponse } from '@topup/shared';
import { signInWithTelegram } from '../../api/test/customers';
import { nonTonTraces } from '../../api/test/telegram-traces';
import { closeBrowserStack, saveScreen, startBrowserStack } from './browser-stack';
import { expectMainButton, fillMiniAppRecharge, openInTelegram, pressBackButton, pressMainButton, pressSettingsButton, telegramEvents } from './pages';
import type { Stack } from './stack';
import { LIGHT_THEME, signedInitData, TEST_BOT_TOKEN, TEST_USER } from './telegram';

/**
 * Telegram's rules in the mini-app (Terms of Service for Bot Developers): its privacy policy from
 * Telegram's Settings button (section 4), and under the default policy (TELEGRAM_NETWORKS=ton, section 7)
 * TON's coins only, with no screen of a walk (start, privacy, coin choice, payment, orders and balance,
 * an order) showing an EVM address, a MetaMask or Trust Wallet link, or a link to the site. With `all`
 * (a bot without a mini app) the spec's coins are offered.
 */

/** What the screen shows: its HTML, the main button's text, every link on it and every link Telegram was asked to open. */
async function traces(page: Page, site: string): Promise<string[]> {
  const html = await page.content();
  const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const events = await telegramEvents(page);
  const opened = events.flatMap(([type, p]) => (type === 'web_app_open_link' ? [(p as { url: string }).url] : []));
  const main = events.flatMap(([type, p]) => (type === 'web_app_setup_main_button' ? [(p as { text?: string }).text ?? ''] : []));
  return nonTonTraces({ text: [html, ...main].join('\n'), links: [...links, ...opened] }, site);
}

const coinTiles = async (page: Page) => {
  const coins = page.getByRole('radiogroup', { name: 'Cryptocurrency' }).getByRole('radio');
  await coins.first().waitFor();
  return (await coins.allInnerTexts()).map((t) => t.split(/\s+/)[0]);
};

async function toCoinChoice(page: Page) {
  await fillMiniAppRecharge(page);
  await pressMainButton(page);
  await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
}

const MINI_APP_LINK = 'https://t.me/topup_test_bot/app';

/** An order the mini-app's user made on the site, signed in with Telegram there, in `coin`. */
async function siteOrder(stack: Stack, coin: string) {
  const cookie = await signInWithTelegram(stack, TEST_BOT_TOKEN, { id: TEST_USER.id, first_name: TEST_USER.first_name });
  const res = await fetch(`${stack.url}/api/crypto-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ countryId: 120, operatorId: 53, amount: 10, phoneNumber: '+237671234567', cryptoCurrency: coin }),
  });
  expect(res.status).toBe(201);
  return ZPaymentCreated.parse(await res.json());
}

describe('the mini-app under TON only (the default)', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    ({ stack, browser } = await startBrowserStack({ TELEGRAM_NETWORKS: 'ton', MINI_APP_LINK }, { networks: ['ton'] }));
  });
  afterAll(() => closeBrowserStack({ stack, browser }));

  it('shows its privacy policy from Telegram’s Settings button, linking nowhere on the site', async () => {
    const { context, page } = await openInTelegram(browser, stack.url);
    try {
      await page.getByText('Welcome, Ada!').waitFor();
      await expect
        .poll(async () => (await telegramEvents(page)).filter(([type]) => type === 'web_app_setup_settings_button').at(-1)?.[1])
        .toEqual({ is_visible: true });
      await pressSettingsButton(page);
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await page.getByRole('heading', { name: '1. Who we are' }).waitFor();
      await page.getByText('Privacy Team').waitFor();
      // Nor a word of the site's chat button, which the mini-app has not.
      expect(await page.locator('main').innerText()).not.toContain(catalogFor('en').web.pages.contact.liveChat);
      expect(await traces(page, stack.url)).toEqual([]);
      await saveScreen(page, 'tma-privacy');
      // Telegram's back button returns to where the customer was.
      await pressBackButton(page);
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
      // Clients without the Settings button: the entry at the foot of the screen.
      await page.getByRole('button', { name: 'Privacy Policy' }).click();
      await page.getByRole('heading', { name: '1. Who we are' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a walk shows no EVM trace: start, coin choice (TON’s coins only), payment, orders and balance, the order', async () => {
    const { context, page } = await openInTelegram(browser, stack.url);
    try {
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
      expect(await traces(page, stack.url)).toEqual([]);

      await toCoinChoice(page);
      expect(await coinTiles(page)).toEqual(['USDT', 'TON']);
      await expectMainButton(page, 'Create USDT-TON Payment', true);
      expect(await traces(page, stack.url)).toEqual([]);

      await pressMainButton(page);
      await page.getByText('Waiting for Payment...').waitFor();
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      expect(address).toMatch(/^(EQ|UQ)/);
      expect(await traces(page, stack.url)).toEqual([]);
      await saveScreen(page, 'tma-ton-payment');

      await page.getByRole('radio', { name: 'My Orders' }).click();
      await page.getByTestId('balance').waitFor();
      const card = page.locator('.tma-order').first();
      await card.waitFor();
      expect(await traces(page, stack.url)).toEqual([]);
      await card.locator('.tma-order-open').click();
      await page.getByText('USDT-TON').first().waitFor();
      expect(await traces(page, stack.url)).toEqual([]);
      await saveScreen(page, 'tma-ton-order');
    } finally {
      await context.close();
    }
  });

  it('an order made on the site in USDT on Ethereum, opened from its link, says it is paid outside Telegram and shows no trace; the site links only a TON order to Telegram', async () => {
    const evm = await siteOrder(stack, 'USDT');
    const { context, page } = await openInTelegram(browser, stack.url, LIGHT_THEME, signedInitData(), { startParam: orderStartParam(evm.paymentId) });
    try {
      const network = CHAINS.network('ethereum')!.label;
      await page
        .getByTestId('order-next-outside')
        .getByText(catalogFor('en').common.paidOutsideTelegram({ coin: 'USDT', network }))
        .waitFor();
      expect(await page.getByTestId('order-state').innerText()).toBe('Waiting for payment');
      expect(await page.getByTestId('order-pay').count()).toBe(0);
      expect(await traces(page, stack.url)).toEqual([]);
      await saveScreen(page, 'tma-site-order-outside-telegram');

      // The site's own page of each: "Open in Telegram" only where Telegram shows how it is paid.
      const ton = await siteOrder(stack, 'USDT-TON');
      const orderPage = (order: { paymentId: string; orderToken: string }) => `/orders/${order.paymentId}?token=${encodeURIComponent(order.orderToken)}`;
      await page.goto(stack.url + orderPage(ton));
      await page.getByTestId('open-in-telegram').waitFor();
      // Within the page (the site's configuration already read): the USDT order, drawn with its payment and no link.
      await page.evaluate((to) => (history.pushState(null, '', to), dispatchEvent(new PopStateEvent('popstate'))), orderPage(evm));
      await page.getByTestId('order-pay-address').getByText(evm.walletAddress).waitFor();
      expect(await page.getByTestId('open-in-telegram').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the mini-app under TELEGRAM_NETWORKS=all (a bot without a mini app)', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    ({ stack, browser } = await startBrowserStack({ TELEGRAM_NETWORKS: 'all' }, { chain: false, networks: CHAINS.networks.map((n) => n.id) }));
  });
  afterAll(() => closeBrowserStack({ stack, browser }));

  it('offers the spec’s coins, as the site does', async () => {
    const { context, page } = await openInTelegram(browser, stack.url);
    try {
      await toCoinChoice(page);
      const site = ZPaymentOptionsResponse.parse(await (await fetch(`${stack.url}/api/payment-options`)).json());
      expect(await coinTiles(page)).toEqual(site.assets.map((a) => a.asset));
      expect([...(await coinTiles(page))].sort()).toEqual([...new Set(CHAINS.coins.map((c) => c.asset))].sort());
    } finally {
      await context.close();
    }
  });
});
