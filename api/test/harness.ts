import fs from 'node:fs';
import { createHttpServer } from '../src/http/http-server';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { ChainRegistry } from '@topup/shared';
import { loadConfig, type Config } from '../src/config';
import { createRequestListener } from '../src/app';
import { createServices, type Services } from '../src/services';
import type { ChainFamily } from '../src/chain/port';
import type { AirtimeProvider } from '../src/airtime/provider';
import { SandboxProvider } from '../src/airtime/sandbox';
import { FixedPriceFeed, type PriceFeed } from '../src/services/price-feed';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './db';
import { OrderFeed } from '../src/services/order-feed';

/** A response body as tests read it: loosely (schemas check it where it matters). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseBody = any;

export interface TestApi {
  url: string;
  config: Config;
  services: Services;
  database: Database;
  provider: AirtimeProvider;
  /** fetch against the API with JSON in and out; tests read the body loosely, schemas check it where it matters. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; body: LooseBody; headers: Headers }>;
  close(): Promise<void>;
}

/** The real API (routes, services, database) on 127.0.0.1 with a fresh test database. */
export async function startTestApi(
  opts: {
    env?: Record<string, string>;
    provider?: AirtimeProvider;
    priceFeed?: PriceFeed;
    registry?: ChainRegistry;
    /** The chain families known (default: chain/families.ts). */
    families?: Readonly<Record<string, ChainFamily>>;
    database?: Database;
    log?: Logger;
  } = {},
): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      // Tests of everything else pay EVM coins with Telegram credentials too; telegram-policy.db.test.ts
      // has the Telegram surfaces' default (TON only), set explicitly.
      TELEGRAM_NETWORKS: 'all',
      PHONE_CHECK_RATE_LIMIT_PER_MINUTE: '100000',
      SUPPORT_RATE_LIMIT_PER_MINUTE: '100000',
      DATA_DIR: dataDir,
      ...opts.env,
    },
    opts.registry,
    opts.families,
  );
  const database = opts.database ?? (await openTestDatabase());
  const log = opts.log ?? pino({ level: 'silent' });
  const provider = opts.provider ?? new SandboxProvider({});
  const services = createServices({ config, db: database.db, provider, priceFeed: opts.priceFeed ?? new FixedPriceFeed(), log });
  await services.adminAuth.ensureFirstAdmin(config.admin.email, config.admin.password);
  const feed = new OrderFeed(database, log);
  await feed.start();
  const server = createHttpServer(createRequestListener({ config, services, feed, log }), { requestTimeoutMs: config.requestTimeoutMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    config,
    services,
    database,
    provider,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      let body: string | undefined = o.raw;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await feed.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in the development admin and returns its session token. */
export async function adminToken(api: TestApi): Promise<string> {
  const res = await api.call('POST', '/api/admin/login', { body: { email: api.config.admin.email, password: api.config.admin.password } });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** The code in the newest sign-in mail to `email` in the local mail outbox. */
export function lastSignInCode(api: TestApi, email: string): string {
  const folder = path.join(api.config.dataDir, 'mail-outbox');
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.includes(email))
    .sort();
  const text = fs.readFileSync(path.join(folder, files[files.length - 1]!), 'utf8');
  // The code is in the subject, whatever the language.
  return /^Subject: .*?(\d{6})/m.exec(text)![1]!;
}

/** The session cookie a sign-in answer sets, as a Cookie header. */
export function cookieOf(res: { headers: Headers }): string {
  const set = res.headers.get('set-cookie') ?? '';
  return set.split(';')[0]!;
}

/** Signs a customer in by e-mail code; returns the session cookie. */
export async function signInByEmail(api: TestApi, email: string): Promise<string> {
  const start = await api.call('POST', '/api/auth/email/start', { body: { email } });
  if (start.status !== 200) throw new Error(`sign-in code refused: ${start.status} ${JSON.stringify(start.body)}`);
  return cookieOf(await api.call('POST', '/api/auth/email/verify', { body: { email, code: lastSignInCode(api, email) } }));
}
