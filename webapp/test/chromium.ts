import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium for the browser tests of the site, the mini-app and the admin console (no browser is
 * ever downloaded), and the screens they save into test-artifacts/ at the repository root.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');

/**
 * Whether the browser tests save screens: on a developer's machine, to look at; not in CI, which keeps no
 * artifacts and has the minutes better spent (SCREENSHOTS=1 or 0 decides either way).
 */
export const KEEP_SCREENS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS === '1' : !process.env.CI;

export function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/** Saves the page as test-artifacts/<name>.png, the whole page unless told otherwise, when screens are kept. */
export async function saveScreen(page: Page, name: string, fullPage = true): Promise<void> {
  if (!KEEP_SCREENS) return;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}
