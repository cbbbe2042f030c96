/**
 * The Dashboard's unmatched payments in real Chromium against the real API: a payment that reached no
 * order (no memo, an unknown one) is matched to an order from its row, an error the API answers shown
 * in the form; another is credited to a customer; each row updates after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { customers, payments } from '../../api/src/db/schema';
import { shortHash } from '../src/format';
import { collectPageErrors, launchBrowser, screenshot, signIn, waitForToast } from './browser';
import { createOrder, ensureConsoleBuilt, insertPayment, startConsoleServer, type ConsoleServer } from './console-server';

let server: ConsoleServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const SENDER = '0x00000000000000000000000000000000000000A1';

beforeAll(async () => {
  await ensureConsoleBuilt();
  server = await startConsoleServer();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  collectPageErrors(page, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The payment's row on the Dashboard's unmatched payments card. */
const rowOf = (txHash: string): Locator =>
  page
    .getByRole('region', { name: 'Unmatched payments' })
    .getByRole('row')
    .filter({ has: page.getByTitle(txHash, { exact: true }) });
const paymentRow = async (id: number) => (await server.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('Unmatched payments: a payment that reached no order', () => {
  it('is matched to an order from its row: a refusal is shown in the form, then the row shows the order', async () => {
    const order = await createOrder(server);
    // 5 of the order's 11 USDT, with no order: once matched the order waits for the rest (its row stays listed).
    const stray = await insertPayment(server, 'd1', 1, { toAddress: order.walletAddress, coin: 'USDT', amount: '5000000', orderId: null, fromAddress: SENDER });
    await signIn(page, server.url, server.config.admin.password!);
    const row = rowOf(stray.txHash);
    await row.getByText(`from ${shortHash(SENDER)}`).waitFor();
    await row.getByRole('button', { name: 'Match to order…' }).click();

    const form = page.getByRole('form', { name: `Match payment ${stray.id}` });
    await form.getByRole('button', { name: 'Match' }).click();
    await form.getByRole('alert').getByText('Please enter an order number or payment id.').waitFor();
    await form.getByLabel('Order number or payment id').fill('999999');
    await form.getByLabel('Reason').fill('the customer sent the transaction to support');
    await form.getByRole('button', { name: 'Match' }).click();
    await form.getByRole('alert').getByText('Order 999999 not found.').waitFor();
    await screenshot(page, '30-unmatched-match-refused');

    await form.getByLabel('Order number or payment id').fill(`#${order.orderId}`);
    await form.getByRole('button', { name: 'Match' }).click();
    await waitForToast(page, `Payment ${stray.id} matched to order #${order.orderId}: the order is pending_crypto_payment.`);
    await form.waitFor({ state: 'detached' });
    await row.getByRole('link', { name: `Open order #${order.orderId}` }).waitFor();
    await expect.poll(async () => row.getByRole('button', { name: 'Match to order…' }).count()).toBe(0);
    expect(await paymentRow(stray.id)).toMatchObject({ orderId: order.orderId });
    expect(pageErrors).toEqual([]);
  });

  it('is credited to a customer named by e-mail: the row shows the amount credited', async () => {
    await server.database.db.insert(customers).values({ email: 'payer@example.com' });
    const stray = await insertPayment(server, 'd2', 2, {
      toAddress: '0x000000000000000000000000000000000000bEEF',
      coin: 'USDC',
      amount: '2500000',
      orderId: null,
    });
    await page.reload();
    const row = rowOf(stray.txHash);
    await row.getByRole('button', { name: 'Credit a customer…' }).click();
    const form = page.getByRole('form', { name: `Credit payment ${stray.id}` });
    await form.getByLabel('Customer number or e-mail').fill('payer@example.com');
    await form.getByLabel('Reason').fill('the sender wrote to support');
    await form.getByRole('button', { name: 'Credit' }).click();
    await waitForToast(page, 'Credited $2.50');
    await row.getByRole('cell', { name: '$2.50' }).waitFor();
    expect(await paymentRow(stray.id)).toMatchObject({ orderId: null, disposition: 'credited' });
    await screenshot(page, '31-unmatched-credited');
    expect(pageErrors).toEqual([]);
  });
});
