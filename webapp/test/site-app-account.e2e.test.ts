import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { codeFromOutbox, rechargeToPayment } from './pages';
import { DESKTOP, expectAccessible, PHONE, shots, sitePages, SUPPORT, toast } from './site-pages';
import type { Stack } from './stack';
import { TEST_BOT_TOKEN } from './telegram';

/**
 * The web site end to end, /app and the customer's account: the compact six-step wizard paid on a
 * local devnet; sign-in by e-mail code and with Telegram, the balance (held value, crypto top-up, spent
 * on a recharge), the profile picture. The built site served by the real server (API, workers, chain
 * watchers), in Debian's Chromium. One server and one browser for the file; a context per test.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack(SUPPORT));
});

afterAll(() => closeBrowserStack({ stack, browser }));

const pageErrors: string[] = [];
const { open, api } = sitePages(() => ({ stack, browser }), pageErrors);

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
      // A promotion is the operator's bonus: nothing claims a price the quote does not charge.
      expect(await promo.innerText()).not.toMatch(/% OFF|% off/);
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
      expect(await page.getByLabel('Custom amount (USD)').getAttribute('placeholder')).toBe(`Custom amount ($${min}-$${max})`);
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
      await page.getByText('Scan with your wallet app to send USDT on Ethereum').waitFor();
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

it('no page threw', () => {
  expect(pageErrors).toEqual([]);
});
