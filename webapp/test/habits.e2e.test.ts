import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { orders } from '../../api/src/db/schema';
import { markPaid } from '../../api/test/delivery-helpers';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { expectMainButton, NUMBER, openInTelegram, pasteNumber, PHONE_390, pressMainButton } from './pages';
import type { Stack } from './stack';
import { signedInitData, TEST_USER } from './telegram';

/**
 * The customer's habits on the site and in the mini-app: a pasted international number goes straight to
 * the amount step; a recent recipient is repeated in two taps (again, then pay), renamed and removed.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // Catalog, detection and pages only: no chain needed.
  ({ stack, browser } = await startBrowserStack({}, { chain: false }));
});

afterAll(() => closeBrowserStack({ stack, browser }));

describe('number first, repeat in one tap', () => {
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

  it('/app: a custom amount typed in XAF (the local range said), quoted, reviewed in XAF first, and the payment created for its dollars', async () => {
    // The sandbox: MTN Cameroon takes $1 to $200 at 600 XAF a dollar, the service $5 to $500: so 3,000 to 120,000 XAF; 4,200 XAF is $7.00.
    const context = await browser.newContext({ viewport: PHONE_390 });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/app`);
      const field = page.locator('#compact-phone');
      await field.dispatchEvent('paste');
      await field.fill(NUMBER);
      await page.getByRole('heading', { name: 'Select Amount' }).waitFor();
      // US dollars first on /app (the spec's 'Custom amount (USD)'), the local currency a tap away.
      const currency = page.getByRole('radiogroup', { name: 'Custom amount' });
      expect(await currency.getByRole('radio', { checked: true }).innerText()).toBe('USD');
      await page.getByLabel('Custom amount (USD)').waitFor();
      await currency.getByRole('radio', { name: 'XAF' }).click();
      const custom = page.getByLabel('Custom amount in XAF');
      expect(await custom.getAttribute('placeholder')).toMatch(/^Custom amount \(3,000\sXAF-120,000\sXAF\)$/);

      await custom.fill('200000');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByText(/^Amount must be between 3,000\sXAF and 120,000\sXAF\.$/).waitFor();
      expect(await page.getByTestId('compact-total').innerText()).toBe('—');

      const quoted = page.waitForResponse((r) => r.url().includes('/api/quote') && r.url().includes('localAmount=4200'));
      await custom.fill('4200');
      const quote = (await (await quoted).json()) as { amount: number; local: { amount: number; currencyCode: string } };
      // The wire carries dollars.
      expect(quote).toMatchObject({ amount: 7, local: { amount: 4200, currencyCode: 'XAF' } });
      await expect.poll(() => page.getByTestId('compact-total').innerText()).toBe('$8.00');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();

      // The review: what the recipient gets first, the dollars charged beside it; fee and total in dollars.
      await page.getByRole('heading', { name: 'Review Order' }).waitFor();
      expect(await page.getByRole('definition').allInnerTexts()).toEqual([
        '+237 677123456',
        'MTN Cameroon',
        expect.stringMatching(/^4,200\sXAF · \$7\.00$/),
        '$1.00',
        '$8.00',
        'Tether USDT (ERC-20)',
      ]);
      const created = page.waitForRequest((r) => r.url().endsWith('/api/create-payment') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      expect((await created).postDataJSON()).toMatchObject({ amount: quote.amount, operatorId: 53 });
      await page.getByTestId('pay-address').waitFor();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByRole('heading', { name: 'Complete Payment' }).waitFor({ state: 'detached' });
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
        expect.stringMatching(/^[\d,]+\sXAF · \$10\.00$/),
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

    // The mini-app in Telegram: the account's recipients (from its paid orders).
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
    } finally {
      await one.context.close();
    }
    // Only a number paid for is a recipient: this one, once its payment is confirmed.
    const [order] = await stack.server.database.db.select({ id: orders.id }).from(orders).where(eq(orders.telegramUserId, user.id));
    await markPaid(stack.server, order!.id);
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
