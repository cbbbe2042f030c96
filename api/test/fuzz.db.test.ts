import http from 'node:http';
import zlib from 'node:zlib';
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { adminToken, startTestApi, type TestApi } from './harness';
import { createApp } from '../src/app';
import { readinessRouter } from '../src/http/readiness';
import { adminRouter } from '../src/routes/admin/admin.router';
import { tonConnectRouter } from '../src/routes/tonconnect/tonconnect.router';
import { authRouter } from '../src/routes/auth/auth.router';
import { recipientsRouter } from '../src/routes/recipients/recipients.router';
import { balanceRouter } from '../src/routes/balance/balance.router';
import { botRouter } from '../src/routes/bot/bot.router';
import { catalogRouter } from '../src/routes/catalog/catalog.router';
import { coinsRouter } from '../src/routes/coins/coins.router';
import { ordersRouter } from '../src/routes/orders/orders.router';
import { pricingRouter } from '../src/routes/pricing/pricing.router';
import { sandboxRouter } from '../src/routes/sandbox/sandbox.router';
import { supportRouter } from '../src/routes/support/support.router';

/**
 * Bad input on every route of the API gets a 4xx, never a 5xx: malformed
 * percent-encoding, NUL bytes, lone UTF-16 surrogates, integers beyond the database's columns, bodies
 * that claim gzip and are not, broken JSON. Requests go out authenticated as an admin, the bot and a
 * Telegram user, so that they get past the guards to the services and the database.
 */

let api: TestApi;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  headers = {
    'x-admin-token': await adminToken(api),
    'x-service-token': api.config.botApiSecret,
    'x-telegram-user-id': '4242',
  };
});
afterAll(() => api?.close());

interface Route {
  method: string;
  /** With `:name` parameters still in it. */
  path: string;
}

function declaredRoutes(prefix: string, router: Router): Route[] {
  const routes: Route[] = [];
  for (const layer of router.stack as unknown as { route?: { path: string | string[]; methods: Record<string, boolean> } }[]) {
    if (!layer.route) continue;
    for (const path of [layer.route.path].flat()) {
      for (const method of Object.keys(layer.route.methods)) routes.push({ method: method.toUpperCase(), path: `/api${prefix}${path}` });
    }
  }
  return routes;
}

/** Every router the app mounts under /api, built as app.ts builds them. */
function everyRoute(): Route[] {
  const s = api.services;
  const routers: [string, Router][] = [
    ['', readinessRouter(s.readiness)],
    ['', catalogRouter(s.catalog, s.settings, { phoneCheckRateLimitPerMinute: 100_000, botApiSecret: api.config.botApiSecret })],
    ['', coinsRouter(s.chains, s.networkFees)],
    ['', tonConnectRouter({ publicUrl: api.config.publicUrl, name: 'Crypto Top-ups' })],
    [
      '',
      pricingRouter(s.pricing, s.settings, s.catalog, {
        telegramBotId: null,
        miniAppLink: null,
        telegramNetworks: null,
        emailDelivery: 'local-outbox',
        support: api.config.support,
      }),
    ],
    ['', authRouter({ auth: s.customerAuth, balances: s.balances, orders: s.orders, secureCookies: false })],
    [
      '',
      ordersRouter(s.orders, { subscribe: () => () => undefined } as never, s.adminAuth, {
        rateLimitPerMinute: 100_000,
        botApiSecret: api.config.botApiSecret,
      }),
    ],
    ['', balanceRouter(s.balances, s.orders, s.payouts)],
    ['', recipientsRouter(s.recipients)],
    ['/bot', botRouter(s.telegramOutbox, s.botState, api.config)],
    ['', supportRouter(s.support, { rateLimitPerMinute: 100_000, botApiSecret: api.config.botApiSecret })],
    [
      '/admin',
      adminRouter({
        production: false,
        team: s.team,
        auth: s.adminAuth,
        admin: s.admin,
        adminOrders: s.adminOrders,
        support: s.support,
        payments: s.payments,
        alerts: s.alerts,
        sweeps: s.sweeps,
        payouts: s.payouts,
        reconciliation: s.reconciliation,
        readiness: s.readiness,
      }),
    ],
    ['/sandbox', sandboxRouter()],
  ];
  return routers.flatMap(([prefix, router]) => declaredRoutes(prefix, router));
}

