/**
 * The built console served by the real API, for the browser tests: the API's app (routes, services,
 * the console's pages, a fresh test database: PGlite, or the PostgreSQL server when TEST_DB=postgres)
 * and a job worker delivering paid orders as the API's workers do.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { JobWorker } from '../../api/src/jobs/queue';
import { QUEUES } from '../../api/src/jobs/queues';
import { startTestApi, type TestApi } from '../../api/test/harness';
import { jobHandlers } from '../../api/src/workers';
import { ensureBuilt } from '../../scripts/web-build';

export const ADMIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(ADMIN_DIR, 'dist');

/** Builds the console unless admin/dist already holds a build of exactly its sources. */
export async function ensureConsoleBuilt(): Promise<'built' | 'fresh'> {
  return ensureBuilt('admin') ? 'built' : 'fresh';
}

export type ConsoleServer = TestApi;

/** The real API (its app mounts the console: api/src/app.ts) on a fresh test database, delivering paid orders. */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const api = await startTestApi();
  const worker = new JobWorker(
    api.database,
    { [QUEUES.fulfil]: jobHandlers(api.database, api.services)[QUEUES.fulfil] },
    { pollMs: 100, log: pino({ level: 'silent' }) },
  );
  await worker.start();
  return {
    ...api,
    async close() {
      await worker.stop();
      await api.close();
    },
  };
}
