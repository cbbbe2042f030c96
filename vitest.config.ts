import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole repository. The API's database tests run twice: on embedded PGlite,
 * and on a PostgreSQL server when TEST_DATABASE_URL names one (CI always does: see .ci/run).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI) throw new Error('CI must set TEST_DATABASE_URL so the PostgreSQL tests run');

const api = { include: ['api/src/**/*.test.ts', 'api/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      { test: { name: 'api-pglite', ...api, env: { TEST_DB: 'pglite' } } },
      ...(postgresUrl
        ? [{ test: { name: 'api-postgres', ...api, include: ['api/src/**/*.db.test.ts', 'api/test/**/*.db.test.ts'], env: { TEST_DB: 'postgres' } } }]
        : []),
      { test: { name: 'bot', include: ['bot/src/**/*.test.ts', 'bot/test/**/*.test.ts'], testTimeout: 30_000 } },
      { test: { name: 'webapp', include: ['webapp/src/**/*.test.{ts,tsx}', 'webapp/test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      { test: { name: 'admin', include: ['admin/test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
