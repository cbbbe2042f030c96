/**
 * The console's Treasury tab in real Chromium against the real API: the sweep summary, a payout
 * approved, the reconciliation run and its CSV downloaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { credit } from '../../api/src/services/ledger';
import { collectPageErrors, launchBrowser, openTab, signIn, waitForToast } from './browser';
import { createOrder, creditedUsdc, ensureConsoleBuilt, startConsoleServer, type ConsoleServer } from './console-server';

let server: ConsoleServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
let payoutId = 0;

beforeAll(async () => {
  await ensureConsoleBuilt();
  server = await startConsoleServer();
  // 2.5 USDC sent to an anonymous USDT order: credited, held on the order; its owner asks for it back.
  const order = await createOrder(server);
  await creditedUsdc(server, order, 'c7', 1);
  await server.database.db.transaction((tx) =>
    credit(tx, { customerId: null, orderId: order.orderId, amountCents: 250, reason: 'wrong_coin', referenceType: 'payment', referenceId: 'seeded' }),
  );
  const asked = await server.call('POST', '/api/payouts', {
    body: { orderToken: order.orderToken, network: 'ethereum', coin: 'USDT', address: '0x2000000000000000000000000000000000000002' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  payoutId = asked.body.payout.id;
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  collectPageErrors(page, pageErrors);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Treasury tab', () => {
  it('shows sweeps, approves a payout and runs the reconciliation with its CSV', async () => {
    await signIn(page, server.url, server.config.admin.password!);
    await openTab(page, 'Treasury');
    await page.getByTestId('sweep-ethereum-USDC').getByText('2.5').first().waitFor();

    const row = page.getByTestId(`payout-${payoutId}`);
    await row.getByText('$2.50 in USDT').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(page, 'Payout Approved');
    await row.getByText('approved').waitFor();

    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    await page.getByTestId('liabilities').getByText('payouts due $2.50').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^reconciliation-.*\.csv$/);
    expect(pageErrors).toEqual([]);
  });
});
