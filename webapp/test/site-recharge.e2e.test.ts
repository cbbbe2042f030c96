import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { rechargeToPayment } from './pages';
import { DESKTOP, expectAccessible, PHONE, shots, sitePages, SUPPORT, toast } from './site-pages';
import type { Stack } from './stack';

/**
 * The web site end to end, /recharge: the five-step wizard, its payment overlay (paid on a local
 * devnet, cancelled, left, expired) and its use with the keyboard alone. The built site served by the
 * real server (API, workers, chain watchers), in Debian's Chromium. One server and one browser for the
 * file; a context per test.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack(SUPPORT));
});

afterAll(() => closeBrowserStack({ stack, browser }));

const pageErrors: string[] = [];
const { open, api } = sitePages(() => ({ stack, browser }), pageErrors);

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
      // Back from the details step (the wizard's steps 3 and 4 together) is the operator; the same operator keeps the details.
      await page.getByRole('button', { name: '‹ Back', exact: true }).click();
      await page.getByRole('heading', { name: 'Select Operator in Cameroon' }).waitFor();
      await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();
      await page.getByRole('heading', { name: 'Enter Details for MTN Cameroon' }).waitFor();
      expect(await page.getByLabel('Phone number').inputValue()).toBe('671234567');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();

      // Step 4: summary, the coins the server offers (GET /api/payment-options: BSC and Polygon are switched off here), the optional e-mail.
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      expect(await summary.innerText()).toMatch(
        /Cameroon[\s\S]*MTN Cameroon[\s\S]*\+237 671234567[\s\S]*Airtime[\s\S]*\$10\.00 USD[\s\S]*\$1\.00 USD[\s\S]*\$11\.00 USD/,
      );
      const coins = page.getByRole('radiogroup', { name: 'Cryptocurrency' }).getByRole('radio');
      await coins.first().waitFor();
      // Coin, then network: the coins, then the chosen coin's networks, each with the spec's
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
        /Transaction ID[\s\S]*Date[\s\S]*Recipient\s+\+237 671234567[\s\S]*Operator\s+MTN Cameroon[\s\S]*Amount\s+[\d,]+\s+XAF\s+·\s+\$10\.00 USD[\s\S]*Status\s+Completed/,
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
        return ((await (await res).json()) as { paymentId: string }).paymentId;
      };
      const statusOf = async (paymentId: string) => (await api<{ status: string }>(`/api/orders/${paymentId}/status`)).status;

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
      // The overlay closes once the server has answered the cancellation.
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => statusOf(first), { timeout: 10_000 }).toBe('cancelled');
      await page.getByRole('button', { name: 'Create USDC Payment' }).waitFor();

      // BACK: back on step 4; leaving is not cancelling: the order stays payable.
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

it('no page threw', () => {
  expect(pageErrors).toEqual([]);
});
