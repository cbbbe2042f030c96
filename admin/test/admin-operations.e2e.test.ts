/**
 * The admin console in real Chromium against the real API (admin/test/console-server.ts), the daily
 * work: sign in, read the stats and the system's health, delete an unpaid order, filter and export the
 * orders, top up by hand, adjust a balance. Its settings and sessions are in admin-settings.e2e.test.ts.
 * Screenshots go to test-artifacts/ at the repository root.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { adminToken } from '../../api/test/harness';
import { ledgerEntries, orders } from '../../api/src/db/schema';
import type { TOrderStatus } from '@topup/shared';
import { collectPageErrors, launchBrowser, openTab as selectTab, screenshot, waitForToast } from './browser';
import {
  asTelegramUser as telegramUser,
  createOrder as create,
  ensureConsoleBuilt,
  moveTo as move,
  orderStatus as statusOf,
  startConsoleServer,
  type ConsoleServer,
} from './console-server';

let server: ConsoleServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const asTelegramUser = (id: number, names: Record<string, string> = {}) => telegramUser(server, id, names);
const createOrder = (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) => create(server, overrides, headers);
const shot = (name: string) => screenshot(page, name);
const toast = (text: string) => waitForToast(page, text);
const openTab = (name: string) => selectTab(page, name);
const moveTo = (orderId: number, statuses: TOrderStatus[]) => move(server, orderId, statuses);
const orderStatus = (id: number) => statusOf(server, id);

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
  const list = (await server.call('GET', '/api/admin/users', { headers: { 'x-admin-token': await adminToken(server) } })).body as {
    id: number;
    firstName: string;
  }[];
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
    for (const item of ['Order management', 'System monitoring', 'Orders export (CSV)', 'Maintenance mode (pauses new orders)'])
      await page.getByText(item, { exact: true }).waitFor();
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
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Dashboard', 'Orders', 'Users', 'Manual Top-up', 'Treasury', 'Settings']);
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

  it('no page threw', () => {
    expect(pageErrors).toEqual([]);
  });
});
