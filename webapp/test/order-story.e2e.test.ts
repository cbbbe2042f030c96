import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { jobs, orders } from '../../api/src/db/schema';
import { QUEUES } from '../../api/src/jobs/queues';
import { OrderTokens } from '../../api/src/services/order-tokens';
import { orderPageLink } from '../../api/src/services/receipts';
import { webSession } from '../../api/test/customers';
import { closeBrowserStack, saveScreen, startBrowserStack } from './browser-stack';
import { PHONE_390, pressBackButton, rechargeToPayment } from './pages';
import { LIGHT_THEME, launchHash, signedInitData, telegramClientScript } from './telegram';
import type { Stack } from './stack';

/**
 * Money off the happy path, in the browser at phone size: each path ends on the order page
 * (/orders/{paymentId}) with the right story, and the balance right to the cent. One server (API,
 * workers, chain watchers on the local devnet) and one browser for the file; a context per customer.
 * Windows are shortened by moving an order's deadline into the past, as the expiry and close-watch
 * jobs then find it.
 */

/** The order page at phone size, saved beside the site's screens. */
const MINI_APP_LINK = 'https://t.me/topup_test_bot/app';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ SUPPORT_EMAIL: 'help@topup.test', SUPPORT_TELEGRAM: '@topup_support', MINI_APP_LINK }));
});

afterAll(() => closeBrowserStack({ stack, browser }));

interface Created {
  orderId: number;
  paymentId: string;
  orderToken: string;
  walletAddress: string;
  cryptoAmount: string;
}

/** A browser context at phone size, signed in as `email` (a fresh customer) or anonymous. */
async function customer(email: string | null): Promise<{ context: BrowserContext; page: Page; cookie: string | null }> {
  const context = await browser.newContext({ viewport: PHONE_390 });
  const cookie = email ? await webSession(stack, email) : null;
  if (cookie) await context.addCookies([{ name: 'sid', value: cookie, url: stack.url }]);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  return { context, page, cookie: cookie && `sid=${cookie}` };
}

