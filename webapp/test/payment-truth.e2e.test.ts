import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../api/src/db/schema';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { CATALOGS } from '../../shared/src/i18n/catalogs';
import { OTHERS } from './english';
import { PHONE_390, rechargeToPayment } from './pages';
import { LIGHT_THEME, launchHash, signedInitData, telegramClientScript } from './telegram';
import type { Stack } from './stack';

/**
 * What a customer is told on each surface that shows a payment (the site's /recharge overlay and
 * order page, /app, the mini-app) when money is off the happy path: the coin and its network in words
 * beside the amount, another coin arriving, a refused cancel, an over-payment on the success screen, a
 * short payment after the window, and dollars in the page's language. Each surface opens its payment screen as a reload would (the order remembered in the browser). One
 * confirmation: a payment counts as soon as it is seen, as when a watcher catches up.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ ETHEREUM_CONFIRMATIONS: '1' }));
});

afterAll(() => closeBrowserStack({ stack, browser }));

interface Created {
  orderId: number;
  paymentId: string;
  orderToken: string;
  walletAddress: string;
  cryptoAmount: string;
}

type Surface = 'recharge' | 'app' | 'telegram';
const SURFACES: Surface[] = ['recharge', 'app', 'telegram'];

/** A $10 MTN Cameroon recharge ($11 with the fee: 11 USDT on Ethereum) made through the API, anonymous or by the mini-app's user. */
async function newOrder(initData?: string): Promise<Created> {
  const res = await fetch(`${stack.url}/api/create-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(initData ? { authorization: `tma ${initData}` } : {}) },
    body: JSON.stringify({ phoneNumber: '+237671234567', operatorId: 53, amount: 10, currency: 'USDT' }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as Created;
}

/** The wizard's choices of that order, as a surface remembers them beside its open payment. */
async function wizardOfOrder() {
  const get = async (path: string) => (await fetch(`${stack.url}${path}`)).json() as Promise<{ id?: number; operatorId?: number; amount?: number }[]>;
  const country = (await get('/api/countries')).find((c) => c.id === 120);
  const operator = (await get('/api/countries/120/operators?serviceType=airtime')).find((o) => o.operatorId === 53);
  const amount = (await get('/api/operators/53/amounts?serviceType=airtime')).find((a) => a.amount === 10);
  return { step: 4, country, serviceType: 'airtime', operator, amount, phone: '671234567' };
}

/** The surface's payment screen for `order`, opened as after a reload at phone size; its container. */
async function openPayment(surface: Surface, order: Created): Promise<{ context: BrowserContext; page: Page; screen: Locator }> {
  const context = await browser.newContext({ viewport: PHONE_390, ...(surface === 'telegram' ? { hasTouch: true, isMobile: true } : {}) });
  const remembered = { paymentId: order.paymentId, orderToken: order.orderToken, wizard: await wizardOfOrder(), coin: 'USDT' };
  await context.addInitScript({ content: `localStorage.setItem('open_payment', ${JSON.stringify(JSON.stringify(remembered))});` });
  if (surface === 'telegram') await context.addInitScript({ content: telegramClientScript(LIGHT_THEME) });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto(surface === 'telegram' ? `${stack.url}/telegram${launchHash(signedInitData(), LIGHT_THEME)}` : `${stack.url}/${surface}`);
  const screen = surface === 'recharge' ? page.getByRole('dialog', { name: 'Processing Payment' }) : page.locator('.wz-payment');
  await screen.getByTestId('pay-amount').waitFor({ timeout: 15_000 });
  return { context, page, screen };
}

const top = async (el: Locator) => (await el.boundingBox())!.y;

/** Whether the element is wholly inside the viewport, where the customer is looking. */
const inView = (el: Locator) =>
  el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    // Within a pixel: scrolling lands on fractions of one.
    return r.top > -1 && r.bottom < window.innerHeight + 1 && r.height > 0;
  });

describe('the payment screen tells the truth', () => {
  for (const [i, surface] of SURFACES.entries()) {
    it(`${surface}: names the coin and its network in words beside the amount, above the QR code`, async () => {
      const order = await newOrder();
      const { context, screen } = await openPayment(surface, order);
      try {
        const coin = screen.getByTestId('pay-coin');
        expect(await coin.innerText()).toBe('USDT on Ethereum');
        expect(await inView(coin)).toBe(true);
        expect(await top(coin)).toBeLessThan(await top(screen.getByAltText('Payment QR code')));
        expect(await screen.locator('.wz-qr figcaption').innerText()).toContain('USDT on Ethereum');
        expect(await screen.innerText()).not.toContain('USDT-');
      } finally {
        await context.close();
      }
    });

    it(`${surface}: another coin arriving is named, credited, and the order still asks for its own coin`, async () => {
      const order = await newOrder();
      const { context, screen } = await openPayment(surface, order);
      try {
        await stack.pay('USDC', order.walletAddress, '3', 1 + i);
        const notice = screen.getByTestId('pay-wrong-coin');
        await notice.waitFor({ timeout: 30_000 });
        expect(await notice.innerText()).toBe(
          'Another coin (not USDT on Ethereum) arrived at this address. Its value, $3.00, is kept for you: sign in in this browser and it moves to your balance. This order still waits for 11 USDT on Ethereum: send only that coin, or leave it to expire.',
        );
        expect(await screen.getByTestId('pay-amount').innerText()).toBe('11 USDT');
      } finally {
        await context.close();
      }
    });

    it(`${surface}: CANCEL after a partial payment shows why not where the customer looks`, async () => {
      const order = await newOrder();
      const { context, screen } = await openPayment(surface, order);
      try {
        await stack.pay('USDT', order.walletAddress, '5', 4 + i);
        await expect.poll(() => screen.getByTestId('pay-amount').innerText(), { timeout: 30_000 }).toBe('6 USDT');
        await screen.getByRole('button', { name: /^cancel/i }).click();
        const refused = screen.getByTestId('cancel-refused');
        await refused.waitFor();
        await expect.poll(() => inView(refused)).toBe(true);
      } finally {
        await context.close();
      }
    });

    it(`${surface}: paid too much, the success screen says where the excess went and the local amount delivered`, async () => {
      const order = await newOrder();
      const { context, page } = await openPayment(surface, order);
      try {
        await stack.pay('USDT', order.walletAddress, '12', 8);
        const success = page.locator('.wz-success');
        await success.waitFor({ timeout: 60_000 });
        await expect
          .poll(() => success.getByTestId('success-overpaid').innerText(), { timeout: 30_000 })
          .toBe('You sent more than was due: $1.00 is kept for you: sign in in this browser and it moves to your balance.');
        expect(await success.getByTestId('success-delivered').innerText()).toMatch(/^[\d,]+\s+XAF\s+·\s+\$10\.00( USD)?$/);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a short payment after the window', () => {
  it('is not lost: the order page and the mini-app ask for the rest, and say where its value goes otherwise', async () => {
    const initData = signedInitData();
    const order = await newOrder(initData);
    await stack.server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.orderId));
    await stack.server.services.orders.expire(order.orderId);
    await stack.pay('USDT', order.walletAddress, '5', 7);

    const site = await browser.newContext({ viewport: PHONE_390 });
    const telegram = await browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true });
    try {
      const page = await site.newPage();
      await page.goto(`${stack.url}/orders/${order.paymentId}?token=${order.orderToken}`);
      await expect.poll(() => page.getByTestId('order-state').innerText(), { timeout: 30_000 }).toBe('Underpaid: send the rest');
      expect(await page.getByTestId('order-sentence').innerText()).toMatch(
        /^Underpaid: 5 of 11 USDT received; send the rest until .+ or it is credited to your balance\.$/,
      );
      expect(await page.getByTestId('order-pay-amount').innerText()).toBe('6 USDT');
      expect(await page.getByTestId('order-received').innerText()).toBe('5 USDT');
      expect(await page.getByTestId('pay-coin').innerText()).toBe('USDT on Ethereum');

      await telegram.addInitScript({ content: telegramClientScript(LIGHT_THEME) });
      const tma = await telegram.newPage();
      await tma.goto(`${stack.url}/telegram${launchHash(initData, LIGHT_THEME)}&tgWebAppStartParam=order_${order.paymentId}`);
      await expect.poll(() => tma.getByTestId('order-state').innerText(), { timeout: 15_000 }).toBe('Underpaid: send the rest');
      expect(await tma.getByTestId('order-pay-amount').innerText()).toBe('6 USDT');
    } finally {
      await site.close();
      await telegram.close();
    }
  });
});

describe('a payment remembered in the browser that closed meanwhile', () => {
  it('/recharge says so and links to its order page', async () => {
    const order = await newOrder();
    await stack.server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.orderId));
    await stack.server.services.orders.expire(order.orderId);
    const context = await browser.newContext({ viewport: PHONE_390 });
    const remembered = { paymentId: order.paymentId, orderToken: order.orderToken, wizard: await wizardOfOrder(), coin: 'USDT' };
    await context.addInitScript({ content: `localStorage.setItem('open_payment', ${JSON.stringify(JSON.stringify(remembered))});` });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/recharge`);
      const notice = page.getByTestId('lapsed-payment');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.innerText()).toContain('Your last payment is no longer open');
      expect(await notice.getByRole('link').getAttribute('href')).toBe(`/orders/${order.paymentId}?token=${order.orderToken}`);
    } finally {
      await context.close();
    }
  });
});

describe('dollars in the customer’s language', () => {
  it('/recharge’s coin step: the network fee and the total in the language’s format, the currency named once', async () => {
    const context = await browser.newContext({ viewport: PHONE_390 });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/recharge`);
      await rechargeToPayment(page, { search: 'Cameroon', country: /Cameroon/, operator: 'MTN Cameroon', phone: '671234567', amount: '$10.00' });
      for (const locale of OTHERS) {
        await page.getByTestId('language-switch').selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        const total = page.locator('.wz-pay-total small');
        await expect.poll(() => total.innerText()).toContain(CATALOGS[locale].web.pay.choiceWords.usd(1100));
        // "≈ 11,00 $US", not "≈ 11,00 $US USD".
        expect((await total.innerText()).match(/USD|US\$|\$US/g)).toHaveLength(1);
        for (const fee of await page.locator('.wz-network-fee').allInnerTexts()) expect(fee).not.toMatch(/\$\d/);
      }
    } finally {
      await context.close();
    }
  });
});
