/**
 * The browser side of the console's tests: Debian's Chromium through playwright-core, the toasts, the
 * screenshots (test-artifacts/ at the repository root) and the page errors that must not happen.
 */
import type { Page } from 'playwright-core';
import { saveScreen } from '../../webapp/test/chromium';

export { launchChromium as launchBrowser } from '../../webapp/test/chromium';

/** Collects script errors and console errors; failed calls are logged by the request helper (spec section 8) and allowed. */
export function collectPageErrors(page: Page, into: string[]): void {
  page.on('pageerror', (err) => into.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/^\d{3}: |Failed to load resource/.test(msg.text())) into.push(msg.text());
  });
}

export const screenshot = (page: Page, name: string): Promise<void> => saveScreen(page, `admin-${name}`);

/** Waits for the toast with this text (there is one at a time). */
export async function waitForToast(page: Page, text: string, timeout = 10_000): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout });
}

/** Signs in through the sign-in page; ends on /admin. */
export async function signIn(page: Page, url: string, password: string): Promise<void> {
  await page.goto(`${url}/admin-login`);
  await page.getByLabel('Admin Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await page.waitForURL('**/admin');
}

/** Selects one of the console's tabs on the page already at /admin, and waits for it to be shown. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}
