import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { payOnTonDouble } from '../../api/src/chain/ton/devnet';
import { closeBrowserStack, saveScreen, startBrowserStack } from './browser-stack';
import { expectMainButton, fillMiniAppRecharge, openInTelegram, pressMainButton } from './pages';
import type { Stack } from './stack';
import { TonConnectWalletDouble } from './ton-connect-double';

/**
 * The mini-app pays a USDT-on-TON order through TON Connect, end to end and with no network: the real
 * server on the TON double (Telegram's default: TON only), the built mini-app in Chromium inside a mocked
 * Telegram client, and a wallet app behind a local TON Connect bridge (./ton-connect-double.ts). The
 * wallets list TON Connect downloads is answered with that wallet only; every other address outside
 * this machine is refused.
 */

let stack: Stack;
let browser: Browser;
let wallet: TonConnectWalletDouble;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ TELEGRAM_NETWORKS: 'ton', ETHEREUM_ENABLED: 'false' }, { networks: ['ton'] }));
  const ton = stack.config.networks.ton!;
  wallet = new TonConnectWalletDouble({ tonRpcUrl: ton.rpcUrl, walletName: 'ton-connect-customer' });
  await wallet.start();
  // The customer's USDT, from the double's faucet.
  await payOnTonDouble(ton.rpcUrl, { to: wallet.walletAddress, tokenContract: ton.tokens['USDT-TON']!, units: 100_000_000n });
});

afterAll(async () => {
  await wallet?.stop();
  await closeBrowserStack({ stack, browser });
});

const shot = (page: Page, name: string, fullPage = true) => saveScreen(page, `ton-connect-${name}`, fullPage);

describe('TON Connect in the mini-app', () => {
  it('connects the test wallet through the bridge, which pays the USDT-TON order it is asked to: the order completes', async () => {
    const { context, page } = await openInTelegram(browser, stack.url, undefined, undefined, { contextOptions: { ignoreHTTPSErrors: true } });
    const local = new Set([new URL(stack.url).host, new URL(wallet.url).host]);
    await context.route(
      (url) => !local.has(url.host),
      (route) => route.abort(),
    );
    await context.route('https://config.ton.org/wallets-v2.json', (route) =>
      route.fulfill({ json: wallet.walletsList(`${stack.url}/api/tonconnect-icon.png`) }),
    );
    try {
      await fillMiniAppRecharge(page, { search: 'Camer' });
      await page.getByRole('region', { name: 'Order summary' }).waitFor();
      await pressMainButton(page);
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await expectMainButton(page, 'Create USDT-TON Payment', true);
      await shot(page, '1-coin');
      await pressMainButton(page);

      await page.getByText('Waiting for Payment...').waitFor();
      // Telegram's rules: TON wallets only, no MetaMask or Trust Wallet link.
      expect(await page.getByRole('link', { name: /MetaMask|Trust Wallet/i }).count()).toBe(0);
      expect(await page.locator('a[href*="metamask"], a[href*="trustwallet"], a[href*="link.trustwallet.com"]').count()).toBe(0);

      await page.getByRole('button', { name: /Connect wallet/i }).click();
      await page.getByText('Test Wallet').first().click();
      await shot(page, '2-connect', false);
      await expect.poll(() => wallet.connectRequests.length).toBe(1);
      expect(wallet.connectRequests[0]!.manifestUrl).toBe(`${stack.url}/api/tonconnect-manifest.json`);

      const pay = page.getByTestId('ton-connect-pay');
      await expect.poll(() => pay.isEnabled().catch(() => false)).toBe(true);
      await shot(page, '3-connected', false);
      await pay.click();
      // The wallet is opened to approve it, and sends one message: USDT through its own jetton wallet, with TON for the fees.
      await expect.poll(() => wallet.sent.length).toBe(1);
      expect(wallet.sent[0]).toMatchObject([{ amount: '50000000', payload: expect.any(String) }]);

      await page.getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 60_000 });
      await shot(page, '4-success');
    } catch (err) {
      await saveScreen(page, 'ton-connect-failed', false);
      throw err;
    } finally {
      await context.close();
    }
  });
});
