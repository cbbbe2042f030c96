/**
 * The admin console in real Chromium against the real API (admin/test/console-server.ts), its settings
 * and sessions: the password and e-mail forms, the system settings enforced by the API, the unmatched
 * payments and the audit log, 360 px and the keyboard, sign-out and stale sessions, two-factor sign-in,
 * the security headers. Screenshots go to test-artifacts/ at the repository root.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken } from '../../api/test/harness';
import { collectPageErrors, launchBrowser, openTab as selectTab, screenshot, signIn, waitForToast } from './browser';
import {
  asTelegramUser as telegramUser,
  createOrder as create,
  creditedUsdc,
  ensureConsoleBuilt,
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
const shot = (name: string) => screenshot(page, name);
const toast = (text: string) => waitForToast(page, text);
const openTab = (name: string) => selectTab(page, name);

beforeAll(async () => {
  await ensureConsoleBuilt();
  server = await startConsoleServer();

  // A known Telegram customer (registrations off must not stop them), and the admin's earlier work whose
  // audit lines the dashboard lists: an order deleted, a manual top-up, a balance added and subtracted.
  await createOrder({ amount: 10 }, asTelegramUser(7001, { 'x-telegram-first-name': 'Ana' }));
  const headers = { 'x-admin-token': await adminToken(server) };
  const unpaid = await createOrder({ amount: 15, phoneNumber: '671000015' });
  expect((await server.call('DELETE', `/api/orders/${unpaid.orderId}`, { headers })).status).toBe(200);
  const manual = { mode: 'new', phoneNumber: '671234599', countryId: '120', operatorId: '53', amount: '10', notes: 'customer paid in cash' };
  expect((await server.call('POST', '/api/admin/manual-topup', { headers, body: manual })).status).toBe(200);
  const users = (await server.call('GET', '/api/admin/users', { headers })).body as { id: number; firstName: string }[];
  const customer = users.find((u) => u.firstName === 'Ana')!.id;
  for (const action of ['add', 'subtract'])
    expect((await server.call('POST', `/api/admin/${action}-balance`, { headers, body: { userId: String(customer), amount: '5' } })).status).toBe(200);

  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  collectPageErrors(page, pageErrors);
  await signIn(page, server.url, server.config.admin.password!);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('admin console in Chromium', () => {
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
    // A Telegram user never seen goes on without an account, a known one as before.
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
    await creditedUsdc(server, waiting, '7e', 1);
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

  it('invites a team member with a role; the invitee joins from the link; a support member sees no team and is refused an order action', async () => {
    await openTab('Settings');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByTestId('member-admin@example.com').waitFor();
    await team.getByLabel('E-mail address').fill('helper@example.com');
    await team.getByLabel('Role', { exact: true }).selectOption('support');
    await team.getByRole('button', { name: 'Send Invitation' }).click();
    await toast('Invitation sent to helper@example.com.');
    const link = (await team.getByTestId('invitation-link').locator('code').textContent())!;
    await team.getByText(/helper@example\.com: invited as Support/).waitFor();
    await shot('40-team-invited');

    const invitee = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const joining = await invitee.newPage();
      collectPageErrors(joining, pageErrors);
      await joining.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await joining.getByRole('heading', { name: 'Join the Admin Team' }).waitFor();
      await joining.getByLabel('New Password').fill('helper-password-1');
      await joining.getByLabel('Confirm Password').fill('helper-password-1');
      await joining.getByRole('button', { name: 'Join the Team' }).click();
      await joining.waitForURL('**/admin-login');
      await joining.getByLabel('Admin Email').fill('helper@example.com');
      await joining.getByLabel('Password', { exact: true }).fill('helper-password-1');
      await joining.getByRole('button', { name: 'Access Admin Dashboard' }).click();
      await joining.waitForURL('**/admin');
      await joining.getByRole('tab', { name: 'Settings', exact: true }).click();
      await joining.getByRole('region', { name: 'Change Admin Password' }).waitFor();
      expect(await joining.getByRole('region', { name: 'Team' }).count()).toBe(0);
      await joining.getByRole('tab', { name: 'Manual Top-up', exact: true }).click();
      await joining.getByLabel('Country').selectOption('120');
      await joining.getByLabel('Operator').locator('option[value="53"]').waitFor({ state: 'attached' });
      await joining.getByLabel('Operator').selectOption('53');
      await joining.getByLabel('Phone Number').fill('671234567');
      await joining.getByLabel('Amount (USD)').fill('10');
      await joining.getByRole('button', { name: 'Process Manual Top-up' }).click();
      await waitForToast(joining, 'Your role (Support) cannot do this. Ask an owner.');
      await screenshot(joining, '41-team-support-refused-390');
    } finally {
      await invitee.close();
    }

    // The owner sees the new member, and changes the role.
    await page.reload();
    await openTab('Settings');
    await team.getByTestId('member-helper@example.com').waitFor();
    await team.getByLabel('Role of helper@example.com').selectOption('viewer');
    await toast('Role changed.');
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
