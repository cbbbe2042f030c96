import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'eth-url-parser';
import { countText, feeText, parseUnits, ZPaymentOptionsResponse, type TPaymentCreated, type TPaymentOptionsResponse } from '@topup/shared';
import { closeBrowserStack, saveScreen, startBrowserStack } from './browser-stack';
import { expectMainButton, fillMiniAppRecharge, openInTelegram, PHONE_390, pressMainButton, rechargeToPayment, telegramEvents } from './pages';
import type { Stack } from './stack';

/**
 * On every web surface, on a phone (Chromium 390x844): the coin first (what the server offers:
 * BSC is switched off here, so no BNB), then the coin's networks cheapest first with the typical fee of
 * one transfer and the time to count, as GET /api/payment-options says them (estimated from the devnet's
 * nodes for Ethereum and Polygon); and beside the QR code, "Open in wallet" and the wallets' own links,
 * read back with eth-url-parser (as MetaMask reads them) to the exact order: chain id, token contract,
 * recipient and amount in base units.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({}, { networks: ['polygon'] }));
  // The server estimates each network's fee from its node in the background: the pages come once it has.
  await vi.waitFor(
    async () => {
      const { assets } = options(await (await fetch(`${stack.url}/api/payment-options`)).json());
      expect(assets.flatMap((a) => a.networks).every((n) => n.typicalFee !== null)).toBe(true);
    },
    { timeout: 30_000, interval: 500 },
  );
}, 120_000);

afterAll(() => closeBrowserStack({ stack, browser }));

const options = (body: unknown): TPaymentOptionsResponse => ZPaymentOptionsResponse.parse(body);
const shot = (page: Page, name: string) => saveScreen(page, `choice-${name}`);

/** The payment options the page itself was answered (the fees are re-estimated once a minute). */
function optionsAnswer(page: Page): Promise<TPaymentOptionsResponse> {
  // Inside Telegram the mini-app asks the options of its surface (?surface=telegram).
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment-options').then(async (r) => options(await r.json()));
}

/** The next order the page creates. */
function createdOrder(page: Page, route: string): Promise<TPaymentCreated> {
  return page.waitForResponse((r) => r.url().endsWith(route) && r.request().method() === 'POST').then(async (r) => (await r.json()) as TPaymentCreated);
}

/** The coin tiles: every asset the server offers, none other. */
async function expectCoins(page: Page) {
  const coins = page.getByRole('radiogroup', { name: 'Cryptocurrency' }).getByRole('radio');
  await coins.first().waitFor();
  expect((await coins.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
    'USDT USDT Tether USDT',
    'USDC USDC USD Coin (USDC)',
    'ETH ETH Ethereum (ETH)',
    'POL POL Polygon (POL)',
  ]);
}

