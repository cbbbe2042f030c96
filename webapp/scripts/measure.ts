/**
 * The web site's figures (webapp/README.md): first-load JS + CSS, gzip, of `/` and of `/recharge`:
 *  - what the page needs before it can draw the route: index.html, the entry with its static imports
 *    and stylesheets, and the route's own chunk with its static imports and stylesheets (from Vite's
 *    manifest);
 *  - everything the browser fetched until the route was complete (adds the response schemas chunk,
 *    fetched beside the first API calls).
 *
 * The mini-app's two figures (webapp/README.md):
 *  1. first-load JS + CSS, gzip: what telegram.html loads (entry, modulepreloads, stylesheet), and
 *     separately everything the page fetched until the country list was interactive (which adds the
 *     schemas chunk it loads beside the first API call);
 *  2. time to interactive in headless Chromium with a 4x CPU slowdown on localhost: from navigation
 *     start until the country tiles are on screen and the main thread has no long task left
 *     (the end of the last long task before a quiet second, or the render, whichever is later).
 *
 * Usage: npm run measure -w webapp [-- --runs 7] [--site | --telegram]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DIST_DIR, ensureBuilt } from '../test/build';
import { FIRST_LOAD_BUDGET_BYTES, gzipSize as gzip, miniAppFirstLoad, siteFirstLoad, type FirstLoad } from '../test/first-load';
import { startStack } from '../test/stack';
import { launchHash, LIGHT_THEME, signedInitData, telegramClientScript } from '../test/telegram';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const CPU_SLOWDOWN = 4;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

ensureBuilt();

const only = process.argv.includes('--site') ? 'site' : process.argv.includes('--telegram') ? 'telegram' : null;
if (only !== 'telegram') await measureSite();
if (only === 'site') process.exit(0);

/** A first load's files, its total, and the budget it is held to (first-load.test.ts), if any. */
function printFirstLoad(load: FirstLoad, budget?: number) {
  for (const { file, bytes } of load.files) console.log(`    ${file.padEnd(42)} ${kb(bytes)}`);
  const target = budget ? `  (target: at most ${budget / 1024} KB, every language available: each loads on demand)` : '';
  console.log(`    ${'total'.padEnd(42)} ${kb(load.total)}${target}`);
}

async function measureSite() {
  const html = fs.readFileSync(path.join(DIST_DIR, 'index.html'));
  const routes = [
    ['/', 'src/site/pages/Home.tsx', '[data-testid="count-countries"]:not(:empty)'],
    ['/recharge', 'src/site/pages/Recharge.tsx', '.wz-tiles-popular button'],
  ] as const;
  const figures: Record<string, number> = {};
  console.log('\nWeb site, first load (index.html, the entry and the route, with their static imports and stylesheets), gzip -9:');
  for (const [route, key] of routes) {
    const load = siteFirstLoad(key);
    figures[route] = load.total;
    console.log(`  ${route}`);
    printFirstLoad(load, route === '/' ? FIRST_LOAD_BUDGET_BYTES.site : undefined);
  }

  // Everything the browser fetched until the route was complete (its data shown).
  const stack = await startStack({}, { chain: false });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    console.log('\nWeb site, everything fetched until the route was complete (JS + CSS, gzip -9):');
    for (const [route, , ready] of routes) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      const loaded: Promise<{ url: string; bytes: number }>[] = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type === 'script' || type === 'stylesheet') loaded.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, bytes: gzip(body) })));
      });
      await page.goto(`${stack.url}${route}`);
      await page.waitForSelector(ready, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const files = await Promise.all(loaded);
      await page.close();
      const total = gzip(html) + files.reduce((sum, f) => sum + f.bytes, 0);
      console.log(`  ${route}: ${kb(total)}`);
      for (const f of files) console.log(`    ${f.url.padEnd(42)} ${kb(f.bytes)}`);
    }
  } finally {
    await browser.close();
    await stack.close();
  }
  console.log(`\nFigures: first load of / ${kb(figures['/']!)}, of /recharge ${kb(figures['/recharge']!)}`);
}

// 1. What the HTML references.
console.log('\nFirst load (telegram.html and what it references), gzip -9:');
printFirstLoad(miniAppFirstLoad(), FIRST_LOAD_BUDGET_BYTES.miniApp);

// 2. The page in headless Chromium, in a mocked Telegram client, with the CPU slowed down.
const stack = await startStack({}, { chain: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const results: { tti: number; rendered: number; fcp: number; bytes: number; files: string[] }[] = [];
try {
  for (let run = 0; run < RUNS + 1; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript({ content: telegramClientScript(LIGHT_THEME) });
    await context.addInitScript({
      content: `(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.startTime + e.duration]); }).observe({ type: 'longtask', buffered: true });
        new MutationObserver((_, observer) => {
          if (document.querySelector('.wz-tiles-popular button')) { window.__renderedAt = performance.now(); observer.disconnect(); }
        }).observe(document, { subtree: true, childList: true });
      })();`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const loaded: Promise<{ url: string; bytes: number }>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || type === 'stylesheet') loaded.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, bytes: gzip(body) })));
    });
    await page.goto(`${stack.url}/telegram${launchHash(signedInitData())}`);
    await page.waitForFunction(() => (window as unknown as { __renderedAt?: number }).__renderedAt !== undefined, null, { timeout: 30_000 });
    // A quiet second (no long task) after the render closes the measurement.
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __longTasks: [number, number][]; __renderedAt: number };
        const last = Math.max(w.__renderedAt, ...w.__longTasks.map(([, end]) => end));
        return performance.now() - last > 1000;
      },
      null,
      { timeout: 30_000, polling: 100 },
    );
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: [number, number][]; __renderedAt: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { rendered: w.__renderedAt, tti: Math.max(w.__renderedAt, ...w.__longTasks.map(([, end]) => end)), fcp };
    });
    const files = await Promise.all(loaded);
    await context.close();
    if (run === 0) continue; // warm-up: the server's first catalog read, Chromium's first start
    results.push({ ...timing, bytes: files.reduce((sum, f) => sum + f.bytes, 0), files: files.map((f) => `${f.url} ${kb(f.bytes)}`) });
  }
} finally {
  await browser.close();
  await stack.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\nLoaded until the country list was interactive (gzip -9): ${kb(results[0]!.bytes)}`);
for (const f of results[0]!.files) console.log(`  ${f}`);
console.log(`\nHeadless Chromium, ${CPU_SLOWDOWN}x CPU slowdown, localhost, empty cache, ${RUNS} runs (median; min-max):`);
for (const key of ['fcp', 'rendered', 'tti'] as const) {
  const values = results.map((r) => r[key]);
  const label = { fcp: 'first contentful paint', rendered: 'country tiles rendered', tti: 'time to interactive' }[key];
  console.log(`  ${label.padEnd(24)} ${median(values).toFixed(0)} ms  (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`);
}
console.log('  target: time to interactive under 1500 ms');
