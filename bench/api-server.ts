import { loadConfig } from '../api/src/config';
import { startServer } from '../api/src/server';

/** The real API on the PostgreSQL server named by BENCH_DATABASE_URL, workers off, quiet logs. */
const config = loadConfig({
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  DATABASE_POOL_SIZE: '20',
  ORDER_RATE_LIMIT_PER_MINUTE: '10000000',
  RUN_WORKERS: 'false',
});
const running = await startServer(config);
console.log(`listening ${new URL(running.url).port}`);
// A plain exit on SIGTERM lets `--cpu-prof` (BENCH_PROFILE) write its profile; a signal death would not.
process.once('SIGTERM', () => process.exit(0));