const HUGE = ['99999999999999999999', '2147483648', '9223372036854775808', '-9223372036854775809', '1e400'];
/** Path segments that are not text: broken escapes, an encoded NUL, an encoded lone surrogate, huge numbers. */
const BAD_SEGMENTS = ['%ff', '%', '%E0%A4%A', '%00', 'a%00b', '%ED%A0%80', ...HUGE];
const NUL = 'admin\u0000@example.com';
const SURROGATE = 'x\ud800y';
/** What a mutated field gets: text with a NUL or a lone surrogate inside, or a number no column holds. */
const BAD_STRINGS = (plausible: string) => [0, 0xd800, 0xdfff].map((c) => `${plausible.slice(0, 4)}${String.fromCharCode(c)}${plausible.slice(4)}`);
const BAD_NUMBERS = [1e20, 2 ** 31, 2 ** 53 + 2, -(2 ** 63)];
/** Every field set to the same bad value. */
const BAD_ALL: unknown[] = [NUL, SURROGATE, '99999999999999999999', 1e20, 2 ** 31, null, [], {}];

/** Plausible values for every field a route reads, so a mutated one gets past the others. */
const PLAUSIBLE: Record<string, unknown> = {
  email: 'someone@example.com',
  password: 'not-the-password',
  code: '123456',
  phoneNumber: '671234567',
  countryCode: 'CM',
  countryId: 120,
  operatorId: 53,
  amount: 10,
  currency: 'USDT',
  cryptoCurrency: 'USDT',
  customerEmail: 'someone@example.com',
  paymentId: 'pay_abcdefghijklmnopqrst',
  orderId: 1,
  userId: 1,
  notes: 'fuzz',
  mode: 'new',
  ids: [1],
  value: { a: 'b' },
  version: 1,
  chatId: 1,
  messageId: 1,
  newEmail: 'other@example.com',
  newSignInEmail: 'other@example.com',
  // Empty, so that only its own mutations reach the (slow) argon2 check.
  currentPassword: '',
  newPassword: 'another-password',
  profileImageData: 'data:image/png;base64,iVBORw0KGgo=',
  orderToken: 'token',
  maintenanceMode: false,
  allowNewRegistrations: true,
  minTopUp: 5,
  maxTopUp: 500,
  serviceFee: 1,
  id: 1,
  hash: 'ab'.repeat(32),
  auth_date: 1700000000,
  first_name: 'Fuzz',
  transactionType: 'recharge',
  text: 'Where is my top-up?',
  reason: 'fuzz',
  through: 1,
  order: '#1',
  customer: 'someone@example.com',
};
const QUERY_KEYS = ['page', 'pageSize', 'limit', 'amount', 'crypto', 'serviceType', 'status', 'from', 'to', 'phone', 'coin', 'q', 'format'];

function mutations(value: unknown): unknown[] {
  if (typeof value === 'number') return BAD_NUMBERS;
  if (typeof value === 'string') return [...BAD_STRINGS(value), String(BAD_NUMBERS[0])];
  if (Array.isArray(value)) return [[BAD_NUMBERS[0]], [NUL]];
  if (value && typeof value === 'object') return [{ a: NUL }, { [NUL]: 1 }, { a: SURROGATE }];
  return [NUL];
}

interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A raw request: fetch would refuse some of these paths and bodies before sending them. */
function send(probe: Probe): Promise<number> {
  const url = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: probe.method, path: probe.path, headers: { ...headers, ...probe.headers } },
      (res) => {
        res.resume();
        // An event stream stays open: its status is all we need.
        if (String(res.headers['content-type']).startsWith('text/event-stream')) req.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(probe.body);
  });
}

