import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeBrowserStack, KEEP_SCREENS, saveScreen, startBrowserStack } from './browser-stack';
import { codeFromOutbox, rechargeToPayment } from './pages';
import type { Stack } from './stack';
import { TEST_BOT_TOKEN } from './telegram';

/**
 * The web site end to end: the built site served by the real server (API, workers, chain watchers on a
 * local devnet), in Debian's Chromium. One server and one browser for the file; a context per test.
 * Key screens are saved at phone (360x740) and desktop (1280x800) sizes into test-artifacts/.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SUPPORT = { SUPPORT_EMAIL: 'help@topup.test', SUPPORT_TELEGRAM: '@topup_support', SUPPORT_WHATSAPP: '+237 600 000 000' };

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack(SUPPORT));
});

afterAll(() => closeBrowserStack({ stack, browser }));

const pageErrors: string[] = [];

async function open(path = '/', viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${path}: ${err.message}`));
  await page.goto(`${stack.url}${path}`);
  return { context, page };
}

/** The same screen at phone and desktop sizes. */
async function shots(page: Page, name: string, fullPage = false) {
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
async function auditPage(page: Page): Promise<{ unlabelled: string[]; overflow: boolean }> {
  return page.evaluate(() => {
    const unlabelled = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
      .filter((el) => el.type !== 'hidden')
      .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
      .map((el) => el.outerHTML.slice(0, 80));
    return { unlabelled, overflow: document.documentElement.scrollWidth > window.innerWidth };
  });
}

async function expectAccessible(page: Page) {
  expect(await auditPage(page)).toEqual({ unlabelled: [], overflow: false });
}

/** The toast on screen (one at a time). */
const toast = (page: Page) => page.locator('.toast');

const api = async <T>(pathname: string, init?: RequestInit): Promise<T> => (await (await fetch(`${stack.url}${pathname}`, init)).json()) as T;

/** The Telegram Login Widget's data, signed as Telegram signs it (HMAC-SHA-256 keyed by SHA-256 of the bot token). */
function telegramLogin(user: { id: number; first_name: string; username?: string }, token = TEST_BOT_TOKEN) {
  const fields: Record<string, string | number> = { ...user, auth_date: Math.floor(Date.now() / 1000) };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

describe('the shell, home and landing', () => {
  it('shows live counts, the header and its highlight, the footer and working links', async () => {
    const { context, page } = await open('/', DESKTOP);
    try {
      const countries = await api<unknown[]>('/api/countries');
      await expect.poll(() => page.getByTestId('count-countries').innerText()).toBe(String(countries.length));
      // The coins the server offers (BSC and Polygon are switched off here), not a compiled-in list.
      const { coins } = await api<{ coins: unknown[] }>('/api/coins');
      await expect.poll(() => page.getByTestId('count-coins').innerText()).toBe(String(coins.length));
      expect(coins).toHaveLength(3);
      const text = await page.locator('body').innerText();
      expect(text).toContain(`${countries.length} countries`);
      expect(text).not.toMatch(/150\+|190\+|195\+|7 cryptocurrencies/);
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      expect(await page.title()).toContain('CRYPTO TOP-UPS');
      await page.getByRole('heading', { name: 'Why Choose CRYPTO TOP-UPS' }).waitFor();
      await shots(page, 'home', true);

      // How It Works scrolls to its section.
      await page.getByRole('button', { name: 'How It Works' }).click();
      await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('how-it-works')!.getBoundingClientRect().top))).toBeLessThan(200);

      // Every footer link is a real page (no dead links).
      const links = await page.locator('footer a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links.length).toBeGreaterThanOrEqual(8);
      for (const href of links) {
        await page.goto(`${stack.url}${href}`);
        await page.locator('h1').first().waitFor();
        expect(await page.locator('h1').first().innerText(), href).not.toBe('404 Page Not Found');
        await expectAccessible(page);
      }

      // Recharge Now goes to /recharge without a reload, highlighted in the header.
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'Recharge Now' }).first().click();
      await page.getByRole('heading', { name: 'Recharge Now' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/recharge');
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recharge' }).getAttribute('aria-current')).toBe('page');
      expect(await page.locator('footer').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('stores the theme under `theme`: light by default, dark, system', async () => {
    const { context, page } = await open('/', DESKTOP);
    try {
      await page.getByRole('heading', { name: /Recharge any phone/ }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['light', null]);
      await page.getByRole('button', { name: /^Theme: Light/ }).click();
      expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['dark', 'dark']);
      await page.reload();
      await page.getByRole('heading', { name: /Recharge any phone/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(12, 17, 29)');
      await shots(page, 'home-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('button', { name: /^Theme: Dark/ }).click();
      expect(await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')])).toEqual(['light', 'system']);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    } finally {
      await context.close();
    }
  });

  it('opens the mobile menu overlay; navigating or the backdrop closes it', async () => {
    const { context, page } = await open('/landing', PHONE);
    try {
      await page.getByRole('link', { name: 'Get Started' }).waitFor();
      expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/dashboard');
      expect(await page.getByRole('link', { name: 'Sign In to Continue' }).getAttribute('href')).toBe('/dashboard');
      await shots(page, 'landing', true);
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await page.getByRole('button', { name: 'HOME' }).waitFor();
      expect(await page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).toBe('true');
      // On a phone the theme choice is in the menu.
      await page.getByRole('button', { name: 'Theme: Light. Change theme' }).waitFor();
      await shots(page, 'menu');
      await page.getByRole('button', { name: 'RECHARGE' }).click();
      await page.getByRole('heading', { name: 'Recharge Now' }).waitFor();
      expect(await page.getByTestId('mobile-menu').count()).toBe(0);
      await menu.click();
      await page.getByTestId('mobile-menu').click({ position: { x: 180, y: 600 } });
      expect(await page.getByTestId('mobile-menu').count()).toBe(0);
      // Escape closes it too, with the keyboard.
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'HOME' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('has the support widget: WhatsApp with a greeting, the live chat that reaches the inbox and says what happens next; not on /app', async () => {
    const { context, page } = await open('/orders', PHONE);
    try {
      const whatsapp = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
      const href = new URL((await whatsapp.getAttribute('href'))!);
      expect(href.origin + href.pathname).toBe('https://wa.me/237600000000');
      expect(href.searchParams.get('text')).toMatch(/recharge/i);
      await page.getByRole('button', { name: 'Open live chat' }).click();
      const log = page.getByRole('log');
      await log.getByText('Welcome to CRYPTO TOP-UPS support').waitFor();
      const input = page.getByLabel('Message');
      await input.fill('   ');
      await input.press('Enter');
      await page.waitForTimeout(1200);
      expect(await log.locator('li').count()).toBe(1);
      // A visitor without an account gives an address for the answer, or nothing is sent.
      await input.fill('Where is my top-up?');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please enter your e-mail address so that we can answer you.' }).waitFor();
      expect(await log.locator('li').count()).toBe(1);

      // The server cannot be reached: the message stays in the field and the chat says where to write instead.
      await page.getByLabel('Your e-mail address, for our answer').fill('widget.visitor@example.net');
      await page.route('**/api/support/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
      await page.getByRole('button', { name: 'Send' }).click();
      await log
        .getByText(
          'Your message was not sent: we could not reach our server. You can also e-mail us at help@topup.test or write to @topup_support on Telegram.',
        )
        .waitFor();
      expect(await input.inputValue()).toBe('Where is my top-up?');
      await page.unroute('**/api/support/messages');

      const sentAt = Date.now();
      await page.getByRole('button', { name: 'Send' }).click();
      await log.locator('li.from-me').getByText('Where is my top-up?').waitFor();
      await log
        .getByText(
          'Thanks! Your message reached our support team; we will answer here and by e-mail to widget.visitor@example.net. For a faster answer, e-mail us at help@topup.test or write to @topup_support on Telegram.',
        )
        .waitFor({ timeout: 3000 });
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
      // The promise the spec's canned reply made and nothing kept is gone.
      expect(await log.getByText(/get back to you/).count()).toBe(0);
      await shots(page, 'support-chat');
      await page.keyboard.press('Escape');
      expect(await page.getByRole('log').count()).toBe(0);

      await page.goto(`${stack.url}/app`);
      await page.getByRole('heading', { name: 'Select Country & Phone' }).waitFor();
      expect(await page.getByRole('button', { name: 'Open live chat' }).count()).toBe(0);
      expect(await page.locator('header.site-header').count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('fits every page in 360 px, with a heading and every field labelled', async () => {
    const { context, page } = await open('/', PHONE);
    try {
      for (const route of [
        '/',
        '/landing',
        '/recharge',
        '/app',
        '/orders',
        '/dashboard',
        '/add-balance',
        '/profile',
        '/sign-in',
        '/privacy',
        '/terms',
        '/about',
        '/help',
        '/contact',
        '/nope',
      ]) {
        await page.goto(`${stack.url}${route}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect({ route, ...(await auditPage(page)) }).toEqual({ route, unlabelled: [], overflow: false });
      }
    } finally {
      await context.close();
    }
  });

  it('answers any other path with the 404 page', async () => {
    const { context, page } = await open('/no/such/page', PHONE);
    try {
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
      await shots(page, '404');
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.getByRole('heading', { name: /Recharge any phone/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('/recharge, the five-step wizard', () => {
  it('validates, creates the payment, and reaches the success screen once paid on the devnet', async () => {
    const { context, page } = await open('/recharge', PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    try {
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
      expect(await page.title()).toBe('Recharge Now | CRYPTO TOP-UPS');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/mobile credit/);
      await page.getByText('Send mobile credit to your loved ones in minutes').waitFor();
      await expectAccessible(page);
      await shots(page, 'recharge-1-country');

      await page.getByPlaceholder('Search country...').fill('Atlantis');
      await page.getByText('No country found.').waitFor();
      await page.getByPlaceholder('Search country...').fill('Camer');
      await page
        .getByRole('list', { name: 'Countries' })
        .getByRole('button', { name: /Cameroon/ })
        .click();
      await page.getByRole('heading', { name: 'Select Operator in Cameroon' }).waitFor();
      await shots(page, 'recharge-2-operator');
      await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();

      // Step 3 (details): the spec's messages.
      await page.getByRole('heading', { name: 'Enter Details for MTN Cameroon' }).waitFor();
      await page.getByText('Enter just the local number without country code').waitFor();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText('Phone number is required').waitFor();
      await page.getByLabel('Phone number').fill('671234567');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await toast(page).getByText('Please select an amount').waitFor();
      expect(await toast(page).getAttribute('class')).toContain('toast-destructive');
      // F8 reaches the notifications; a swipe to the right of 50 px or more dismisses the toast.
      await page.keyboard.press('F8');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications (F8)');
      const box = (await toast(page).boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 70, box.y + box.height / 2, { steps: 3 });
      await page.mouse.up();
      expect(await toast(page).count()).toBe(1);
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => toast(page).count()).toBe(0);
      await page.getByLabel('Phone number').fill('12');
      await page.locator('.wz-tiles-amounts .wz-tile').filter({ hasText: '$10.00' }).click();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.locator('.wz-field-error').waitFor();
      expect(await page.locator('.wz-field-error').innerText()).not.toBe('');
      await expectAccessible(page);
      await shots(page, 'recharge-3-details-invalid', true);
      await page.getByLabel('Phone number').fill('671234567');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();

      // Step 4: summary, the coins the server offers (GET /api/payment-options: BSC and Polygon are switched off here), the optional e-mail.
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      expect(await summary.innerText()).toMatch(
        /Cameroon[\s\S]*MTN Cameroon[\s\S]*\+237 671234567[\s\S]*Airtime[\s\S]*\$10\.00 USD[\s\S]*\$1\.00 USD[\s\S]*\$11\.00 USD/,
      );
      const coins = page.getByRole('radiogroup', { name: 'Cryptocurrency' }).getByRole('radio');
      await coins.first().waitFor();
      // Coin, then network (issue 15): the coins, then the chosen coin's networks, each with the spec's
      // symbol, name and network (payment-choice.e2e.test.ts has several networks and their fees).
      expect(await coins.allInnerTexts()).toEqual([
        expect.stringMatching(/USDT\s+Tether USDT$/),
        expect.stringMatching(/USDC\s+USD Coin \(USDC\)$/),
        expect.stringMatching(/ETH\s+Ethereum \(ETH\)$/),
      ]);
      const networks = page.getByRole('radiogroup', { name: /^Network/ }).getByRole('radio');
      expect(await networks.allInnerTexts()).toEqual([expect.stringMatching(/^Ethereum\s+USDT · Tether USDT \(ERC-20\) · Ethereum ERC-20/)]);
      await page.getByText('11 USDT').waitFor();
      await page.getByText("We'll send your receipt to this address.").waitFor();
      await page.getByLabel('Email (optional)').fill('not-an-email');
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();
      await page.getByText('Please enter a valid email address.').waitFor();
      await expectAccessible(page);
      await shots(page, 'recharge-4-payment', true);
      await page.getByLabel('Email (optional)').fill('ada@example.com');
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();

      // The overlay: processing, with amount and address to copy, the QR code and the countdown.
      const overlay = page.getByRole('dialog', { name: 'Processing Payment' });
      await overlay.waitFor();
      await overlay.getByText('Waiting for Payment...').waitFor();
      await overlay.getByAltText('Payment QR code').waitFor();
      expect(await page.locator('.wz-countdown').getAttribute('class')).toContain('wz-countdown-green');
      expect(await page.locator('.wz-countdown-time').innerText()).toMatch(/^[56]:\d\d$/);
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      expect(await page.getByTestId('pay-from-wallet').innerText()).toContain('Send to this address, from a wallet.');
      const [amount, coin] = (await page.getByTestId('pay-amount').innerText()).trim().split(' ');
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect([amount, coin]).toEqual(['11', 'USDT']);
      await overlay.getByRole('button', { name: 'Copy' }).nth(1).click();
      await overlay.getByRole('button', { name: 'COPIED' }).waitFor();
      await toast(page).getByText('Copied to clipboard!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await overlay.getByRole('button', { name: 'BACK' }).waitFor();
      await overlay.getByRole('button', { name: 'CANCEL' }).waitFor();
      await expectAccessible(page);
      await shots(page, 'recharge-overlay');

      expect((await stack.pay('USDT', address, amount!)).txHash).toMatch(/^0x/);
      await page.getByRole('heading', { name: 'Top-up Successful!' }).waitFor({ timeout: 60_000 });
      const success = await page.locator('.success-details').innerText();
      expect(success).toMatch(
        /Transaction ID[\s\S]*Date[\s\S]*Recipient\s+\+237 671234567[\s\S]*Operator\s+MTN Cameroon[\s\S]*Amount\s+\$10\.00 USD[\s\S]*Status\s+Completed/,
      );
      const txId = (await page.getByTestId('transaction-id').innerText()).trim();
      expect(txId).not.toBe('');
      await shots(page, 'recharge-5-success', true);

      // View Order History: the order, completed, with its transaction id; the anonymous order is this browser's.
      await page.getByRole('link', { name: 'View Order History' }).click();
      const card = page.locator('.order-card').filter({ hasText: txId });
      await card.waitFor();
      expect(await card.innerText()).toMatch(/Completed[\s\S]*Mobile Recharge[\s\S]*\$10\.00[\s\S]*\+237671234567/);
      expect(await card.locator('.badge').getAttribute('class')).toContain('badge-completed');
      await shots(page, 'orders', true);
      // Nobody else sees it: GET /api/orders without this browser's tokens is empty.
      expect(await api<unknown[]>('/api/orders')).toEqual([]);

      // New Recharge starts at step 1.
      await page.getByRole('link', { name: 'New Recharge' }).click();
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('BACK and CANCEL release the order; a failed creation shows the failed overlay', async () => {
    const { context, page } = await open('/recharge', PHONE);
    try {
      await rechargeToPayment(page, { search: 'Nigeria', country: /Nigeria/, operator: 'MTN Nigeria', phone: '8031234567', amount: '$10.00' });
      const paymentId = async () => {
        const res = page.waitForResponse((r) => r.url().endsWith('/api/crypto-payment'));
        await page.getByRole('button', { name: /^Create .* Payment$/ }).click();
        return ((await (await res).json()) as { orderId: number }).orderId;
      };
      const statusOf = async (orderId: number) => (await api<{ status: string }>(`/api/payment-status/${orderId}`)).status;

      // CANCEL (the one call that cancels): the order is cancelled, and the payment, QR and amount are cleared.
      await page.getByRole('radio', { name: /^USDC/ }).click();
      // While it is created the button reads 'Processing Payment...' and cannot be pressed again.
      await page.route(
        '**/api/crypto-payment',
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          await route.continue();
        },
        { times: 1 },
      );
      const pending = paymentId();
      const busy = page.getByRole('button', { name: 'Processing Payment...' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      const first = await pending;
      await page.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
      expect(await statusOf(first)).toBe('pending_crypto_payment');
      await page.getByRole('button', { name: 'CANCEL' }).click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => statusOf(first), { timeout: 10_000 }).toBe('cancelled');
      await page.getByRole('button', { name: 'Create USDC Payment' }).waitFor();

      // BACK: back on step 4; leaving is not cancelling (issue 13 point 2): the order stays payable.
      const second = await paymentId();
      await page.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
      const released = page.waitForResponse((r) => r.url().endsWith('/api/release-wallet'));
      await page.getByRole('button', { name: 'BACK', exact: true }).click();
      expect((await released).status()).toBe(200);
      expect(await statusOf(second)).toBe('pending_crypto_payment');
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();

      // Leaving the page while the payment is open (navigating elsewhere in the site): still payable.
      const third = await paymentId();
      await page.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
      const left = page.waitForResponse((r) => r.url().endsWith('/api/release-wallet'));
      await page.evaluate(() => {
        history.pushState(null, '', '/orders');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { name: 'Order History' }).waitFor();
      expect((await left).status()).toBe(200);
      expect(await statusOf(third)).toBe('pending_crypto_payment');
      // The cancelled order is listed in red, the two still payable as waiting for payment.
      await page.locator('.order-card .badge-red').first().waitFor();
      expect(await page.locator('.order-card .badge-red').count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator('.order-card .badge-yellow', { hasText: 'Waiting for payment' }).count()).toBeGreaterThanOrEqual(2);

      // A coin whose network is switched off here (BSC) is not offered at all.
      await page.goBack();
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await page.getByRole('radio', { name: /^USDT/ }).waitFor();
      expect(await page.getByRole('radio', { name: /^BNB/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('counts down in green, orange, red, then shows the expired overlay', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.clock.install();
    try {
      await page.goto(`${stack.url}/recharge`);
      await rechargeToPayment(page, { search: 'Brazil', country: /Brazil/, operator: 'TIM Brasil', phone: '11987654321', amount: '$10.00' });
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();
      const countdown = page.locator('.wz-countdown');
      await countdown.waitFor();
      expect(await countdown.getAttribute('class')).toContain('wz-countdown-green');
      await page.clock.fastForward('03:30');
      await expect.poll(() => countdown.getAttribute('class')).toContain('wz-countdown-orange');
      await page.clock.fastForward('01:00');
      await expect.poll(() => countdown.getAttribute('class')).toContain('wz-countdown-red');
      const bar = await page.locator('.wz-countdown-bar span').evaluate((el) => parseFloat((el as HTMLElement).style.width));
      expect(bar).toBeGreaterThan(0);
      expect(bar).toBeLessThan(30);
      await shots(page, 'recharge-overlay-red');
      await page.clock.fastForward('01:40');
      const expired = page.getByRole('dialog', { name: 'Payment Expired' });
      await expired.waitFor();
      await expired.getByText('Your 6-minute payment window has expired. The wallet address is no longer reserved.', { exact: false }).waitFor();
      await shots(page, 'recharge-overlay-expired');
      await expired.getByRole('button', { name: 'Create New Payment' }).click();
      await page.getByRole('button', { name: 'Create USDT Payment' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('guards against an invalid order state', async () => {
    const { context, page } = await open('/recharge', PHONE);
    try {
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
      // This history entry's saved progress claims step 4 without a country, operator or amount.
      await page.evaluate(() => {
        history.replaceState({ recharge: { wizard: { step: 4, country: null, operator: null, amount: null, phone: '' }, stage: 'pay', coin: 'USDT' } }, '');
        location.reload();
      });
      await page.getByText('Invalid order state. Please start a new recharge.').waitFor();
      await shots(page, 'recharge-invalid-state');
      await page.getByRole('button', { name: 'Start New Recharge' }).click();
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('can be used with the keyboard alone, the payment overlay keeping focus inside', async () => {
    const { context, page } = await open('/recharge', DESKTOP);
    /**
     * Tabs until `target` has the focus: a control named exactly so (waited for first, so a list still
     * loading is not tabbed past), or by id.
     */
    const tabTo = async (name: string | RegExp) => {
      const target = typeof name === 'string' && name.startsWith('wz-') ? page.locator(`#${name}`) : page.getByRole('button', { name, exact: true }).first();
      await target.waitFor();
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (await target.evaluate((el) => el === document.activeElement)) return;
      }
      throw new Error(`Tab never reached ${String(name)}`);
    };
    try {
      await page.getByRole('button', { name: 'Mexico', exact: true }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      await tabTo('Mexico');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Select Operator in Mexico' }).waitFor();
      await tabTo('Telcel Mexico');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Enter Details for Telcel Mexico' }).waitFor();
      await tabTo('wz-phone');
      await page.keyboard.type('5512345678');
      await tabTo(/\$10\.00/);
      await page.keyboard.press('Enter');
      await tabTo('Continue to Payment');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await tabTo('Create USDT Payment');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
      // Focus is in the dialog and stays there.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      await tabTo('CANCEL');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('/app, the compact six-step wizard', () => {
  it('checks each step and completes a payment on the devnet', async () => {
    const { context, page } = await open('/app', PHONE);
    try {
      await page.getByRole('heading', { name: 'Select Country & Phone' }).waitFor();
      await page.getByText('Step 1 of 6').waitFor();
      expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
      // Cameroon preselected, the dial code shown.
      await expect.poll(() => page.getByLabel('Country').inputValue()).toBe('CM');
      expect(await page.locator('.wz-phone-prefix').innerText()).toBe('+237');
      expect(await page.getByLabel('Phone number').getAttribute('placeholder')).toBe('612345678');

      // Promotions: rotating every 3 s, dots jump to one.
      const promo = page.getByTestId('promotion');
      await promo.waitFor();
      expect(await promo.innerText()).toMatch(/% OFF/);
      const firstIndex = await promo.getAttribute('data-index');
      await expect.poll(() => promo.getAttribute('data-index'), { timeout: 5000 }).not.toBe(firstIndex);
      await page.getByRole('button', { name: 'Show promotion 3' }).click();
      expect(await promo.getAttribute('data-index')).toBe('2');
      await expectAccessible(page);
      await shots(page, 'app-1-country');

      await page.getByRole('button', { name: 'Continue' }).click();
      await toast(page).getByText('Missing Information').waitFor();
      await toast(page).getByText('Please select a country and enter a phone number.').waitFor();
      await page.getByLabel('Phone number').fill('671234567');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 2: the operator dropdown with logos, the spec's default operator (53) chosen.
      await page.getByRole('heading', { name: 'Choose Operator' }).waitFor();
      await page.getByText('Step 2 of 6').waitFor();
      await page.getByText(/Cameroon · \+237 671234567/).waitFor();
      await page.getByRole('button', { name: /Mobile operator MTN Cameroon/ }).waitFor();
      await page.getByRole('button', { name: /Mobile operator/ }).click();
      await page.getByRole('option', { name: 'Orange Cameroon' }).waitFor();
      await page.keyboard.press('Escape');
      await shots(page, 'app-2-operator');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 3: quick amounts with the fee, custom amount limits, the breakdown.
      await page.getByRole('heading', { name: 'Select Amount' }).waitFor();
      const quick = page.getByRole('group', { name: 'Quick amounts' }).getByRole('button');
      // Local money first (what the recipient gets), the dollars beside it, then the spec's fee.
      const tiles = await quick.allInnerTexts();
      expect(tiles.every((text) => /^[\d,]+\sXAF\n/.test(text))).toBe(true);
      expect(tiles.map((text) => text.replace(/^[\d,]+\sXAF\n/, ''))).toEqual([
        '$5\n+ $1 fee',
        '$10\n+ $1 fee',
        '$15\n+ $1 fee',
        '$20\n+ $1 fee',
        '$25\n+ $1 fee',
        '$50\n+ $1 fee',
      ]);
      await page.getByRole('button', { name: 'Continue' }).click();
      await toast(page).getByText('Please select an amount.').waitFor();
      const pricing = await api<{ minAmount: number; maxAmount: number }>('/api/pricing');
      const min = Math.max(1, pricing.minAmount);
      const max = Math.min(200, pricing.maxAmount);
      expect(await page.getByLabel('Custom amount (USD)').getAttribute('placeholder')).toBe(`Custom amount ($${min}-${max})`);
      await page.getByLabel('Custom amount (USD)').fill('500');
      await page.getByRole('button', { name: 'Continue' }).click();
      await toast(page).getByText('Invalid Amount').waitFor();
      await toast(page).getByText(`Amount must be between $${min} and $${max}.`).waitFor();
      await page.getByLabel('Custom amount (USD)').fill('');
      await quick.filter({ hasText: '$10' }).first().click();
      expect(await page.getByTestId('compact-total').innerText()).toBe('$11.00');
      await shots(page, 'app-3-amount');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 4: the coin (USDT by default), then its network, with the spec's coin names.
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await page.getByRole('button', { name: /Cryptocurrency Tether USDT/ }).click();
      const names = await page.getByRole('option').allInnerTexts();
      // What the server offers: BSC and Polygon are switched off here, so each coin has one network.
      const expected = ['Tether USDT', 'USD Coin (USDC)', 'Ethereum (ETH)'];
      expect(names).toHaveLength(3);
      names.forEach((n, i) => expect(n).toContain(expected[i]));
      await page.keyboard.press('Escape');
      expect(
        await page
          .getByRole('radiogroup', { name: /^Network/ })
          .getByRole('radio', { checked: true })
          .innerText(),
      ).toMatch(/Tether USDT \(ERC-20\)/);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 5: the review (what the recipient gets in XAF first, the dollars beside) with the four-bullet notice.
      await page.getByRole('heading', { name: 'Review Order' }).waitFor();
      const review = await page.getByRole('definition').allInnerTexts();
      expect(review).toEqual(['+237 671234567', 'MTN Cameroon', expect.stringMatching(/^[\d,]+\sXAF · \$10\.00$/), '$1.00', '$11.00', 'Tether USDT (ERC-20)']);
      expect(await page.locator('.wz-important li').count()).toBe(4);
      await shots(page, 'app-5-review');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();

      // Step 6: 'Complete Payment' with live status, paid on the devnet.
      await page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
      await page.getByText('Waiting for Payment...').waitFor();
      await page.getByText('Scan with your USDT wallet app').waitFor();
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      expect(await page.getByTestId('pay-from-wallet').innerText()).toContain('Send to this address, from a wallet.');
      const [amount] = (await page.getByTestId('pay-amount').innerText()).trim().split(' ');
      expect(amount).toBe('11');
      await shots(page, 'app-6-payment', true);
      await stack.pay('USDT', address, amount!);
      await page.getByText('Top-up Completed!').waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Success!' }).waitFor();
      await page.getByText('+237671234567').waitFor();
      await shots(page, 'app-success');
      await page.getByRole('button', { name: 'Make Another Purchase' }).click();
      await page.getByRole('heading', { name: 'Select Country & Phone' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('customer accounts', () => {
  it('signs in by e-mail code from the local outbox, attaches the anonymous order, keeps a balance', async () => {
    const { context, page } = await open('/recharge', PHONE);
    const email = 'grace@example.com';
    try {
      // An anonymous order in this browser, paid, whose top-up the provider refuses (the sandbox fails
      // numbers ending in 0001): its value is held on the order until its owner signs in.
      await rechargeToPayment(page, { search: 'Philippines', country: /Philippines/, operator: 'Globe Philippines', phone: '9051230001', amount: '$5.00' });
      const created = page.waitForResponse((r) => r.url().endsWith('/api/crypto-payment'));
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();
      const order = (await (await created).json()) as { orderId: number; walletAddress: string; cryptoAmount: string };
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('order_tokens') ?? '[]').length)).toBe(1);
      await stack.pay('USDT', order.walletAddress, order.cryptoAmount);
      const failed = page.getByRole('dialog', { name: 'Top-up Failed' });
      await failed.waitFor({ timeout: 60_000 });
      await failed.getByText('Your payment was received but the recharge could not be completed.').waitFor();
      await failed.getByText(/Its value is kept for you/).waitFor();
      await failed.getByRole('button', { name: 'Contact Support' }).waitFor();
      await shots(page, 'recharge-overlay-topup-failed');
      await failed.getByRole('button', { name: 'Try Again' }).click();
      await page.getByRole('button', { name: 'Nigeria', exact: true }).waitFor();

      // Signed out: /profile asks to log in; /dashboard offers to sign in and lists this browser's order.
      await page.goto(`${stack.url}/profile`);
      await page.getByText('Please log in to view your profile.').waitFor();
      await page.goto(`${stack.url}/dashboard`);
      await page.getByRole('heading', { name: 'Sign in to see your balance' }).waitFor();
      await page.locator(`.tx-row[data-order-id="${order.orderId}"]`).waitFor();
      expect(await (await fetch(`${stack.url}/api/auth/user`)).status).toBe(401);

      // E-mail code: validation, the code from the local mail outbox, named as such.
      await page.getByLabel('Email').fill('grace@');
      await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
      await page.getByText('Please enter a valid email address.').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
      await page.getByTestId('local-outbox').waitFor();
      expect(await page.getByTestId('local-outbox').innerText()).toContain('local mail outbox');
      await expectAccessible(page);
      await shots(page, 'sign-in-code');
      await page.getByLabel('6-digit code').fill('000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('That code is not right. Please check it and try again.').waitFor();
      await page.getByLabel('6-digit code').fill(codeFromOutbox(stack.config.dataDir, email));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      // Signed in: the balance, the order attached (listed by the account, the browser's token forgotten).
      await page.getByRole('heading', { name: 'Your Balance' }).waitFor();
      // The $5 top-up and its $1 fee, held on the failed order, moved to the balance.
      await expect.poll(() => page.getByTestId('balance').innerText()).toBe('$6.00');
      await page.getByTestId('header-account').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('order_tokens'))).toBeNull();
      await page.locator(`.tx-row[data-order-id="${order.orderId}"]`).waitFor();
      const cookies = await context.cookies(stack.url);
      const sid = cookies.find((c) => c.name === 'sid')!;
      expect(sid.httpOnly).toBe(true);
      const user = await api<{ email: string; balance: number }>('/api/auth/user', { headers: { cookie: `sid=${sid.value}` } });
      expect(user).toMatchObject({ email, balance: 6 });
      const mine = await api<{ id: number }[]>('/api/orders', { headers: { cookie: `sid=${sid.value}` } });
      expect(mine.map((o) => o.id)).toContain(order.orderId);

      // Add Balance: a balance top-up paid in crypto (the spec's balance_topup path, step 4 of /recharge).
      await page.getByRole('link', { name: 'Add Balance' }).click();
      await page.getByLabel('Amount (USD)').fill('1');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText(/Amount must be between \$\d+\.00 and \$\d+\.00\./).waitFor();
      await page.getByRole('button', { name: '$20' }).click();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Add Balance' }).waitFor();
      const summary = await page.getByRole('region', { name: 'Order summary' }).innerText();
      expect(summary).toMatch(/Balance Top-up[\s\S]*\$20\.00 USD[\s\S]*Total\s+\$20\.00 USD/);
      await shots(page, 'add-balance-payment', true);
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      const [amount] = (await page.getByTestId('pay-amount').innerText()).trim().split(' ');
      expect(amount).toBe('20');
      await stack.pay('USDT', address, amount!);
      await page.getByRole('heading', { name: 'Top-up Successful!' }).waitFor({ timeout: 60_000 });
      await page.getByRole('link', { name: 'View Dashboard' }).click();
      await expect.poll(() => page.getByTestId('balance').innerText(), { timeout: 10_000 }).toBe('$26.00');
      expect(await page.getByTestId('header-account').innerText()).toContain('$26.00');
      await page.locator('.tx-row').filter({ hasText: 'Balance Top-up' }).filter({ hasText: 'Completed' }).waitFor();
      await page.locator(`.tx-row[data-order-id="${order.orderId}"]`).filter({ hasText: 'Failed' }).waitFor();
      await expectAccessible(page);
      await shots(page, 'dashboard', true);

      // A recharge paid from the balance: no chain payment; the balance goes down by amount and fee.
      await page.getByRole('link', { name: 'Recharge', exact: true }).first().click();
      await rechargeToPayment(page, { search: 'Kenya', country: /Kenya/, operator: 'Safaricom Kenya', phone: '712345678', amount: '$5.00' });
      await page.getByRole('button', { name: 'Pay $6.00 from balance' }).click();
      await page.getByRole('heading', { name: 'Top-up Successful!' }).waitFor({ timeout: 60_000 });
      await page.goto(`${stack.url}/dashboard`);
      await expect.poll(() => page.getByTestId('balance').innerText(), { timeout: 10_000 }).toBe('$20.00');

      // Profile: images only, at most 5 MB; preview, Cancel, Save.
      await page.goto(`${stack.url}/profile`);
      await page.getByRole('heading', { name: 'Account' }).waitFor();
      expect(await page.locator('.account-list').innerText()).toMatch(
        /Name\s+Not provided[\s\S]*Email\s+grace@example\.com[\s\S]*Member since\s+\w+ \d+, \d{4}[\s\S]*Account balance\s+\$20\.00/,
      );
      const input = page.getByTestId('picture-input');
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await toast(page).getByText('Invalid file type').waitFor();
      await toast(page).getByText('Please select an image file (PNG, JPG, JPEG, etc.)').waitFor();
      await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      await toast(page).getByText('File too large').waitFor();
      await toast(page).getByText('Please select an image smaller than 5MB').waitFor();
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await page.getByAltText('Preview of the new profile picture').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByAltText('Preview of the new profile picture').count()).toBe(0);
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await shots(page, 'profile-preview', true);
      await page.getByRole('button', { name: 'Save' }).click();
      await toast(page).getByText('Profile picture updated successfully!').waitFor();
      await page.getByAltText('Your profile picture').waitFor();
      expect(await page.getByAltText('Your profile picture').getAttribute('src')).toMatch(/^\/api\/user\/profile-picture\/[\w-]{24}$/);

      // Sign out: back to anonymous.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: /Recharge any phone/ }).waitFor();
      expect(await page.getByTestId('header-account').count()).toBe(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
      expect(await (await fetch(`${stack.url}/api/auth/user`, { headers: { cookie: `sid=${sid.value}` } })).status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('signs in with Telegram: the login data, checked by the API; forged data is refused', async () => {
    const { context, page } = await open('/dashboard', DESKTOP);
    try {
      await page.getByRole('link', { name: 'Sign in with Telegram' }).waitFor();
      const href = new URL((await page.getByRole('link', { name: 'Sign in with Telegram' }).getAttribute('href'))!);
      expect(href.origin + href.pathname).toBe('https://oauth.telegram.org/auth');
      expect(href.searchParams.get('bot_id')).toBe(TEST_BOT_TOKEN.split(':')[0]);
      expect(href.searchParams.get('return_to')).toBe(`${stack.url}/sign-in?next=%2Fdashboard`);

      // Telegram returns with the signed data in the hash: a forged one first.
      const encode = (data: object) => Buffer.from(JSON.stringify(data)).toString('base64url');
      const forged = { ...telegramLogin({ id: 777, first_name: 'Eve' }), first_name: 'Mallory' };
      await page.goto(`${stack.url}/sign-in?next=/orders#tgAuthResult=${encode(forged)}`);
      await page.getByText('Invalid Telegram sign-in data.').waitFor();
      await page.goto(`${stack.url}/sign-in?next=/orders#tgAuthResult=${encode(telegramLogin({ id: 777, first_name: 'Eve', username: 'eve' }))}`);
      await page.getByRole('heading', { name: 'Order History' }).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await toast(page)
        .getByText(/Welcome, Eve!/)
        .waitFor();
      const sid = (await context.cookies(stack.url)).find((c) => c.name === 'sid')!;
      expect(await api('/api/auth/user', { headers: { cookie: `sid=${sid.value}` } })).toMatchObject({ firstName: 'Eve', telegramUserId: 777 });
      await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
      await page.getByText("You haven't made any mobile recharges yet").waitFor();
      await page.getByRole('link', { name: 'Make Your First Recharge' }).waitFor();
      await shots(page, 'orders-empty');
      await page.goto(`${stack.url}/profile`);
      expect(await page.locator('.account-list').innerText()).toMatch(/Name\s+Eve/);
    } finally {
      await context.close();
    }
  });
});

describe('support that keeps its word', () => {
  const ORDER_PAGE_PHONE = { width: 390, height: 844 };

  it('the chat, opened for an order, sends the message to the inbox; the admin sees it and answers; the answer comes by e-mail and in the chat', async () => {
    const created = await api<{ paymentId: string; orderId: number }>('/api/crypto-payment', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' }),
    });
    // The order page's "contact support" link: any page with ?support=open&order=<paymentId>.
    const { context, page } = await open(`/orders?support=open&order=${created.paymentId}`, ORDER_PAGE_PHONE);
    try {
      const log = page.getByRole('log');
      await log.getByText('Welcome to CRYPTO TOP-UPS support').waitFor();
      await page.getByText(`About order ${created.paymentId}`).waitFor();
      await page.getByLabel('Your e-mail address, for our answer').fill('round.trip@example.net');
      const question = 'Is my <b>order</b> paid? <img src=x onerror="window.hacked=1">';
      await page.getByLabel('Message').fill(question);
      await page.getByRole('button', { name: 'Send' }).click();
      await log.getByText(/reached our support team; we will answer here and by e-mail to round\.trip@example\.net/).waitFor({ timeout: 3000 });
      // Shown as text, never as markup.
      await log.getByText(question).waitFor();
      expect(await log.locator('b, img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
      await expectAccessible(page);
      await saveScreen(page, 'site-support-sent-390', false);

      // The admin sees it in the inbox, with the order, and answers.
      const login = await api<{ token: string }>('/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: stack.config.admin.email, password: stack.config.admin.password }),
      });
      const admin = { 'x-admin-token': login.token, 'content-type': 'application/json' };
      const unread = await api<{ unreadThreads: number }>('/api/admin/support/unread', { headers: admin });
      expect(unread.unreadThreads).toBeGreaterThanOrEqual(1);
      const threads = await api<{ id: number; contactEmail: string; unread: number; preview: string }[]>('/api/admin/support/threads', { headers: admin });
      const thread = threads.find((t) => t.contactEmail === 'round.trip@example.net')!;
      expect(thread).toMatchObject({ unread: 1, preview: question });
      const detail = await api<{ messages: { text: string; order: { paymentId: string } | null }[] }>(`/api/admin/support/threads/${thread.id}`, {
        headers: admin,
      });
      expect(detail.messages).toEqual([expect.objectContaining({ text: question, order: expect.objectContaining({ paymentId: created.paymentId }) })]);
      const answer = 'Not yet: send the payment before the window ends, or reply here.';
      expect(
        (await fetch(`${stack.url}/api/admin/support/threads/${thread.id}/reply`, { method: 'POST', headers: admin, body: JSON.stringify({ text: answer }) }))
          .status,
      ).toBe(200);

      // The e-mail reaches the customer's address (the local mail outbox here) …
      const outbox = path.join(stack.config.dataDir, 'mail-outbox');
      await expect
        .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('round.trip@example.net.eml')).length : 0), { timeout: 10_000 })
        .toBe(1);
      // … and the chat shows the answer when it is opened again in this browser.
      await page.goto(`${stack.url}/`);
      await page.getByRole('button', { name: 'Open live chat' }).click();
      await log.locator('li.from-support').getByText(answer).waitFor();
      await log.locator('li.from-me').getByText(question).waitFor();
      // The address is known: no field for it any more.
      expect(await page.getByLabel('Your e-mail address, for our answer').count()).toBe(0);
      await saveScreen(page, 'site-support-answer-390', false);
    } finally {
      await context.close();
    }
  });
});

describe('/orders states', () => {
  it('shows the loading skeleton, then the error with Return Home', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/orders', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' }, message: 'boom' }),
      });
    });
    try {
      await page.goto(`${stack.url}/orders`);
      await page.getByRole('heading', { name: 'Order History' }).waitFor();
      await page.getByTestId('orders-loading').waitFor();
      expect(await page.locator('.order-card.skeleton').count()).toBe(3);
      await shots(page, 'orders-loading');
      release();
      await page.getByText('Failed to load order history. Please try again later.').waitFor();
      await shots(page, 'orders-error');
      await page.getByRole('link', { name: 'Return Home' }).click();
      await page.getByRole('heading', { name: /Recharge any phone/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the privacy policy has its 10 sections, date and version, and says undeliverable payments go to the balance', async () => {
    const { context, page } = await open('/privacy', PHONE);
    try {
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await page.getByText('Effective date: June 29, 2025 · Version 1.0').waitFor();
      expect(
        await page
          .locator('section h2')
          .filter({ hasText: /^\d+\. / })
          .count(),
      ).toBe(10);
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/never lost/);
      expect(text).toMatch(/credited to your\s+balance/);
      expect(text).toMatch(/18 and over/);
      expect(text).toMatch(/6-minute window/);
      expect(text).not.toMatch(/all sales are final|no refunds|195\+/i);
      await page.getByText('help@topup.test').first().waitFor();
      await shots(page, 'privacy', true);
    } finally {
      await context.close();
    }
  });

  it('no page threw', () => {
    expect(pageErrors).toEqual([]);
  });
});
