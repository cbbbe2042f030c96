/**
 * The admin console in real Chromium against the real API (admin/test/console-server.ts): sign in,
 * read the stats, delete an unpaid order, top up by hand, adjust a balance, change the settings and
 * see the API enforce them; the session rules; 360 px and the keyboard. Screenshots go to
 * test-artifacts/ at the repository root.
 */
import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { ledgerEntries, orders, payments } from '../../api/src/db/schema';
import type { TOrderStatus } from '@topup/shared';
import { collectPageErrors, launchBrowser, screenshot, waitForToast } from './browser';
import {
  asTelegramUser as telegramUser,
  createOrder as create,
  ensureConsoleBuilt,
  moveTo as move,
  orderStatus as statusOf,
  RECHARGE as recharge,
  startConsoleServer,
  type ConsoleServer,
} from './console-server';

let server: ConsoleServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const asTelegramUser = (id: number, names: Record<string, string> = {}) => telegramUser(server, id, names);
const createOrder = (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) => create(server, overrides, headers);
const moveTo = (orderId: number, statuses: TOrderStatus[]) => move(server, orderId, statuses);
const orderStatus = (id: number) => statusOf(server, id);
const shot = (name: string) => screenshot(page, name);
const toast = (text: string) => waitForToast(page, text);