function json(body: unknown): Pick<Probe, 'headers' | 'body'> {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function probesFor(route: Route): Probe[] {
  const fill = (value: string) => route.path.replace(/:(\w+)/g, value);
  const plain = fill('1');
  const probes: Probe[] = [];
  for (const segment of BAD_SEGMENTS) {
    if (route.path.includes(':')) probes.push({ method: route.method, path: fill(segment) });
    probes.push({ method: route.method, path: `${plain}?${QUERY_KEYS.map((k) => `${k}=${segment}`).join('&')}` });
  }
  if (route.method === 'GET') return probes;
  const gzip = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
  probes.push(
    { method: route.method, path: plain, headers: gzip, body: 'this is not gzip' },
    { method: route.method, path: plain, headers: gzip, body: zlib.gzipSync('{"truncated":').subarray(0, 12) },
    { method: route.method, path: plain, headers: { ...gzip, 'content-encoding': 'deflate' }, body: 'nor deflate' },
    { method: route.method, path: plain, headers: { 'content-type': 'application/json; charset=utf-7' }, body: '{}' },
    { method: route.method, path: plain, headers: { 'content-type': 'application/json' }, body: '{"a":' },
    { method: route.method, path: plain, headers: { 'content-type': 'text/plain' }, body: '{"paymentId":"pay_\\u0000abcdefghijklmnop"}' },
    { method: route.method, path: plain, ...json(null) },
  );
  for (const bad of BAD_ALL) probes.push({ method: route.method, path: plain, ...json(Object.fromEntries(Object.keys(PLAUSIBLE).map((k) => [k, bad]))) });
  for (const [key, value] of Object.entries(PLAUSIBLE)) {
    for (const bad of mutations(value)) probes.push({ method: route.method, path: plain, ...json({ ...PLAUSIBLE, [key]: bad }) });
  }
  // The manual top-up's two modes read different fields.
  for (const key of ['phoneNumber', 'notes', 'countryId', 'operatorId', 'orderId', 'amount']) {
    for (const bad of mutations(PLAUSIBLE[key])) probes.push({ method: route.method, path: plain, ...json({ ...PLAUSIBLE, mode: 'existing', [key]: bad }) });
  }
  return probes;
}

/**
 * Input handling does not depend on the engine: with a PostgreSQL server to test on (CI), the fuzz runs
 * there only, not again on PGlite (where it takes the longest).
 */
const runHere = process.env.TEST_DB === 'postgres' || !process.env.TEST_DATABASE_URL;

describe.runIf(runHere)('no bad input gets a 5xx', () => {
  it('covers every router app.ts mounts', () => {
    // The sub-routers of the app's /api router: a router added to app.ts must be added to everyRoute().
    const app = createApp({ config: api.config, services: api.services, feed: {} as never, log: pino({ level: 'silent' }) });
    type Layer = { handle: { stack?: Layer[] } };
    const top = (app as unknown as { router: { stack: Layer[] } }).router.stack;
    const apiRouter = top.map((l) => l.handle).find((h) => h.stack?.some((l) => l.handle.stack))!;
    const mounted = apiRouter.stack!.filter((l) => l.handle.stack).length;
    expect(mounted).toBe(13);
    expect(everyRoute().length).toBeGreaterThan(40);
  });

  it('answers malformed encodings, NUL bytes, surrogates, huge integers and bad gzip on every route with a 4xx', async () => {
    // GET /api/ready answers 503 by design while a dependency is down (this test runs no chain node).
    const routes = everyRoute().filter((r) => !/\/logout$/.test(r.path) && r.path !== '/api/ready');
    const failures: string[] = [];
    const queue = routes.flatMap((route) => probesFor(route).map((probe) => ({ route, probe })));
    const sent = queue.length;
    // A few requests in flight at once, as clients send them: the server's time, not the round trips'.
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { route, probe } = next;
        const status = await send(probe);
        // The first failure of each route says enough; the rest would hide the other routes'.
        if (status >= 500 && !failures.some((f) => f.startsWith(`${status} ${route.method} ${route.path} `))) {
          failures.push(`${status} ${route.method} ${route.path} ${probe.path} ${String(probe.body ?? '').slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(sent).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers the same on the unauthenticated doors, the admin sign-in among them', async () => {
    const failures: string[] = [];
    for (const body of [
      { email: NUL, password: 'x' },
      { email: 'admin@example.com', password: 'a\u0000b' },
      { email: SURROGATE, password: SURROGATE },
    ]) {
      const status = await send({ method: 'POST', path: '/api/admin/login', headers: { 'x-admin-token': '', 'x-service-token': '' }, ...json(body) });
      if (status >= 500) failures.push(`${status} ${JSON.stringify(body)}`);
    }
    for (const path of [
      '/api/payment-status/%ff',
      '/api/orders/%ff/status',
      '/api/orders/%ff/events',
      '/api/countries/%ff/operators',
      '/flags/%ff.svg',
      '/api/%ff',
    ]) {
      const status = await send({ method: 'GET', path, headers: {} });
      if (status >= 500) failures.push(`${status} GET ${path}`);
    }
    expect(failures).toEqual([]);
  });
});
