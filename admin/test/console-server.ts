/**
 * The built console served by the real API, for the browser tests: the API's app (routes, services,
 * a fresh test database: PGlite, or the PostgreSQL server when TEST_DB=postgres) with the console's
 * router mounted in front, as api/src/app.ts mounts it, and a job worker delivering paid orders as
 * the API's workers do.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import pino from 'pino';
import { createApp } from '../../api/src/app';
import { loadConfig, type Config } from '../../api/src/config';
import type { Database } from '../../api/src/db/client';
import { adminConsoleRouter } from '../../api/src/http/admin-console';
import { JobWorker } from '../../api/src/jobs/queue';
import { QUEUES } from '../../api/src/jobs/queues';
import { SandboxProvider } from '../../api/src/airtime/sandbox';
import { createServices, type Services } from '../../api/src/services';
import { OrderFeed } from '../../api/src/services/order-feed';
import { FixedPriceFeed } from '../../api/src/services/price-feed';
import { openTestDatabase } from '../../api/test/db';

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

export interface ConsoleServer {
  url: string;
  config: Config;
  services: Services;
  database: Database;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startConsoleServer(): Promise<ConsoleServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-admin-e2e-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ORDER_RATE_LIMIT_PER_MINUTE: '100000', DATA_DIR: dataDir });
  const database = await openTestDatabase();
  const log = pino({ level: 'silent' });
  const services = createServices({ config, db: database.db, provider: new SandboxProvider({}), priceFeed: new FixedPriceFeed(), log });
  await services.adminAuth.ensureFirstAdmin(config.admin.email, config.admin.password);
  const feed = new OrderFeed(database, log);
  await feed.start();
  const worker = new JobWorker(
    database,
    { [QUEUES.fulfil]: (payload, job) => services.fulfilment.run((payload as { orderId: number }).orderId, job.attempts) },
    { pollMs: 100, log },
  );
  await worker.start();

  const app = express();
  // The API's own security headers (api/src/app.ts), so that the page is tested under its real CSP.
  app.use(helmet({ xFrameOptions: false, contentSecurityPolicy: { directives: { frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'] } } }));
  app.use(adminConsoleRouter(DIST_DIR));
  app.use(createApp({ config, services, feed, log }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config,
    services,
    database,
    async call(method, p, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(url + p, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker.stop();
      await feed.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
