import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { webSession } from '../../api/test/customers';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import type { Stack } from './stack';

/**
 * Leaving is not cancelling (docs/design.md section 9): Back and closing the page are
 * answered (the site still sends its release and its beacon, with the order token or the cookie as
 * proof of ownership) and the order stays payable until its window ends; CANCEL
 * cancels. The mini-app's back button and beacon are in tma.e2e.test.ts, /recharge's BACK, CANCEL and
 * navigation in site-recharge.e2e.test.ts.
 */

const PHONE = { width: 360, height: 740 };

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // Orders and their cancellation need no chain: no devnet, no workers.
  ({ stack, browser } = await startBrowserStack({}, { chain: false }));
});

afterAll(() => closeBrowserStack({ stack, browser }));

/** The beacon of a page that went away cannot be awaited: give it time to arrive, then look. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** An order the page created: its number and its order token (the status by number answers only its owner). */
type Created = { orderId: number; orderToken: string };

async function statusOf(order: Created): Promise<string> {
  const res = await fetch(`${stack.url}/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } });
  return ((await res.json()) as { status: string }).status;
}

/** Resolves with the next order the page creates. */
function nextOrder(page: Page, route: string): Promise<Created> {
  return page.waitForResponse((r) => r.url().endsWith(route) && r.request().method() === 'POST').then(async (r) => (await r.json()) as Created);
}

/** /app from step 1 to the payment of step 6. */
async function compactToPayment(page: Page): Promise<Created> {
  await page.getByLabel('Phone number').fill('671234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Choose Operator' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button').filter({ hasText: '$10' }).first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Review Order' }).waitFor();
  const created = nextOrder(page, '/api/create-payment');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByText('Waiting for Payment...').waitFor();
  return created;
}

/** /recharge from step 1 to the payment overlay. */
async function rechargeToPayment(page: Page): Promise<Created> {
  await page.getByPlaceholder('Search country...').fill('Nigeria');
  await page
    .getByRole('list', { name: 'Countries' })
    .getByRole('button', { name: /Nigeria/ })
    .click();
  await page.getByRole('button', { name: 'MTN Nigeria', exact: true }).click();
  await page.getByLabel('Phone number').fill('8031234567');
  await page.locator('.wz-tiles-amounts .wz-tile').filter({ hasText: '$10.00' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
  const created = nextOrder(page, '/api/crypto-payment');
  await page.getByRole('button', { name: 'Create USDT Payment' }).click();
  await page.getByRole('dialog', { name: 'Processing Payment' }).waitFor();
  return created;
}

describe('the owner leaves an unpaid payment on the web site', () => {
  it('/app: Back on the payment step, and closing the page (the beacon carries the order token): the order stays payable', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.url}/app`);
      const first = await compactToPayment(page);
      const released = page.waitForResponse((r) => r.url().endsWith('/api/release-wallet'));
      await page.getByRole('button', { name: 'Back' }).click();
      expect((await released).status()).toBe(200);
      expect(await statusOf(first)).toBe('pending_crypto_payment');

      await page.goto(`${stack.url}/app`);
      const second = await compactToPayment(page);
      await page.goto('about:blank');
      await settle();
      expect(await statusOf(second)).toBe('pending_crypto_payment');
    } finally {
      await context.close();
    }
  });

  it('/recharge, anonymous: closing the page with the payment open leaves it payable', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.url}/recharge`);
      const orderId = await rechargeToPayment(page);
      await page.goto('about:blank');
      await settle();
      expect(await statusOf(orderId)).toBe('pending_crypto_payment');
    } finally {
      await context.close();
    }
  });

  it('/recharge, signed in: CANCEL cancels (the session cookie proves it; no order token is kept)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    try {
      await context.addCookies([{ name: 'sid', value: await webSession(stack, 'leaver@example.com'), url: stack.url }]);
      const page = await context.newPage();
      await page.goto(`${stack.url}/recharge`);
      const orderId = await rechargeToPayment(page);
      expect(await page.evaluate(() => localStorage.getItem('order_tokens'))).toBeNull();
      await page.getByRole('button', { name: 'CANCEL' }).click();
      await expect.poll(() => statusOf(orderId), { timeout: 10_000 }).toBe('cancelled');
    } finally {
      await context.close();
    }
  });
});
