import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One test command for the whole repository. The API's database tests run on embedded PGlite, and on a
 * PostgreSQL server when TEST_DATABASE_URL names one (CI always does: see .ci/run). With a server the
 * PGlite pass keeps the money path only (orders, chain payments, delivery, the job queue: the
 * embedded default's driver under the same SQL), so that the suite stays within CI's time.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI) throw new Error('CI must set TEST_DATABASE_URL so the PostgreSQL tests run');

/** A browser under CI's load may take seconds to draw a screen: expect.poll waits up to 15 s (Vitest's default is 1 s). */
const browser = { testTimeout: 120_000, hookTimeout: 120_000, expect: { poll: { timeout: 15_000 } } };
const api = { include: ['api/src/**/*.test.ts', 'api/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 };
const PGLITE_WITH_A_SERVER = [
  'api/src/routes/orders/orders-create.db.test.ts',
  'api/src/routes/orders/orders-lifecycle.db.test.ts',
  'api/test/chain-payments-amounts.db.test.ts',
  'api/test/chain-payments-recovery.db.test.ts',
  'api/test/delivery-sandbox.db.test.ts',
  'api/test/delivery-balances.db.test.ts',
  'api/test/delivery-notifications.db.test.ts',
  'api/src/jobs/queue.db.test.ts',
];
/** The database test files under `dir` (relative paths), to leave out of the PGlite pass. */
function dbTests(dir: string): string[] {
  return fs
    .readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.db.test.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}
const pgliteExclude = postgresUrl ? [...dbTests('api/src'), ...dbTests('api/test')].filter((f) => !PGLITE_WITH_A_SERVER.includes(f)) : [];

export default defineConfig({
  test: {
    // Two files at a time: a file waiting on a devnet block or a browser leaves the core to the other
    // (Vitest's default on 2 cores is one; four starve the browser tests).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      { test: { name: 'docs', include: ['scripts/**/*.test.ts'] } },
      { test: { name: 'api-pglite', ...api, exclude: [...configDefaults.exclude, ...pgliteExclude], env: { TEST_DB: 'pglite' } } },
      ...(postgresUrl
        ? [{ test: { name: 'api-postgres', ...api, include: ['api/src/**/*.db.test.ts', 'api/test/**/*.db.test.ts'], env: { TEST_DB: 'postgres' } } }]
        : []),
      { test: { name: 'bot', include: ['bot/src/**/*.test.ts', 'bot/test/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'webapp', include: ['webapp/src/**/*.test.{ts,tsx}', 'webapp/test/**/*.test.ts'], ...browser } },
      { test: { name: 'admin', include: ['admin/test/**/*.test.ts'], ...browser } },
    ],
  },
});
