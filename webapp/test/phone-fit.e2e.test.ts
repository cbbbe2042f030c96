import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { closeBrowserStack, startBrowserStack } from './browser-stack';
import { expectMainButton, NUMBER, openInTelegram, PHONE_390, pressMainButton } from './pages';
import type { Stack } from './stack';
import type { Browser } from 'playwright-core';

/**
 * What a customer sees on a 390×844 phone at the amount step and on the payment screen: amount tiles
 * that hold their text, a support bubble that leaves the custom amount's controls free, a "Payment
 * Created" toast that leaves the amount to send readable; and a custom amount said and refused in the
 * currency typed, within the limits the admin set. Boxes are measured in Chromium.
 */

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
});

afterAll(() => closeBrowserStack({ stack, browser }));

type Surface = 'recharge' | 'app' | 'telegram';
const SURFACES: Surface[] = ['recharge', 'app', 'telegram'];

/** The surface's amount step for MTN Cameroon (a range operator at 600 XAF a dollar), at phone size. */
async function amountStep(surface: Surface): Promise<{ context: BrowserContext; page: Page }> {
  if (surface === 'telegram') {
    const opened = await openInTelegram(browser, stack.url);
    await chooseMtnCameroon(opened.page, 'Camer');
    return opened;
  }
  const context = await browser.newContext({ viewport: PHONE_390 });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  await page.goto(`${stack.url}/${surface}`);
  if (surface === 'app') {
    const field = page.locator('#compact-phone');
    await field.dispatchEvent('paste');
    await field.fill(NUMBER);
    await page.getByRole('heading', { name: 'Select Amount' }).waitFor();
  } else {
    await chooseMtnCameroon(page, 'Cameroon');
  }
  return { context, page };
}

async function chooseMtnCameroon(page: Page, search: string) {
  await page.getByPlaceholder('Search country...').fill(search);
  await page
    .getByRole('list', { name: 'Countries' })
    .getByRole('button', { name: /Cameroon/ })
    .click();
  await page.getByRole('button', { name: 'MTN Cameroon', exact: true }).click();
}

/** The amount tiles of the surface. */
const tilesOf = (page: Page, surface: Surface) => page.locator(surface === 'app' ? '.quick-amounts .wz-tile' : '.wz-tiles-amounts .wz-tile');

/**
 * Every way a row of tiles fails to hold its text: a tile's text drawn outside its tile (measured on
 * the text itself), and two tiles on top of each other. Empty when they fit.
 */
function tileProblems(tiles: Locator): Promise<string[]> {
  return tiles.evaluateAll((nodes) => {
    const problems: string[] = [];
    const boxes = nodes.map((n) => n.getBoundingClientRect());
    nodes.forEach((tile, i) => {
      const box = boxes[i]!;
      const walker = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const r of range.getClientRects()) {
          // Within half a pixel: text boxes land on fractions of one.
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
            problems.push(
              `"${text.textContent}" runs out of tile ${i + 1} (${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(box.left)}-${Math.round(box.right)})`,
            );
          }
        }
      }
      boxes.forEach((other, j) => {
        const overlap =
          Math.min(box.right, other.right) - Math.max(box.left, other.left) > 0.5 && Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top) > 0.5;
        if (j > i && overlap) problems.push(`tiles ${i + 1} and ${j + 1} overlap`);
      });
    });
    return problems;
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('at 390×844', () => {
  for (const surface of SURFACES) {
    it(`${surface}: every amount tile holds its text ("12,000 XAF" beside its neighbours)`, async () => {
      const { context, page } = await amountStep(surface);
      try {
        const tiles = tilesOf(page, surface);
        await expect.poll(() => tiles.allInnerTexts()).toContainEqual(expect.stringMatching(/^12,000\sXAF/));
        expect(await tileProblems(tiles)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('recharge: the support bubble leaves the custom amount’s controls free, wherever the page is scrolled to them', async () => {
    const { context, page } = await amountStep('recharge');
    try {
      const bubble = page.locator('.support-buttons');
      const controls = page.locator('.wz-custom').locator('button, input');
      await controls.first().waitFor();
      expect(await controls.count()).toBeGreaterThanOrEqual(3);
      // It stays within reach: on the page as it opens, moved up past the amount tiles if need be.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => bubble.isVisible()).toBe(true);
      // Scrolled just far enough to see the controls (the last at the bottom of the screen), then to the page's end.
      for (const position of ['reached', 'end']) {
        await (position === 'end'
          ? page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          : controls.last().evaluate((el) => el.scrollIntoView({ block: 'end' })));
        for (const control of await controls.all()) {
          const box = await control.boundingBox();
          // A frame for the bubble to move (it follows the scroll in the next animation frame).
          await expect
            .poll(async () => {
              const covered = (await bubble.isVisible()) ? await bubble.boundingBox() : null;
              return covered !== null && box !== null && intersects(covered, box)
                ? `${position}: covers ${await control.evaluate((el) => el.outerHTML.slice(0, 60))}`
                : 'clear';
            })
            .toBe('clear');
        }
      }
    } finally {
      await context.close();
    }
  });

  it('telegram: the "Payment Created" toast leaves the amount to send, the address and the QR code readable', async () => {
    const { context, page } = await amountStep('telegram');
    try {
      await tilesOf(page, 'telegram').filter({ hasText: '$10.00' }).click();
      await page.getByLabel('Phone number').fill('671234567');
      await expectMainButton(page, 'Pay with Crypto', true);
      await pressMainButton(page);
      await page.getByRole('heading', { name: 'Choose Payment Method' }).waitFor();
      await expectMainButton(page, 'Create USDT Payment', true);
      await pressMainButton(page);
      const toast = page.locator('.toast').filter({ hasText: 'Payment Created' });
      await toast.waitFor();
      const toastBox = (await toast.boundingBox())!;
      // Nor anything else the customer reads or scans there.
      for (const what of [
        page.getByTestId('pay-amount'),
        page.getByTestId('pay-coin'),
        page.getByTestId('pay-address'),
        page.getByAltText('Payment QR code'),
      ]) {
        expect(intersects(toastBox, (await what.boundingBox())!), await what.evaluate((el) => el.outerHTML.slice(0, 60))).toBe(false);
      }
    } finally {
      await context.close();
    }
  });
});

describe('the custom amount keeps to the admin’s limits, said in the currency typed', () => {
  it('with the limits set to $5-$50: 3,000 to 30,000 XAF on /recharge, /app and the mini-app, and 36,000 XAF refused in francs', async () => {
    const { settings } = stack.server.services;
    const pricing = await settings.get('pricing');
    await settings.set('pricing', { ...pricing, minAmountCents: 500, maxAmountCents: 5000 });
    try {
      for (const surface of SURFACES) {
        const { context, page } = await amountStep(surface);
        try {
          if (surface === 'app') await page.getByRole('radiogroup', { name: 'Custom amount' }).getByRole('radio', { name: 'XAF' }).click();
          const field = page.getByLabel('Custom amount in XAF');
          expect(await field.getAttribute('placeholder'), surface).toMatch(/^Custom amount \(3,000\sXAF-30,000\sXAF\)$/);
          await field.fill('36000');
          if (surface === 'app') await page.getByRole('button', { name: 'Continue', exact: true }).click();
          else await page.getByRole('button', { name: 'Use this amount' }).click();
          await page
            .getByText(/^Amount must be between 3,000\sXAF and 30,000\sXAF\.$/)
            .first()
            .waitFor();
        } finally {
          await context.close();
        }
      }
    } finally {
      await settings.set('pricing', pricing);
    }
  });
});
