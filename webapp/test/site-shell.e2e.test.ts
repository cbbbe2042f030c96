import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowserStack, saveScreen, startBrowserStack } from './browser-stack';
import { auditPage, DESKTOP, expectAccessible, PHONE, shots, sitePages, SUPPORT } from './site-pages';
import type { Stack } from './stack';

/**
 * The web site end to end, its shell: the header, home, landing, menu and theme, every page's fit at
 * 360 px, the 404 page, the support widget and its round trip through the admin's inbox, the /orders
 * states and the privacy policy. The built site served by the real server (API, workers, chain watchers
 * on a local devnet: the support answer goes out by a worker's job), in Debian's Chromium. One server
 * and one browser for the file; a context per test. Screens are saved as site-pages.ts says.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack(SUPPORT));
});

afterAll(() => closeBrowserStack({ stack, browser }));

const pageErrors: string[] = [];
const { open, api } = sitePages(() => ({ stack, browser }), pageErrors);

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

describe('support that keeps its word', () => {
  const ORDER_PAGE_PHONE = { width: 390, height: 844 };

  it('the chat, opened for an order, sends the message to the inbox; the admin sees it and answers; the answer comes by e-mail and in the chat', async () => {
    const created = await api<{ paymentId: string; orderId: number; orderToken: string }>('/api/crypto-payment', {
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
      // The order was made in this browser: it holds the order's token, the proof that links the message to it.
      await page.evaluate((token) => localStorage.setItem('order_tokens', JSON.stringify([token])), created.orderToken);
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
