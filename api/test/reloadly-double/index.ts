/**
 * A local stand-in for Reloadly's token server and Airtime API, speaking their documented shapes, for
 * the Reloadly adapter's tests. One node:http server on 127.0.0.1 answers both `/oauth/token` and the
 * topups endpoints. It checks what Reloadly checks (credentials, bearer token and its expiry, the
 * versioned Accept header, amounts, balance, unique custom identifiers), records every request, and
 * can be told to fail or delay the next calls. The catalog is in fixtures.ts and catalog.ts, the money
 * in topups.ts, Reloadly's wire shapes in wire.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReloadlyProvider, type ReloadlyOptions } from '../../src/airtime/reloadly';
import { catalogReply } from './catalog';
import { topupReply } from './topups';
import type { DoubleTransaction, Failure, RecordedRequest, ReloadlyDouble, ReloadlyDoubleOptions, ReloadlyDoubleState } from './types';
import { error, notFound, now, RELOADLY_ACCEPT, safeJson, send, type Reply } from './wire';

export { COUNTRIES, OPERATORS, PROMOTIONS } from './fixtures';
export type { DoubleTransaction, Failure, RecordedRequest, ReloadlyDouble, ReloadlyDoubleOptions, ReloadlyDoubleState } from './types';
export { RELOADLY_ACCEPT } from './wire';

export const DOUBLE_CLIENT_ID = 'double-client-id';
export const DOUBLE_CLIENT_SECRET = 'double-client-secret';

export async function startReloadlyDouble(opts: ReloadlyDoubleOptions = {}): Promise<ReloadlyDouble> {
  const audience = opts.audience ?? 'https://topups-sandbox.reloadly.com';
  /** Token -> expiry (ms since epoch); `Date.now` so tests can move time with fake timers. */
  const tokens = new Map<string, number>();
  const failures: Failure[] = [];
  const delays: number[] = [];
  let nextTokenId = 1;
  let nextTransactionId = 9000;

  const state: ReloadlyDoubleState = {
    requests: [],
    tokenLifetimeSeconds: opts.tokenLifetimeSeconds ?? 3600,
    balanceCents: opts.balanceCents ?? 100_000,
    maxPageSize: opts.maxPageSize ?? 200,
    statusShape: 'wrapped',
    reportLagMs: 0,
    transactions: [],
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    delayNext(ms) {
      delays.push(ms);
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    revokeTokens() {
      tokens.clear();
    },
    setStatus(transactionId, status, failure) {
      const transaction = known(transactionId);
      transaction.status = status;
      transaction.failure = failure ?? null;
    },
    setPin(transactionId, pinDetail) {
      known(transactionId).pinDetail = pinDetail;
    },
    tokenRequests: () => state.requests.filter((r) => r.path === '/oauth/token'),
    apiRequests: () => state.requests.filter((r) => r.path !== '/oauth/token'),
  };

  function known(transactionId: number): DoubleTransaction {
    const transaction = state.transactions.find((t) => t.transactionId === transactionId);
    if (!transaction) throw new Error(`no transaction ${transactionId} in the double`);
    return transaction;
  }

  function issueToken(body: Record<string, unknown>): Reply {
    const valid =
      body.client_id === DOUBLE_CLIENT_ID &&
      body.client_secret === DOUBLE_CLIENT_SECRET &&
      body.grant_type === 'client_credentials' &&
      body.audience === audience;
    if (!valid) return error(401, 'INVALID_CREDENTIALS', 'Access Denied', '/oauth/token');
    const token = `double-token-${nextTokenId++}`;
    tokens.set(token, Date.now() + state.tokenLifetimeSeconds * 1000);
    return { status: 200, body: { access_token: token, scope: 'developer', expires_in: state.tokenLifetimeSeconds, token_type: 'Bearer' } };
  }

  /** What Reloadly checks before any endpoint: the bearer token, then the versioned media type. */
  function guard(request: RecordedRequest): Reply | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : tokens.get(token);
    if (expiresAt === undefined) return error(401, 'INVALID_TOKEN', 'Full authentication is required to access this resource', request.path);
    if (expiresAt <= Date.now()) return error(401, 'TOKEN_EXPIRED', 'Access token has expired', request.path);
    if (request.headers.accept !== RELOADLY_ACCEPT) {
      return {
        status: 406,
        body: { timeStamp: now(), status: 406, error: 'Not Acceptable', message: 'Could not find acceptable representation', path: request.path },
      };
    }
    return null;
  }

  /** The failure the test asked for this call, if any, and whether the call is carried out first. */
  function takeFailure(request: RecordedRequest): { reply: Reply; afterRecording: boolean } | null {
    const failureAt = failures.findIndex((f) => !f.path || request.path.startsWith(f.path));
    if (failureAt < 0) return null;
    const [failure] = failures.splice(failureAt, 1);
    if (!failure) return null;
    const reply =
      failure.rawBody !== undefined
        ? { status: failure.status, body: failure.rawBody }
        : error(failure.status, failure.errorCode, failure.message ?? 'Failure requested by the test', request.path);
    return { reply, afterRecording: failure.afterRecording === true };
  }

  function answer(request: RecordedRequest): Reply {
    const refused = guard(request);
    if (refused) return refused;
    const failure = takeFailure(request);
    if (failure && !failure.afterRecording) return failure.reply;
    const { method, path, query, body } = request;
    const reply =
      catalogReply(method, path, query, body, state.maxPageSize) ?? topupReply(method, path, query, body, state, () => nextTransactionId++) ?? notFound(path);
    return failure ? failure.reply : reply;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: text ? safeJson(text) : undefined,
      };
      state.requests.push(request);
      opts.onRequest?.(request);
      const isToken = request.method === 'POST' && request.path === '/oauth/token';
      const reply = isToken ? issueToken((request.body ?? {}) as Record<string, unknown>) : answer(request);
      const delay = isToken ? 0 : (delays.shift() ?? 0);
      setTimeout(() => send(res, reply), delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    authUrl: url,
    apiUrl: url,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The Reloadly adapter pointed at a fresh local double, for the adapter's tests. */
export async function startReloadlyAdapter(
  options: ReloadlyDoubleOptions = {},
  adapter: Partial<ReloadlyOptions> = {},
): Promise<{ double: ReloadlyDouble; provider: ReloadlyProvider }> {
  const double = await startReloadlyDouble(options);
  const provider = new ReloadlyProvider({
    clientId: DOUBLE_CLIENT_ID,
    clientSecret: DOUBLE_CLIENT_SECRET,
    environment: 'sandbox',
    authUrl: double.authUrl,
    apiUrl: double.apiUrl,
    ...adapter,
  });
  return { double, provider };
}