/** The networks shown for `asset`: the server's, in its order (cheapest first), each with its fee and time; `checked` the one chosen. */
async function expectNetworks(page: Page, answer: TPaymentOptionsResponse, asset: string, checked: string) {
  const offered = answer.assets.find((a) => a.asset === asset)!.networks;
  const rows = page.getByRole('radiogroup', { name: /^Network/ }).getByRole('radio');
  await expect.poll(() => rows.count()).toBe(offered.length);
  for (const [i, n] of offered.entries()) {
    const text = (await rows.nth(i).innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(n.networkLabel);
    expect(text).toContain(`${n.symbol} · ${n.name} · ${n.networkText}`);
    expect(text).toContain(feeText(n.typicalFee));
    expect(text).toContain(countText(n.timeToCountSeconds));
    expect(await rows.nth(i).getAttribute('aria-checked')).toBe(String(n.symbol === checked));
  }
}

/** What a wallet reads from a payment link (eth-url-parser, as MetaMask mobile reads them). */
function readLink(uri: string) {
  const read = parse(uri);
  expect(read.scheme).toBe('ethereum');
  return read.function_name === 'transfer'
    ? { chainId: Number(read.chain_id), token: read.target_address, to: read.parameters!.address, units: BigInt(read.parameters!.uint256!) }
    : { chainId: Number(read.chain_id), token: null, to: read.target_address, units: BigInt(read.parameters!.value!) };
}

/** The order as a wallet must fill it in: its network's chain id, the coin's contract, the deposit address, the amount in base units. */
function expected(coin: string, network: string, decimals: number, address: string, amount: string) {
  const config = stack.config.networks[network]!;
  return { chainId: config.chainId, token: config.tokens[coin] ?? null, to: address, units: parseUnits(amount, decimals) };
}

/** The wallet buttons beside the QR code: "Open in wallet" (EIP-681) and MetaMask read back to the order; no Trust Wallet link on a devnet. */
async function expectWalletButtons(page: Page, order: ReturnType<typeof expected>) {
  const wallets = page.getByRole('group', { name: 'Open in a wallet app' });
  await wallets.waitFor();
  expect(await wallets.getByRole('link').allInnerTexts()).toEqual(['Open in wallet', 'MetaMask']);
  const eip681 = (await wallets.getByRole('link', { name: 'Open in wallet' }).getAttribute('href'))!;
  expect(readLink(eip681)).toEqual(order);
  const metamask = (await wallets.getByRole('link', { name: 'Open in MetaMask' }).getAttribute('href'))!;
  expect(metamask.startsWith('https://link.metamask.io/send/')).toBe(true);
  expect(readLink(`ethereum:${metamask.slice('https://link.metamask.io/send/'.length)}`)).toEqual(order);
  return { eip681, metamask };
}

describe('coin, then network, with fees; one tap to the wallet', () => {
  it('/recharge: the coin tiles, the networks cheapest first with their fees, the cheapest preselected; the overlay’s wallet link is the order, paid on Polygon', async () => {
    const context = await browser.newContext({ viewport: PHONE_390 });
    const page = await context.newPage();
    try {
      const answer = optionsAnswer(page);
      await page.goto(`${stack.url}/recharge`);
      await rechargeToPayment(page, { search: 'Cameroon', country: /Cameroon/, operator: 'MTN Cameroon', phone: '671234567', amount: '$10.00' });
      const offered = await answer;
      await expectCoins(page);
      // The default coin (USDT) on its cheapest network: Polygon here.
      const usdt = offered.assets.find((a) => a.asset === 'USDT')!;
      expect(usdt.networks.map((n) => n.symbol)).toEqual(['USDT-POLYGON', 'USDT']);
      expect(await page.getByRole('radio', { name: /^USDT/ }).getAttribute('aria-checked')).toBe('true');
      await expectNetworks(page, offered, 'USDT', 'USDT-POLYGON');
      await page.getByText('11 USDT-POLYGON').waitFor();
      await page.getByRole('button', { name: 'Create USDT-POLYGON Payment' }).waitFor();
      await shot(page, 'recharge-usdt');

      // Another network of the same coin, and back.
      await page.getByRole('radio', { name: /^Ethereum/ }).click();
      await page.getByRole('button', { name: 'Create USDT Payment' }).waitFor();
      // A coin on one network shows it, chosen.
      await page.getByRole('radio', { name: /^ETH/ }).click();
      await expectNetworks(page, offered, 'ETH', 'ETH');
      await page.getByRole('button', { name: 'Create ETH Payment' }).waitFor();
      // Another coin comes on its cheapest network.
      await page.getByRole('radio', { name: /^USDC/ }).click();
      await expectNetworks(page, offered, 'USDC', offered.assets.find((a) => a.asset === 'USDC')!.networks[0]!.symbol);
      await page.getByRole('radio', { name: /^USDT/ }).click();
      await expectNetworks(page, offered, 'USDT', 'USDT-POLYGON');

      const order = createdOrder(page, '/api/crypto-payment');
      await page.getByRole('button', { name: 'Create USDT-POLYGON Payment' }).click();
      const created = await order;
      const overlay = page.getByRole('dialog', { name: 'Processing Payment' });
      await overlay.getByAltText('Payment QR code').waitFor();
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      const [amount, coin] = (await page.getByTestId('pay-amount').innerText()).trim().split(' ');
      expect([amount, coin]).toEqual(['11', 'USDT-POLYGON']);
      expect(created.walletAddress).toBe(address);
      await expectWalletButtons(page, expected('USDT-POLYGON', 'polygon', 6, address, amount!));
      await shot(page, 'recharge-overlay');

      await stack.pay('USDT-POLYGON', address, amount!);
      await page.getByRole('heading', { name: 'Top-up Successful!' }).waitFor({ timeout: 60_000 });
    } finally {
      await context.close();
    }
  });

  it('/app: the spec’s coin dropdown, then the networks with their fees; the payment screen’s wallet link is the order', async () => {
    const context = await browser.newContext({ viewport: PHONE_390 });
    const page = await context.newPage();
    try {
      // Asked once, as the first step moves on (each step prefetches what the next ones need).
      const answer = optionsAnswer(page);
      await page.goto(`${stack.url}/app`);
      await page.getByLabel('Phone number').fill('671234567');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Choose Operator' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button').filter({ hasText: '$10' }).first().click();
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 4, 'Choose Payment Method': the coin (USDT preselected), then its networks.
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      const offered = await answer;
      await page.getByRole('button', { name: /^Cryptocurrency Tether USDT/ }).click();
      expect(await page.getByRole('option').allInnerTexts()).toEqual([
        expect.stringContaining('Tether USDT'),
        expect.stringContaining('USD Coin (USDC)'),
        expect.stringContaining('Ethereum (ETH)'),
        expect.stringContaining('Polygon (POL)'),
      ]);
      await page.getByRole('option', { name: /USD Coin \(USDC\)/ }).click();
      const usdc = offered.assets.find((a) => a.asset === 'USDC')!.networks;
      await expectNetworks(page, offered, 'USDC', usdc[0]!.symbol);
      await page.getByRole('radio', { name: /^Polygon/ }).click();
      await expectNetworks(page, offered, 'USDC', 'USDC-POLYGON');
      await shot(page, 'app-usdc');
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Review Order' }).waitFor();
      expect(await page.getByRole('definition').allInnerTexts()).toEqual([
        '+237 671234567',
        'MTN Cameroon',
        expect.stringMatching(/^[\d,]+\sXAF · \$10\.00$/),
        '$1.00',
        '$11.00',
        'USD Coin (Polygon)',
      ]);
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByRole('heading', { name: 'Complete Payment' }).waitFor();
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      const [amount] = (await page.getByTestId('pay-amount').innerText()).trim().split(' ');
      await expectWalletButtons(page, expected('USDC-POLYGON', 'polygon', 6, address, amount!));
      await shot(page, 'app-payment');
    } finally {
      await context.close();
    }
  });

  it('the mini-app: the coin, then the networks with their fees; the wallet buttons open through Telegram’s openLink with the order', async () => {
    const { context, page } = await openInTelegram(browser, stack.url);
    try {
      await fillMiniAppRecharge(page);
      const answer = optionsAnswer(page);
      await pressMainButton(page);

      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      const offered = await answer;
      await expectCoins(page);
      await expectNetworks(page, offered, 'USDT', 'USDT-POLYGON');
      await expectMainButton(page, 'Create USDT-POLYGON Payment', true);
      await page.getByRole('radio', { name: /^POL/ }).click();
      await expectNetworks(page, offered, 'POL', 'POL');
      await expectMainButton(page, 'Create POL Payment', true);
      await shot(page, 'tma-pol');

      const order = createdOrder(page, '/api/crypto-payment');
      await pressMainButton(page);
      await page.getByText('Waiting for Payment...').waitFor();
      const created = await order;
      const address = (await page.getByTestId('pay-address').innerText()).trim();
      expect(created.cryptocurrency).toBe('POL');
      // POL is Polygon's own coin: the link pays the address itself, in wei.
      const { eip681, metamask } = await expectWalletButtons(page, expected('POL', 'polygon', 18, address, created.cryptoAmount));
      await shot(page, 'tma-payment');

      // Inside Telegram the links open through Telegram (web_app_open_link), not in the web view.
      await page.getByRole('link', { name: 'Open in wallet' }).click();
      await page.getByRole('link', { name: 'Open in MetaMask' }).click();
      const opened = (await telegramEvents(page)).filter(([type]) => type === 'web_app_open_link').map(([, params]) => (params as { url: string }).url);
      expect(opened).toEqual([eip681, metamask]);
      expect(page.url()).toContain('/telegram');
    } finally {
      await context.close();
    }
  });
});
