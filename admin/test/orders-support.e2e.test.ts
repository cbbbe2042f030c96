/**
 * The admin's order page and support inbox in real Chromium at phone size (390x844) against the real
 * API: an order's story with its timeline, payments, ledger entries and actions (re-send once, credit,
 * refund, mark paid), reached from the Orders tab, the Manual Top-up tab and the Dashboard's unmatched
 * payments; a manual top-up that says what really happened; the revenue with the admin-granted top-ups
 * apart; the support inbox from the dashboard's unread count to an answer e-mailed to the customer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { ledgerEntries, payments } from '../../api/src/db/schema';
import { collectPageErrors, launchBrowser, screenshot, signIn, waitForToast } from './browser';
import { asTelegramUser, createOrder, creditedUsdc, ensureConsoleBuilt, moveTo, orderStatus, startConsoleServer, type ConsoleServer } from './console-server';

const PHONE = { width: 390, height: 844 };

let server: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, name);
const toast = (text: string, timeout?: number) => waitForToast(page, text, timeout);
/** One of the console's tabs, from wherever the page is. */
async function openTab(name: string) {
  if (new URL(page.url()).pathname !== '/admin') await page.goto(`${server.url}/admin`);
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}
const noSidewaysScroll = async (p: Page = page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

/** A failed order of a Telegram customer: $10 + $1 fee, 5 USDT of it seen on the chain, its $11 credited when the delivery failed. */
async function failedOrder(telegramId: number) {
  const customer = asTelegramUser(server, telegramId, { 'x-telegram-first-name': 'Rita' });
  const order = await createOrder(server, { amount: 10 }, customer);
  await server.database.db.insert(payments).values({
    chainId: 31337,
    network: 'ethereum',
    txHash: `0x${String(telegramId).repeat(16)}`,
    logIndex: 0,
    blockNumber: 7,
    blockHash: `0x${'6b'.repeat(32)}`,
    blockTime: new Date(),
    fromAddress: '0x00000000000000000000000000000000000000f1',
    toAddress: order.walletAddress,
    coin: 'USDT',
    amount: '11000000',
    orderId: order.orderId,
    status: 'confirmed',
    confirmations: 1,
    disposition: 'order',
  });
  await moveTo(server, order.orderId, ['paid', 'processing']);
  await server.database.db.transaction(async (tx) => {
    const { transition } = await import('../../api/src/services/order-state');
    const failed = await transition(tx, order.orderId, 'failed', { cause: 'e2e: the operator refused the number' });
    await server.services.balances.creditFailedDelivery(tx, failed);
  });
  return { ...order, customer };
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  server = await startConsoleServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
  collectPageErrors(page, pageErrors);
  await signIn(page, server.url, server.config.admin.password!);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the order page', () => {
  it('opens from the Orders tab and tells the same story as the customer’s page, with what only admins see', async () => {
    const order = await failedOrder(8101);
    await openTab('Orders');
    await page.getByRole('link', { name: `Open order #${order.orderId}` }).click();
    await page.waitForURL(`**/admin/orders/${order.orderId}`);
    await page.getByRole('heading', { name: `Order #${order.orderId}` }).waitFor();

    // The customer's display and sentence, from the order story.
    expect(await page.getByTestId('order-display').textContent()).toBe('Failed: refunded to your balance');
    expect(await page.getByTestId('order-sentence').textContent()).toBe('The top-up could not be delivered. $11.00 was credited to your balance.');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    for (const text of ['Order created', 'Payment seen', 'Top-up could not be delivered', 'Credited'])
      await timeline.getByText(text, { exact: true }).waitFor();
    // The recorded cause, which the customer does not see.
    await timeline.getByText('e2e: the operator refused the number').waitFor();
    // The payment's transaction (a devnet one: no public explorer) and the ledger entry the failure caused.
    await page.getByRole('table', { name: 'Payments' }).getByText('11 USDT').waitFor();
    await page.getByRole('table', { name: 'Payments' }).getByText('0x810181…018101').waitFor();
    const ledger = page.getByRole('table', { name: 'Ledger entries' });
    await ledger.getByText('failed delivery').waitFor();
    await ledger.getByText('$11.00').waitFor();
    expect(await page.locator('dt:text-is("Custom identifiers") + dd').textContent()).toBe(order.paymentId);
    await noSidewaysScroll();
    await shot('20-order-page-failed-390');
  });

  it('re-sends a failed top-up once: submitted, then delivered; a second re-send from a stale page is refused with a clear 409', async () => {
    const order = await failedOrder(8102);
    // The same order open in a second tab (signed in with the same session), which will be stale.
    const session = await page.evaluate(() => ({ token: sessionStorage.getItem('adminToken')!, email: sessionStorage.getItem('admin_email')! }));
    const stale = await context.newPage();
    await stale.addInitScript((s) => {
      sessionStorage.setItem('adminToken', s.token);
      sessionStorage.setItem('admin_email', s.email);
    }, session);
    collectPageErrors(stale, pageErrors);
    await stale.goto(`${server.url}/admin/orders/${order.orderId}`);
    await stale.getByRole('button', { name: 'Re-send Top-up' }).waitFor();

    await page.goto(`${server.url}/admin/orders/${order.orderId}`);
    await page.getByRole('button', { name: 'Re-send Top-up' }).click();
    await toast('Please give a reason.');
    await page.getByLabel('Notes').fill('operator outage is over');
    const answer = page.waitForResponse((r) => r.url().endsWith(`/orders/${order.orderId}/resend`));
    await page.getByRole('button', { name: 'Re-send Top-up' }).click();
    const { orderId: retryId, message } = await (await answer).json();
    expect(message).toBe(`Manual top-up submitted: Order #${retryId} is queued for delivery.`);
    await page
      .getByTestId('delivery-progress')
      .filter({ hasText: `Open order #${retryId}` })
      .waitFor();
    await toast('Manual top-up processed successfully', 15_000);
    expect(await orderStatus(server, retryId)).toBe('completed');
    // The page now names the re-send, and offers no second one.
    await page.getByRole('link', { name: `Order #${retryId}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Re-send Top-up' }).count()).toBe(0);
    await shot('21-order-page-resent-390');

    await stale.getByLabel('Notes').fill('once more');
    await stale.getByRole('button', { name: 'Re-send Top-up' }).click();
    await waitForToast(stale, `Order ${order.orderId} was already re-sent as order ${retryId}: a failed top-up is re-sent once.`);
    await stale.close();

    // The re-send's own page links back to the failed order.
    await page.getByRole('link', { name: `Order #${retryId}`, exact: true }).click();
    await page.getByRole('heading', { name: `Order #${retryId}` }).waitFor();
    await page.getByRole('link', { name: `Order #${order.orderId}`, exact: true }).waitFor();
  });

  it('credits an amount and refunds a completed order to the balance, each with a reason, in the ledger', async () => {
    const customer = asTelegramUser(server, 8103, { 'x-telegram-first-name': 'Omar' });
    const order = await createOrder(server, { amount: 20 }, customer);
    await moveTo(server, order.orderId, ['paid', 'processing', 'completed']);
    await page.goto(`${server.url}/admin/orders/${order.orderId}`);
    await page.getByLabel('Credit amount (USD)').fill('2.50');
    await page.getByRole('button', { name: 'Credit Balance' }).click();
    await toast('Please give a reason.');
    await page.getByLabel('Reason for the credit').fill('sorry for the wait');
    await page.getByRole('button', { name: 'Credit Balance' }).click();
    await toast('Credited $2.50: on the balance of customer #');
    const ledger = page.getByRole('table', { name: 'Ledger entries' });
    await ledger.getByText('sorry for the wait').waitFor();

    await page.getByLabel('Reason for the refund').fill('airtime never arrived (operator confirmed)');
    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.accept();
    });
    await page.getByRole('button', { name: 'Refund to Balance' }).click();
    await toast('Refunded $21.00: on the balance of customer #');
    expect(question).toBe(`Refund $21.00 of order #${order.orderId} to the balance? This can be done once.`);
    await ledger.getByText('admin refund').waitFor();
    await page.getByRole('button', { name: 'Refund to Balance' }).waitFor({ state: 'detached' });
    expect((await server.call('GET', '/api/balance', { headers: customer })).body.balance).toBe(23.5);
    const entries = await server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.orderId));
    expect(entries.map((e) => [e.reason, e.amountCents, e.note])).toEqual([
      ['admin_adjustment', 250, 'sorry for the wait'],
      ['admin_refund', 2100, 'airtime never arrived (operator confirmed)'],
    ]);
    await noSidewaysScroll();
    await shot('22-order-page-credit-refund-390');
  });

  it('marks a waiting order paid; opens from the Manual Top-up tab and from the unmatched payments', async () => {
    const waiting = await createOrder(server, { amount: 15, phoneNumber: '671000015' });
    await creditedUsdc(server, waiting, '7c', 9);
    await openTab('Dashboard');
    const unmatched = page.getByRole('region', { name: 'Unmatched payments' });
    await unmatched.getByRole('link', { name: `Open order #${waiting.orderId}` }).click();
    await page.getByRole('heading', { name: `Order #${waiting.orderId}` }).waitFor();
    // Another coin to the address: on the order as a payment that is not the order's coin.
    await page.getByRole('table', { name: 'Payments' }).getByText('Credited').waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor();

    await openTab('Manual Top-up');
    await page.getByLabel('Existing order').check();
    await page.getByLabel('Order', { exact: true }).locator(`option[value="${waiting.orderId}"]`).waitFor({ state: 'attached' });
    await page.getByLabel('Order', { exact: true }).selectOption(String(waiting.orderId));
    await page.getByRole('link', { name: `Open order #${waiting.orderId}` }).click();
    await page.getByLabel('Notes').fill('paid by bank transfer');
    await page.getByRole('button', { name: 'Mark Paid' }).click();
    await page.getByTestId('delivery-progress').waitFor();
    await toast('Manual top-up processed successfully', 15_000);
    expect(await orderStatus(server, waiting.orderId)).toBe('completed');
    await page.getByRole('list', { name: 'Timeline' }).getByText('manual top-up by an admin: paid by bank transfer').waitFor();
  });

  it('a manual top-up that fails says so, and never that it was processed successfully', async () => {
    await openTab('Manual Top-up');
    const toasts: string[] = [];
    await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
    await page.evaluate(() => {
      new MutationObserver(() => {
        for (const t of document.querySelectorAll('[data-testid="toast"]'))
          (window as unknown as { recordToast: (s: string) => void }).recordToast(t.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByLabel('Country').selectOption('120');
    await page.getByLabel('Operator').locator('option[value="53"]').waitFor({ state: 'attached' });
    await page.getByLabel('Operator').selectOption('53');
    // The sandbox refuses a number ending in 0001 (docs/sandbox-provider.md).
    await page.getByLabel('Phone Number').fill('671230001');
    await page.getByLabel('Amount (USD)').fill('10');
    await page.getByRole('button', { name: 'Process Manual Top-up' }).click();
    await toast('could not be delivered', 15_000);
    expect(await page.getByTestId('toast').textContent()).toContain('Top-up Failed');
    expect(toasts.some((t) => t.includes('Manual top-up submitted'))).toBe(true);
    expect(toasts.some((t) => t.includes('processed successfully'))).toBe(false);
    await shot('23-manual-topup-failed-390');
  });

  it('shows revenue without the admin-granted top-ups, which it shows apart', async () => {
    await openTab('Dashboard');
    const granted = page.getByTestId('stat-admin-granted');
    await granted.waitFor();
    // Granted by an admin and delivered: the order marked paid above ($15 + $1). Failed ones count nowhere.
    expect(await granted.textContent()).toBe('Admin-granted top-ups, not counted: $16.00 (1)');
    // Paid by customers and delivered: the $21 order (refunded: taken off) and the re-send of a failed $11 order.
    expect(await page.getByTestId('stat-total-revenue').textContent()).toBe('$11.00');
  });
});

describe('the support inbox', () => {
  it('shows the unread count on the dashboard, lists the conversations, shows a thread as text and sends the answer by e-mail', async () => {
    const order = await createOrder(server, { amount: 10 });
    const question = 'Where is my top-up? <script>alert(1)</script>';
    expect(
      (
        await server.call('POST', '/api/support/messages', {
          // The writer proves the order is theirs: a message links only to its writer's orders.
          body: { text: question, email: 'asker@example.net', paymentId: order.paymentId },
          headers: { 'x-order-token': order.orderToken },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await server.call('POST', '/api/support/messages', {
          body: { text: 'Hello from Telegram' },
          headers: asTelegramUser(server, 8201, { 'x-telegram-first-name': 'Tom' }),
        })
      ).status,
    ).toBe(201);

    await openTab('Dashboard');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('support-unread').filter({ hasText: '2 unread messages in 2 conversations.' }).waitFor();
    await shot('30-dashboard-unread-390');
    await page.getByRole('region', { name: 'Support inbox' }).getByRole('link', { name: 'Open inbox' }).click();
    await page.waitForURL('**/admin/support');
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByText('asker@example.net').waitFor();
    await list.getByText('Tom').waitFor();
    expect(await list.getByText('1 unread').count()).toBe(2);
    await noSidewaysScroll();
    await shot('31-inbox-390');

    await list.getByText('asker@example.net').click();
    await page.getByRole('heading', { name: 'asker@example.net' }).waitFor();
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText(question).waitFor();
    expect(await messages.locator('script').count()).toBe(0);
    await messages.getByRole('link', { name: `order #${order.orderId}` }).waitFor();
    expect(await page.getByTestId('reply-route').textContent()).toContain('Answers are e-mailed to asker@example.net and shown in the chat.');

    await page.getByRole('button', { name: 'Send Answer' }).click();
    await toast('Please write an answer.');
    await page.getByLabel('Your answer').fill('It arrived at 10:02. Please restart the phone.');
    await page.getByRole('button', { name: 'Send Answer' }).click();
    await toast('Answer sent to asker@example.net.');
    await messages.getByText('It arrived at 10:02. Please restart the phone.').waitFor();
    // The e-mail job sends it to the local mail outbox; the page shows it e-mailed once it was.
    const outbox = path.join(server.config.dataDir, 'mail-outbox');
    await expect
      .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('asker@example.net.eml')).length : 0), { timeout: 10_000 })
      .toBe(1);
    await page.reload();
    await messages.getByText(/e-mailed/).waitFor();
    await noSidewaysScroll();
    await shot('32-thread-answered-390');

    // Read: the dashboard counts only the Telegram conversation now (Back from a reloaded page: the console).
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByTestId('support-unread').filter({ hasText: '1 unread message in 1 conversation.' }).waitFor();
  });

  it('no page threw', () => {
    expect(pageErrors).toEqual([]);
  });
});
