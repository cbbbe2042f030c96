/**
 * The built console served by the real API, for the browser tests: the API's app (routes, services,
 * the console's pages, a fresh test database: PGlite, or the PostgreSQL server when TEST_DB=postgres)
 * and a job worker delivering paid orders as the API's workers do.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { JobWorker } from '../../api/src/jobs/queue';
import { QUEUES } from '../../api/src/jobs/queues';
import { startTestApi, type TestApi } from '../../api/test/harness';
import { jobHandlers } from '../../api/src/workers';

export const ADMIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(ADMIN_DIR, 'dist');
const SHARED_SRC = path.resolve(ADMIN_DIR, '../shared/src');

/** The newest modification time under `p` (a file or a folder), 0 when absent. */
function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

/**
 * Builds the console (vite build) when admin/dist is missing or older than anything it is built
 * from: its sources, page, public files, config, package file, and the shared package it imports.
 */
export async function ensureConsoleBuilt(): Promise<'built' | 'fresh'> {
  const built = newest(path.join(DIST_DIR, 'index.html'));
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(ADMIN_DIR, p));
  const source = Math.max(...inputs.map(newest), newest(SHARED_SRC));
  if (built > source) return 'fresh';
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ADMIN_DIR, maxBuffer: 10 * 1024 * 1024 });
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) throw new Error('vite build produced no admin/dist/index.html');
  return 'built';
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
