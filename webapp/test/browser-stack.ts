import type { Browser } from 'playwright-core';
import { ensureBuilt } from './build';
import { launchChromium } from './chromium';
import { startStack, type Stack } from './stack';

export { KEEP_SCREENS, saveScreen } from './chromium';

export interface BrowserStack {
  stack: Stack;
  browser: Browser;
}

/** A browser test file's whole service (./stack.ts, serving the built pages) and its Chromium. */
export async function startBrowserStack(...args: Parameters<typeof startStack>): Promise<BrowserStack> {
  ensureBuilt();
  const stack = await startStack(...args);
  try {
    return { stack, browser: await launchChromium() };
  } catch (err) {
    await stack.close();
    throw err;
  }
}

/** Closes what startBrowserStack started (either may be missing when it failed). */
export async function closeBrowserStack({ stack, browser }: Partial<BrowserStack>): Promise<void> {
  await browser?.close();
  await stack?.close();
}