/** A $10 MTN Cameroon recharge ($11 with the fee: 11 USDT) made through the API for the signed-in customer. */
async function orderFor(cookie: string): Promise<Created> {
  const res = await fetch(`${stack.url}/api/create-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ phoneNumber: '+237671234567', operatorId: 53, amount: 10, currency: 'USDT' }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as Created;
}

/** /recharge to the payment overlay: Nigeria, MTN, $10 (11 USDT), an optional receipt e-mail. */
async function payOnRecharge(page: Page, opts: { phone?: string; email?: string; country?: [string, RegExp, string]; amount?: string } = {}): Promise<Created> {
  const [search, country, operator] = opts.country ?? ['Nigeria', /Nigeria/, 'MTN Nigeria'];
  await page.goto(`${stack.url}/recharge`);
  await rechargeToPayment(page, { search, country, operator, phone: opts.phone ?? '8031234567', amount: opts.amount ?? '$10.00' });
  if (opts.email) await page.getByLabel('Email (optional)').fill(opts.email);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/crypto-payment') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create USDT Payment' }).click();
  const order = (await (await created).json()) as Created;
  await page.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
  return order;
}

/** The order's display state, as the server says it now (its owner's cookie, or its token). */
async function storyOf(
  order: Created,
  cookie: string | null,
): Promise<{ display: { state: string; sub: string | null }; value: { onBalanceAmount: number; heldAmount: number } }> {
  const res = await fetch(`${stack.url}/api/orders/${order.paymentId}/story?token=${order.orderToken}`, { headers: cookie ? { cookie } : {} });
  return (await res.json()) as never;
}

const stateOf = async (order: Created, cookie: string | null) => {
  const d = (await storyOf(order, cookie)).display;
  return d.sub ? `${d.state}.${d.sub}` : d.state;
};

async function balanceOf(cookie: string): Promise<number> {
  return ((await (await fetch(`${stack.url}/api/balance`, { headers: { cookie } })).json()) as { balance: number }).balance;
}

/** The window has passed: the order's deadline moves into the past, and the expiry job runs as the worker would. */
async function endWindow(order: Created): Promise<void> {
  await stack.server.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, order.orderId));
  await stack.server.services.orders.expire(order.orderId);
}

/** The address stops being watched: the close-watch job of an underpaid order is due now (the running worker takes it). */
async function endWatch(order: Created): Promise<void> {
  await stack.server.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.key, `${QUEUES.closeWatch}:${order.orderId}`));
}

/** The order page, and its badge once it says `label`. */
async function orderPage(page: Page, order: Created, label: string, token?: string): Promise<void> {
  await page.goto(`${stack.url}/orders/${order.paymentId}${token ? `?token=${token}` : ''}`);
  await expect.poll(() => page.getByTestId('order-state').innerText(), { timeout: 30_000 }).toBe(label);
}

const sentence = (page: Page) => page.getByTestId('order-sentence').innerText();
const timelineKinds = (page: Page) => page.locator('[data-testid="order-timeline"] li').evaluateAll((items) => items.map((li) => li.getAttribute('data-kind')));
const dashboardBalance = async (page: Page) => {
  await page.goto(`${stack.url}/dashboard`);
  await expect.poll(() => page.getByTestId('balance').innerText()).toMatch(/^\$\d/);
  return page.getByTestId('balance').innerText();
};

// Each path has its own customer and its own devnet payer.
describe('the order page tells the story of money off the happy path', () => {
  it('partial, then the rest: the overlay asks for the rest only (amount, copy, QR); the order completes', async () => {
    const { context, page, cookie } = await customer('partial@example.com');
    try {
      const order = await payOnRecharge(page);
      expect(order.cryptoAmount).toBe('11');
      await stack.pay('USDT', order.walletAddress, '5', 1);
      const dialog = page.getByRole('dialog', { name: 'Processing Payment' });
      await expect.poll(() => dialog.getByTestId('pay-amount').innerText(), { timeout: 30_000 }).toBe('6 USDT');
      await dialog.getByText('Amount still to send').waitFor();
      await dialog.getByTestId('pay-truth').getByText('Underpaid: 5 of 11 USDT received').waitFor();
      // The QR code and the wallet link carry the rest: 6 USDT in base units.
      expect(await dialog.getByTestId('open-in-wallet').getAttribute('href')).toContain('uint256=6000000');
      await stack.pay('USDT', order.walletAddress, '6', 1);
      await page.getByRole('heading', { name: 'Top-up Successful!' }).waitFor({ timeout: 30_000 });

      // From the order list to the order page.
      await page.goto(`${stack.url}/orders`);
      await page.locator(`.order-card[data-order-id="${order.orderId}"] a`).click();
      await expect.poll(() => page.getByTestId('order-state').innerText(), { timeout: 30_000 }).toBe('Completed');
      expect(await page.getByTestId('order-received').innerText()).toBe('11 USDT');
      expect(await page.getByTestId('order-payment').count()).toBe(2);
      expect(await timelineKinds(page)).toEqual(expect.arrayContaining(['created', 'payment_seen', 'paid', 'submitted', 'completed']));
      await page.getByTestId('order-next').getByText('Recharge this number again').waitFor();
      expect(await balanceOf(cookie!)).toBe(0);
      expect(await dashboardBalance(page)).toBe('$0.00');
    } finally {
      await context.close();
    }
  });

  it('partial, then the window passes: underpaid with the rest to send, then credited when the watch ends', async () => {
    const { context, page, cookie } = await customer('underpaid@example.com');
    try {
      const order = await orderFor(cookie!);
      await stack.pay('USDT', order.walletAddress, '5', 2);
      await expect.poll(() => stateOf(order, cookie), { timeout: 30_000 }).toBe('partly_paid.in_window');
      await endWindow(order);
      await orderPage(page, order, 'Underpaid: send the rest');
      expect(await sentence(page)).toMatch(/^Underpaid: 5 of 11 USDT received; send the rest until .+ or it is credited to your balance\.$/);
      expect(await page.getByTestId('order-pay-amount').innerText()).toBe('6 USDT');
      expect(await page.getByTestId('order-remaining').innerText()).toBe('6 USDT');
      // Share and come back: the same order in the mini-app.
      expect(await page.getByTestId('open-in-telegram').getAttribute('href')).toBe(`${MINI_APP_LINK}?startapp=order_${order.paymentId}`);
      await saveScreen(page, 'order-underpaid-phone');

      // The watch ends: what arrived is credited; the page, live, says so.
      await endWatch(order);
      await expect.poll(() => stateOf(order, cookie), { timeout: 30_000 }).toBe('expired_credited.on_balance');
      // The page, still open, asks again while the order moves: it says so by itself.
      await expect.poll(() => page.getByTestId('order-state').innerText(), { timeout: 15_000 }).toBe('Expired: credited to your balance');
      expect(await sentence(page)).toBe('Payment window expired. What arrived (5 USDT) $5.00 was credited to your balance.');
      await page.getByTestId('order-credits').getByText('$5.00: Less than the amount due, when the watch ended').waitFor();
      await saveScreen(page, 'order-credited-phone');
      expect(await page.getByTestId('order-remaining').count()).toBe(0);
      await page.getByTestId('order-next').click();
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(() => page.getByTestId('balance').innerText()).toBe('$5.00');
      expect(await balanceOf(cookie!)).toBe(5);
    } finally {
      await context.close();
    }
  });

  it('wrong coin: USDC sent to a USDT order is credited, and the order page and dashboard say so', async () => {
    const { context, page, cookie } = await customer('wrongcoin@example.com');
    try {
      const order = await orderFor(cookie!);
      await stack.pay('USDC', order.walletAddress, '3', 3);
      await expect.poll(async () => (await storyOf(order, cookie)).value.onBalanceAmount, { timeout: 30_000 }).toBe(3);
      await orderPage(page, order, 'Waiting for payment');
      expect(await sentence(page)).toMatch(/Received beyond the order: \$3\.00 was credited to your balance\.$/);
      expect(await page.getByTestId('order-payment').innerText()).toContain('3 USDC');
      expect(await page.getByTestId('order-payment').innerText()).toContain('another coin: credited to the balance');
      await page.getByTestId('order-credits').getByText('$3.00: Another coin sent to the address (on your balance)').waitFor();
      // The order itself still waits for its 11 USDT.
      expect(await page.getByTestId('order-pay-amount').innerText()).toBe('11 USDT');
      expect(await dashboardBalance(page)).toBe('$3.00');
      // The dashboard's row of the order names the credit.
      expect(await page.locator(`.tx-row[data-order-id="${order.orderId}"]`).getByTestId('order-credit').innerText()).toBe(
        '$3.00: Another coin sent to the address (on your balance)',
      );
    } finally {
      await context.close();
    }
  });

  it('late payment: after the window a stablecoin payment still pays the order', async () => {
    const { context, page, cookie } = await customer('late@example.com');
    try {
      const order = await orderFor(cookie!);
      await endWindow(order);
      await orderPage(page, order, 'Expired');
      expect(await sentence(page)).toBe('Payment Window Expired. Nothing was received.');
      // "Recharge this number again": the wizard with the same number.
      await page.getByTestId('order-next').click();
      await page.waitForURL(/\/recharge$/);
      expect(await page.getByLabel('Phone number').inputValue()).toBe('671234567');

      await stack.pay('USDT', order.walletAddress, order.cryptoAmount, 4);
      await expect.poll(() => stateOf(order, cookie), { timeout: 30_000 }).toBe('completed');
      await orderPage(page, order, 'Completed');
      const kinds = await timelineKinds(page);
      expect(kinds.indexOf('expired')).toBeLessThan(kinds.indexOf('payment_seen'));
      expect(kinds).toContain('completed');
      expect(await dashboardBalance(page)).toBe('$0.00');
    } finally {
      await context.close();
    }
  });

  it('failed delivery of an anonymous order: the credit is kept, then on the balance at sign-in from a fresh browser', async () => {
    const email = 'anonfailed@example.com';
    const first = await customer(null);
    let order: Created;
    try {
      // The sandbox fails numbers ending in 0001.
      order = await payOnRecharge(first.page, { country: ['Philippines', /Philippines/, 'Globe Philippines'], phone: '9051230001', amount: '$5.00', email });
      await stack.pay('USDT', order.walletAddress, order.cryptoAmount, 5);
      await first.page.getByRole('dialog', { name: 'Top-up Failed' }).waitFor({ timeout: 30_000 });
      await orderPage(first.page, order, 'Failed: credit kept for you');
      expect(await first.page.getByTestId('order-held').innerText()).toContain('$6.00');
      await first.page.getByText(`Sign in with ${email} to find this credit on your balance.`).waitFor();
      // Made on the site: its e-mail address is the way to the credit, not a Telegram account it does not have.
      expect(await sentence(first.page)).toBe("The top-up could not be delivered. $6.00 is kept for you: sign in with this order's e-mail address to use it.");
      expect(await first.page.getByTestId('order-credits').innerText()).toContain('(kept for you until you sign in)');
      expect(await timelineKinds(first.page)).toEqual(expect.arrayContaining(['paid', 'submitted', 'failed', 'credited']));
    } finally {
      await first.context.close();
    }

    // The receipt's link (orderPageLink: the read-only token), opened signed in from a browser with no local state.
    const link = new URL(orderPageLink({ siteUrl: stack.url, tokens: new OrderTokens(stack.config.orderTokenSecret) }, order.paymentId));
    const fresh = await customer(email);
    try {
      await orderPage(fresh.page, order, 'Failed: refunded to your balance', link.searchParams.get('token')!);
      expect(await fresh.page.getByTestId('order-on-balance').innerText()).toContain('$6.00');
      // Signed in, the credit is said where it is now.
      expect(await fresh.page.getByTestId('order-credits').innerText()).toBe('$6.00: Refund of an undelivered top-up (on your balance)');
      expect(await dashboardBalance(fresh.page)).toBe('$6.00');
      expect(await balanceOf(fresh.cookie!)).toBe(6);
    } finally {
      await fresh.context.close();
    }
  });

  it('failed delivery of an anonymous order without an e-mail address: the way to its credit is the browser that made it', async () => {
    const res = await fetch(`${stack.url}/api/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '+237671234567', operatorId: 53, amount: 10, currency: 'USDT' }),
    });
    const order = (await res.json()) as Created;
    const { db } = stack.server.database;
    const [row] = await db.update(orders).set({ status: 'failed' }).where(eq(orders.id, order.orderId)).returning();
    await stack.server.services.balances.creditFailedDelivery(db, row!);
    const { context, page } = await customer(null);
    try {
      await orderPage(page, order, 'Failed: credit kept for you', order.orderToken);
      expect(await sentence(page)).toBe('The top-up could not be delivered. $11.00 is kept for you: sign in in the browser that made the order to use it.');
      expect(await page.getByTestId('order-sign-in-with').innerText()).toBe('Sign in in the browser that made the order to find this credit on your balance.');
      expect(await page.locator('.os').innerText()).not.toMatch(/e-mail|Telegram/);
    } finally {
      await context.close();
    }
  });

  it('reload mid-payment: the payment overlay comes back with its countdown, QR and live status; then paid', async () => {
    const { context, page, cookie } = await customer(null);
    try {
      const order = await payOnRecharge(page);
      await page.reload();
      const dialog = page.getByRole('dialog', { name: 'Processing Payment' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('pay-address').innerText()).toBe(order.walletAddress);
      await dialog.locator('.wz-countdown').waitFor();
      await dialog.getByAltText('Payment QR code').waitFor();
      await stack.pay('USDT', order.walletAddress, order.cryptoAmount, 6);
      await page.getByRole('heading', { name: 'Top-up Successful!' }).waitFor({ timeout: 30_000 });
      await orderPage(page, order, 'Completed');
      expect(await page.getByTestId('order-received').innerText()).toBe('11 USDT');
      expect(await page.getByTestId('order-credits').count()).toBe(0);
      expect(cookie).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('CANCEL after a partial payment: the server says why not, the order stays open for the rest', async () => {
    const { context, page, cookie } = await customer('canceller@example.com');
    try {
      const order = await payOnRecharge(page);
      await stack.pay('USDT', order.walletAddress, '5', 7);
      const dialog = page.getByRole('dialog', { name: 'Processing Payment' });
      await expect.poll(() => dialog.getByTestId('pay-amount').innerText(), { timeout: 30_000 }).toBe('6 USDT');
      await dialog.getByRole('button', { name: 'CANCEL' }).click();
      const refused = dialog.getByTestId('cancel-refused');
      await refused.waitFor();
      expect(await refused.innerText()).toContain('This order cannot be cancelled: a payment for it has already arrived.');
      expect(await dialog.getByTestId('pay-amount').innerText()).toBe('6 USDT');
      expect(await stateOf(order, cookie)).toBe('partly_paid.in_window');
      await orderPage(page, order, 'Underpaid');
      expect(await page.getByTestId('order-pay-amount').innerText()).toBe('6 USDT');
      expect(await dashboardBalance(page)).toBe('$0.00');
    } finally {
      await context.close();
    }
  });

  it('operator mismatch: the refusal names the number’s operator and offers to switch to it', async () => {
    const { context, page } = await customer(null);
    try {
      await page.goto(`${stack.url}/recharge`);
      await rechargeToPayment(page, { search: 'Cameroon', country: /Cameroon/, operator: 'MTN Cameroon', phone: '699123456', amount: '$10.00' });
      await page.getByRole('button', { name: 'Create USDT Payment' }).click();
      const failed = page.getByRole('dialog', { name: 'Payment Failed' });
      await failed.getByText(/This number belongs to Orange Cameroon, not MTN Cameroon/).waitFor();
      await failed.getByTestId('switch-operator').click();
      await failed.waitFor({ state: 'detached' });
      // On the number's operator now, with the same number.
      if (await page.getByRole('button', { name: 'Create USDT Payment' }).isVisible()) {
        const created = page.waitForResponse((r) => r.url().endsWith('/api/crypto-payment'));
        await page.getByRole('button', { name: 'Create USDT Payment' }).click();
        expect((await created).ok()).toBe(true);
      } else {
        expect(await page.getByLabel('Phone number').inputValue()).toBe('699123456');
        await page.getByRole('button', { name: 'Orange Cameroon' }).or(page.getByText('Orange Cameroon')).first().waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('the mini-app: startapp=order_<id> opens the same story; the orders screen opens it too', async () => {
    const initData = signedInitData();
    const res = await fetch(`${stack.url}/api/crypto-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `tma ${initData}` },
      body: JSON.stringify({ countryId: 120, operatorId: 53, amount: 10, phoneNumber: '+237671234567', cryptoCurrency: 'USDT' }),
    });
    expect(res.ok).toBe(true);
    const order = (await res.json()) as Created;
    await stack.pay('USDT', order.walletAddress, '5', 9);
    await expect.poll(() => stateOf(order, null), { timeout: 30_000 }).toBe('partly_paid.in_window');

    const context = await browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true });
    await context.addInitScript({ content: telegramClientScript(LIGHT_THEME) });
    const page = await context.newPage();
    try {
      // The bot's link t.me/<bot>?startapp=order_<id>: Telegram passes it as the start parameter.
      await page.goto(`${stack.url}/telegram${launchHash(initData, LIGHT_THEME)}&tgWebAppStartParam=order_${order.paymentId}`);
      await expect.poll(() => page.getByTestId('order-state').innerText(), { timeout: 15_000 }).toBe('Underpaid');
      expect(await page.getByTestId('order-pay-amount').innerText()).toBe('6 USDT');
      expect(await page.getByTestId('order-received').innerText()).toBe('5 USDT');
      await pressBackButton(page);
      await page.locator(`.tma-order[data-order-id="${order.orderId}"] button`).click();
      await expect.poll(() => page.getByTestId('order-state').innerText(), { timeout: 15_000 }).toBe('Underpaid');
    } finally {
      await context.close();
    }
  });
});