async function openTab(name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

const seeded = { unpaid: 0, completed: 0, failed: 0, waiting: 0, customerWithBalance: 0 };

beforeAll(async () => {
  await ensureConsoleBuilt();
  server = await startConsoleServer();

  // Known data: one customer with a completed and a failed order, an unpaid order and a waiting one.
  const buyer = asTelegramUser(7001, { 'x-telegram-first-name': 'Ana' });
  const completed = await createOrder({ amount: 10 }, buyer);
  await moveTo(completed.orderId, ['paid', 'processing', 'completed']);
  const failed = await createOrder({ amount: 20 }, buyer);
  await moveTo(failed.orderId, ['paid', 'processing', 'failed']);
  seeded.completed = completed.orderId;
  seeded.failed = failed.orderId;
  seeded.unpaid = (await createOrder({ amount: 15, phoneNumber: '671000015' })).orderId;
  seeded.waiting = (await createOrder({ amount: 12, phoneNumber: '671000012' })).orderId;
  // A second customer, for the balance adjustment.
  expect(
    (await server.call('GET', '/api/orders', { headers: asTelegramUser(7002, { 'x-telegram-first-name': 'Bea', 'x-telegram-last-name': 'Balance' }) })).status,
  ).toBe(200);
  const users = (await server.call('POST', '/api/admin/login', { body: { email: 'admin@example.com', password: server.config.admin.password } })).body;
  const list = (await server.call('GET', '/api/admin/users', { headers: { 'x-admin-token': users.token } })).body as { id: number; firstName: string }[];
  seeded.customerWithBalance = list.find((u) => u.firstName === 'Bea')!.id;

  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  collectPageErrors(page, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('admin console in Chromium', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    await page.goto(`${server.url}/admin`);
    await page.waitForURL('**/admin-login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    for (const item of ['Order management', 'System monitoring', 'Emergency controls']) await page.getByText(item, { exact: true }).waitFor();
    await shot('01-login');
  });

  it('refuses wrong credentials with the generic message, then signs in', async () => {
    await page.getByLabel('Admin Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await toast('Invalid credentials. Please try again.');
    await shot('02-login-failed');

    await page.getByLabel('Password', { exact: true }).fill(server.config.admin.password!);
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.waitForURL('**/admin');
    await page.getByText('Signed in as admin@example.com').waitFor();
    const stored = await page.evaluate(() => ({
      token: sessionStorage.getItem('adminToken'),
      email: sessionStorage.getItem('admin_email'),
      persistent: localStorage.getItem('admin_token'),
    }));
    expect(stored).toMatchObject({ token: expect.any(String), email: 'admin@example.com', persistent: null });
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Dashboard', 'Orders', 'Users', 'Manual Top-up', 'Settings']);
  });

  it('shows the stats', async () => {
    const stat = (id: string) => page.getByTestId(`stat-${id}`);
    await stat('total-revenue').filter({ hasText: '$' }).waitFor();
    expect(await stat('total-revenue').textContent()).toBe('$11.00');
    expect(await stat('total-orders').textContent()).toBe('4');
    expect(await stat('success-rate').textContent()).toBe('50.0%');
    expect(await stat('active-users').textContent()).toBe('1');
    expect(await stat('admin-granted').textContent()).toBe('Admin-granted top-ups, not counted: $0.00 (0)');
    await shot('03-dashboard');
  });

  it('shows the system’s health on the dashboard: the readiness checks with what each measured', async () => {
    const panel = page.getByRole('region', { name: 'System' });
    const check = (name: string) => panel.getByTestId(`check-${name}`);
    await check('database').waitFor();
    expect(await check('database').textContent()).toMatch(/^OK Database: answered in \d+ ms$/);
    expect(await check('provider').textContent()).toMatch(/^OK Airtime provider: Sandbox provider \(no real airtime\) answers; balance \$[\d,.]+$/);
    expect(await check('prices').textContent()).toMatch(/^OK Price feed: priced: ETH, /);
    expect(await check('jobs').textContent()).toMatch(/^OK Job queue: \d+ due, the oldest waiting \d+ s$/);
    // One line per enabled network (their nodes are not part of this test).
    expect(await check('network:ethereum').textContent()).toMatch(/^(OK|Failing) Ethereum network: /);
    expect(await panel.getByTestId('system-status').textContent()).toMatch(/^(Ready|Not ready)/);
    await shot('03b-dashboard-system');
  });

  it('deletes an unpaid order after the confirmation, and refuses a paid one', async () => {
    await openTab('Orders');
    const row = page.getByTestId(`order-row-${seeded.unpaid}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('+237671000015');
    await shot('04-orders');

    // Dismissing the confirmation keeps the order.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: `Delete order #${seeded.unpaid}` }).click();
    await page.waitForTimeout(300);
    expect(await orderStatus(seeded.unpaid)).toBe('pending_crypto_payment');

    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: `Delete order #${seeded.unpaid}` }).click();
    await toast(`Order #${seeded.unpaid} has been permanently removed from the database.`);
    expect(question).toBe(`Are you sure you want to permanently delete order #${seeded.unpaid}? This action cannot be undone.`);
    expect(await page.getByTestId('toast').textContent()).toContain('Order Deleted');
    await row.waitFor({ state: 'detached' });
    expect(await orderStatus(seeded.unpaid)).toBeUndefined();
    await shot('05-order-deleted');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Delete order #${seeded.completed}` }).click();
    await toast(`Order ${seeded.completed} has received funds (status completed); it cannot be deleted.`);
    expect(await page.getByTestId('toast').textContent()).toContain('Delete Failed');
    expect(await orderStatus(seeded.completed)).toBe('completed');
  });

  it('filters the orders and exports them as CSV', async () => {
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Page 1 of 1 (1 order)').waitFor();
    await page.getByTestId(`order-row-${seeded.failed}`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${seeded.failed},`));
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('tops up by hand: a new top-up, then an existing waiting order; both delivered', async () => {
    await openTab('Manual Top-up');
    await page.getByRole('button', { name: 'Process Manual Top-up' }).click();
    await toast('Please fill in all required fields.');

    expect(await page.getByLabel('Operator').isDisabled()).toBe(true);
    await page.getByLabel('Country').selectOption('120');
    await page.getByLabel('Operator').locator('option[value="53"]').waitFor({ state: 'attached' });
    await page.getByLabel('Operator').selectOption('53');
    await page.getByLabel('Phone Number').fill('671234599');
    await page.getByLabel('Amount (USD)').fill('10');
    expect(await page.getByLabel('Amount (USD)').getAttribute('min')).toBe('5');
    expect(await page.getByLabel('Amount (USD)').getAttribute('step')).toBe('0.01');
    await page.getByLabel('Notes').fill('customer paid in cash');
    await shot('06-manual-topup-new');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/manual-topup'));
    await page.getByRole('button', { name: 'Process Manual Top-up' }).click();
    // Submitted, not done: the API says so; 'processed successfully' only once the top-up was delivered.
    expect((await (await answer).json()).message).toMatch(/^Manual top-up submitted: Order #\d+ is queued for delivery\.$/);
    await toast('Manual top-up processed successfully');
    expect(await page.getByTestId('toast').textContent()).toContain('Success!');
    const [manual] = await server.database.db.select().from(orders).where(eq(orders.phoneNumber, '+237671234599'));
    expect(manual).toMatchObject({ paymentMethod: 'admin', amountCents: 1000 });
    expect(await orderStatus(manual!.id)).toBe('completed');
    await page
      .getByTestId('delivery-progress')
      .filter({ hasText: `Open order #${manual!.id}` })
      .waitFor();
    // The form is reset.
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('');

    await page.getByLabel('Existing order').check();
    await page.getByRole('button', { name: 'Process Manual Top-up' }).click();
    await toast('Please select an order and add notes for existing order processing.');
    await page.getByLabel('Order', { exact: true }).selectOption(String(seeded.waiting));
    await page.getByRole('definition').filter({ hasText: '+237671000012' }).waitFor();
    await page.getByLabel('Notes').fill('paid by bank transfer');
    await shot('07-manual-topup-existing');
    await page.getByRole('button', { name: 'Process Manual Top-up' }).click();
    await page
      .getByTestId('delivery-progress')
      .filter({ hasText: `Open order #${seeded.waiting}` })
      .waitFor();
    await toast('Manual top-up processed successfully');
    expect(await orderStatus(seeded.waiting)).toBe('completed');
  });

  it('adjusts a balance with the bearer header, never below zero', async () => {
    await openTab('Users');
    const userId = seeded.customerWithBalance;
    await page.getByTestId(`user-${userId}`).filter({ hasText: 'Bea Balance' }).waitFor();
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await toast('Please select a user and enter an amount.');
    await page.getByLabel('User', { exact: true }).selectOption(String(userId));
    const sent: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (r.url().includes('-balance')) sent.push(r.headers());
    });
    await page.getByLabel('Amount (USD)').fill('0');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await toast('Amount must be greater than 0.');
    // Refused by the API's own schema before sending: the API answers the same body with the same words.
    expect(sent).toHaveLength(0);
    const token = await page.evaluate(() => sessionStorage.getItem('adminToken'));
    const refused = await server.call('POST', '/api/admin/add-balance', {
      body: { userId: String(userId), amount: '0' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect([refused.status, refused.body.message]).toEqual([400, 'Amount must be greater than 0.']);

    await page.getByLabel('Amount (USD)').fill('25.50');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await toast('Balance added successfully. New balance: $25.50');
    await page.getByTestId(`user-${userId}`).filter({ hasText: '$25.50' }).waitFor();
    expect(sent[0]!.authorization).toMatch(/^Bearer .+/);
    expect(sent[0]!['x-admin-token']).toBeUndefined();

    await page.getByLabel('Subtract balance').check();
    await page.getByLabel('Amount (USD)').fill('30');
    await page.getByRole('button', { name: 'Subtract Balance' }).click();
    await toast('The balance is $25.50: it cannot go below zero.');
    await page.getByLabel('Amount (USD)').fill('5.50');
    await page.getByLabel('Notes (optional)').fill('goodwill correction');
    await page.getByRole('button', { name: 'Subtract Balance' }).click();
    await toast('Balance subtracted successfully. New balance: $20.00');
    await page.getByTestId(`user-${userId}`).filter({ hasText: '$20.00' }).waitFor();
    await shot('08-users-balance');
    const notes = (await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, userId))).map((e) => [e.amountCents, e.note]);
    expect(notes).toEqual([
      [2550, 'Admin add balance adjustment'],
      [-550, 'goodwill correction'],
    ]);

    // Money to the cent, in the spec's format: cents in the console, dollars only on the wire.
    await page.getByLabel('Add balance').check();
    await page.getByLabel('Amount (USD)').fill('1234.57');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    await toast('Balance added successfully. New balance: $1,254.57');
    await page.getByTestId(`user-${userId}`).filter({ hasText: '$1,254.57' }).waitFor();
    await page.getByLabel('Subtract balance').check();
    await page.getByLabel('Amount (USD)').fill('1234.57');
    await page.getByRole('button', { name: 'Subtract Balance' }).click();
    await toast('Balance subtracted successfully. New balance: $20.00');
  });

  it('validates the password and email forms with the spec messages', async () => {
    await openTab('Settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast('Please fill in all password fields');
    await page.getByLabel('Current Password').fill(server.config.admin.password!);
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm New Password').fill('abd');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast('New passwords do not match');
    await page.getByLabel('Confirm New Password').fill('abc');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast('New password must be at least 6 characters long');
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm New Password').fill('another-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast('Current password is incorrect');
    expect(await page.getByTestId('toast').textContent()).toContain('Password Change Failed');

    const contact = page.getByRole('form', { name: 'Update Admin Contact Email' });
    await contact.getByRole('button', { name: 'Update Email' }).click();
    await toast('Please enter a new email address');
    await contact.getByLabel('New Contact Email').fill('ops team@example.com');
    await contact.getByRole('button', { name: 'Update Email' }).click();
    await toast('Please enter a valid email address');
    await contact.getByLabel('New Contact Email').fill('ops@example.com');
    await contact.getByRole('button', { name: 'Update Email' }).click();
    await toast('Your admin contact email has been updated successfully');

    const signIn = page.getByRole('form', { name: 'Update Admin Sign-in Email' });
    await signIn.getByRole('button', { name: 'Update Email' }).click();
    await toast('Please enter a new sign-in email address');
  });

  it('changes the system settings, and the API enforces them', async () => {
    const maintenance = page.getByRole('switch', { name: 'Maintenance Mode' });
    await maintenance.waitFor();
    expect(await maintenance.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Allow New Registrations' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Minimum Top-up ($)').inputValue()).toBe('5.00');
    expect(await page.getByLabel('Maximum Top-up ($)').inputValue()).toBe('500.00');

    await page.getByLabel('Minimum Top-up ($)').fill('600');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast('The minimum top-up must be above zero and not above the maximum');

    // Maintenance on: an order attempt is refused.
    await maintenance.focus();
    await page.keyboard.press('Space');
    expect(await maintenance.isChecked()).toBe(true);
    await page.getByLabel('Minimum Top-up ($)').fill('10');
    await page.getByLabel('Service Fee ($)').fill('2');
    await page.getByRole('switch', { name: 'Allow New Registrations' }).uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast('Settings Saved');
    await shot('09-settings');
    const refused = await page.evaluate(async (body) => {
      const res = await fetch('/api/crypto-payment', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    }, recharge);
    expect(refused).toMatchObject({
      status: 503,
      body: { error: { code: 'MAINTENANCE', message: 'We are doing some maintenance: new orders are paused. Please try again a little later.' } },
    });
    expect((await server.call('GET', '/api/pricing')).body).toMatchObject({ maintenanceMode: true, minAmount: 10, serviceFee: 2 });

    // Maintenance off: the new minimum and fee apply. Registrations off never block Telegram checkout
    // (issue 13 point 8): a Telegram user never seen goes on without an account, a known one as before.
    await maintenance.uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast('Settings Saved');
    const tooSmall = await server.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 5 } });
    expect(tooSmall).toMatchObject({ status: 400, body: { error: { code: 'AMOUNT_OUT_OF_RANGE', message: 'Amount must be between $10.00 and $500.00.' } } });
    const ok = await server.call('POST', '/api/crypto-payment', { body: { ...recharge, amount: 10 } });
    expect(ok).toMatchObject({ status: 201, body: { amount: 10, serviceFee: 2, totalAmount: 12 } });
    expect(await server.call('GET', '/api/orders', { headers: asTelegramUser(7999) })).toMatchObject({ status: 200, body: [] });
    expect((await server.call('GET', '/api/balance', { headers: asTelegramUser(7999) })).status).toBe(401);
    expect((await server.call('GET', '/api/orders', { headers: asTelegramUser(7001) })).status).toBe(200);

    // The form shows what the server saved after a reload.
    await page.reload();
    await page.getByRole('switch', { name: 'Maintenance Mode' }).waitFor();
    expect(await page.getByLabel('Service Fee ($)').inputValue()).toBe('2.00');
    expect(await page.getByRole('switch', { name: 'Allow New Registrations' }).isChecked()).toBe(false);
  });

  it('lists unmatched payments and the audit log on the dashboard', async () => {
    const waiting = await createOrder({ amount: 20 });
    await server.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'7e'.repeat(32)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'8f'.repeat(32)}`,
      blockTime: new Date(),
      toAddress: waiting.walletAddress,
      coin: 'USDC',
      amount: '2500000',
      orderId: waiting.orderId,
      status: 'confirmed',
      disposition: 'credited',
    });
    await openTab('Dashboard');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const unmatched = page.getByRole('region', { name: 'Unmatched payments' });
    await unmatched.getByText('2.5 USDC').waitFor();
    await unmatched.getByRole('button', { name: `Top up order #${waiting.orderId}` }).waitFor();
    const audit = page.getByRole('region', { name: 'Audit log' });
    for (const action of ['settings.update', 'balance.subtract', 'balance.add', 'order.manual-topup', 'order.delete'])
      await audit.getByText(action, { exact: true }).first().waitFor();
    await shot('10-dashboard-audit');

    // From a payment to the manual top-up of its order.
    await unmatched.getByRole('button', { name: `Top up order #${waiting.orderId}` }).click();
    await page.getByRole('tab', { name: 'Manual Top-up', selected: true }).waitFor();
    const orderSelect = page.getByLabel('Order', { exact: true });
    await orderSelect.locator(`option[value="${waiting.orderId}"]`).waitFor({ state: 'attached' });
    await expect.poll(() => orderSelect.inputValue()).toBe(String(waiting.orderId));
    await page.getByRole('definition').filter({ hasText: '$20.00' }).waitFor();
  });

  it('works at 360 px wide and with the keyboard', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openTab('Dashboard');
    const selected = page.getByRole('tab', { selected: true });
    await selected.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Orders', selected: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Orders');
    await page.getByRole('table', { name: 'Orders' }).waitFor();
    // Nothing but the tables' own scroll areas is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot('11-orders-360');
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot('12-settings-360');
  });

  it('logs out and revokes the session; an expired or forged session goes back to sign-in', async () => {
    const token = await page.evaluate(() => sessionStorage.getItem('adminToken'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin-login');
    expect(await page.evaluate(() => sessionStorage.getItem('adminToken'))).toBeNull();
    expect((await server.call('GET', '/api/admin/me', { headers: { 'x-admin-token': token! } })).status).toBe(401);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot('13-login-360');

    // A token the server no longer knows (expired, revoked): the first call's 401 sends the admin to sign in.
    await page.evaluate((t) => {
      localStorage.setItem('admin_token', t);
      localStorage.setItem('admin_email', 'admin@example.com');
    }, token!);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL('**/admin-login');
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();

    // Signing in with "keep me signed in" keeps the token in local storage.
    await page.getByLabel('Admin Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(server.config.admin.password!);
    await page.getByLabel('Keep me signed in on this device').check();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin');
    expect(await page.evaluate(() => [localStorage.getItem('admin_token') !== null, localStorage.getItem('admin_email')])).toEqual([true, 'admin@example.com']);
  });

  it('turns on two-factor sign-in from Settings with a QR code; sign-in then asks for the code', async () => {
    await openTab('Settings');
    const card = page.getByRole('region', { name: 'Two-Factor Sign-in' });
    await card.getByRole('button', { name: 'Set Up Two-Factor Sign-in' }).click();
    await card.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
    const secret = (await card.locator('code').textContent())!;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    // Each code of its own time step: the server takes a code once.
    const code = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
    await card.getByLabel('Authenticator code').fill(code(-1));
    await card.getByRole('button', { name: 'Turn On' }).click();
    await toast('Two-factor sign-in is on');
    await card.getByText('Two-factor sign-in is on.').waitFor();
    await shot('14-two-factor-on');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin-login');
    await page.getByLabel('Admin Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(server.config.admin.password!);
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByLabel('Authenticator code').fill(code(0));
    await shot('15-login-code');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.waitForURL('**/admin');

    await openTab('Settings');
    await card.getByLabel('Authenticator code').fill(code(1));
    await card.getByRole('button', { name: 'Turn Off' }).click();
    await toast('Two-factor sign-in is off');
    await card.getByRole('button', { name: 'Set Up Two-Factor Sign-in' }).waitFor();
  });

  it('served the page under the API security headers with no script errors', async () => {
    const res = await fetch(`${server.url}/admin-login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // No site may frame the console (clickjacking); only the mini-app is framed, by Telegram.
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${server.url}/admin/assets/nope.js`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });
});
