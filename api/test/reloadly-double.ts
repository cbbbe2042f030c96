/**
 * A local stand-in for Reloadly's token server and Airtime API, speaking their documented shapes, for
 * the Reloadly adapter's tests. One node:http server on 127.0.0.1 answers both `/oauth/token` and the
 * topups endpoints. It checks what Reloadly checks (credentials, bearer token and its expiry, the
 * versioned Accept header, amounts, balance, unique custom identifiers), records every request, and
 * can be told to fail or delay the next calls.
 *
 * Amounts: the catalog holds Reloadly's decimal dollars, as on the wire; the balance and top-ups are
 * kept in integer cents.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify, type LosslessNumber } from 'lossless-json';
import { ReloadlyProvider, type ReloadlyOptions } from '../src/airtime/reloadly';

export const RELOADLY_ACCEPT = 'application/com.reloadly.topups-v1+json';
export const DOUBLE_CLIENT_ID = 'double-client-id';
export const DOUBLE_CLIENT_SECRET = 'double-client-secret';

type Status = 'SUCCESSFUL' | 'PROCESSING' | 'FAILED' | 'REFUNDED';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface DoubleTransaction {
  transactionId: number;
  status: Status;
  customIdentifier: string | null;
  operatorId: number;
  amountCents: number;
  recipientPhone: { countryCode: string; number: string };
  /** Reloadly's code and message on the status answer of a failed top-up. */
  failure: { code: string | null; message: string } | null;
  /** The PIN of a PIN operator; a LosslessNumber is written as a bare JSON number, digit for digit. */
  pinDetail: Record<string, string | LosslessNumber | null> | null;
  createdAt: number;
}

export interface Failure {
  /** HTTP status to answer with. */
  status: number;
  /** Reloadly's errorCode; null for the framework's own errors (no errorCode field at all). */
  errorCode: string | null;
  message?: string;
  /** A raw body instead of Reloadly's error JSON (a proxy's HTML page, say). */
  rawBody?: string;
  /** Only calls whose path starts with this; any API call when absent. */
  path?: string;
  /** Carry the request out first, then answer with the failure (Reloadly did it, the answer says otherwise). */
  afterRecording?: boolean;
}

export interface ReloadlyDoubleOptions {
  /** `expires_in` of issued tokens, in seconds. */
  tokenLifetimeSeconds?: number;
  /** Account balance in US cents. */
  balanceCents?: number;
  /** The largest page /promotions and the report serve, whatever `size` asks. */
  maxPageSize?: number;
  /** The audience token requests must name. */
  audience?: string;
  /** Called as each request arrives, before it is answered (the delivery benchmark timestamps top-ups). */
  onRequest?: (request: RecordedRequest) => void;
}

export interface ReloadlyDoubleState {
  readonly requests: RecordedRequest[];
  tokenLifetimeSeconds: number;
  balanceCents: number;
  maxPageSize: number;
  /** Shape of GET /topups/{id}/status: the SDKs' wrapper, or the bare transaction of the API reference. */
  statusShape: 'wrapped' | 'flat';
  /** The transaction report lists a top-up only once it is this old (reports are not instant). */
  reportLagMs: number;
  readonly transactions: DoubleTransaction[];
  /** Makes every API call (or those under `failure.path`) fail `times` times, oldest first. */
  failNext(failure: Failure, times?: number): void;
  /** Holds the next API call this long before answering it normally. */
  delayNext(ms: number): void;
  /** Every issued token is now past its expiry: calls get TOKEN_EXPIRED. */
  expireTokens(): void;
  /** Every issued token is forgotten: calls get INVALID_TOKEN. */
  revokeTokens(): void;
  setStatus(transactionId: number, status: Status, failure?: { code: string | null; message: string }): void;
  setPin(transactionId: number, pinDetail: Record<string, string | LosslessNumber | null>): void;
  tokenRequests(): RecordedRequest[];
  apiRequests(): RecordedRequest[];
}

export interface ReloadlyDouble {
  /** Base URL of the server (token server and API alike). */
  url: string;
  authUrl: string;
  apiUrl: string;
  state: ReloadlyDoubleState;
  close(): Promise<void>;
}

export const COUNTRIES = [
  {
    isoName: 'NG',
    name: 'Nigeria',
    currencyCode: 'NGN',
    currencyName: 'Nigerian Naira',
    currencySymbol: '₦',
    flag: 'https://s3.amazonaws.com/rld-flags/ng.svg',
    callingCodes: ['+234'],
  },
  {
    isoName: 'CM',
    name: 'Cameroon',
    currencyCode: 'XAF',
    currencyName: 'Central African CFA Franc',
    currencySymbol: 'FCFA',
    flag: 'https://s3.amazonaws.com/rld-flags/cm.svg',
    callingCodes: ['+237'],
  },
];

interface FixtureOperator {
  operator: Record<string, unknown> & { operatorId: number; country: { isoName: string } };
  /** E.164 prefixes auto-detect resolves to this operator. */
  prefixes: string[];
}

function operator(fields: Record<string, unknown> & { operatorId: number; country: { isoName: string; name: string } }) {
  return {
    id: fields.operatorId,
    bundle: false,
    data: false,
    pin: false,
    supportsLocalAmounts: false,
    senderCurrencyCode: 'USD',
    senderCurrencySymbol: '$',
    commission: 0,
    internationalDiscount: 0,
    localDiscount: 0,
    mostPopularAmount: null,
    mostPopularLocalAmount: null,
    minAmount: null,
    maxAmount: null,
    localMinAmount: null,
    localMaxAmount: null,
    logoUrls: [`https://s3.amazonaws.com/rld-operator/${fields.operatorId}-size-1.png`],
    fixedAmounts: [],
    fixedAmountsDescriptions: {},
    localFixedAmounts: [],
    localFixedAmountsDescriptions: {},
    suggestedAmounts: [],
    suggestedAmountsMap: {},
    promotions: [],
    ...fields,
  };
}

/** RANGE airtime (with limits that are not whole cents), FIXED airtime, a data operator and a bundle operator. */
export const OPERATORS: FixtureOperator[] = [
  {
    prefixes: ['+234803', '+234806'],
    operator: operator({
      operatorId: 341,
      name: 'MTN Nigeria',
      denominationType: 'RANGE',
      destinationCurrencyCode: 'NGN',
      destinationCurrencySymbol: '₦',
      minAmount: 0.072,
      maxAmount: 71.436,
      country: { isoName: 'NG', name: 'Nigeria' },
      fx: { rate: 1480.5, currencyCode: 'NGN' },
      suggestedAmounts: [1, 5, 10],
      suggestedAmountsMap: { '1': 1480.5, '5': 7402.5, '10': 14805 },
    }),
  },
  {
    prefixes: [],
    operator: operator({
      operatorId: 342,
      name: 'MTN Nigeria Data',
      data: true,
      denominationType: 'FIXED',
      destinationCurrencyCode: 'NGN',
      destinationCurrencySymbol: '₦',
      country: { isoName: 'NG', name: 'Nigeria' },
      fx: { rate: 1480.5, currencyCode: 'NGN' },
      fixedAmounts: [3.0, 1.5],
      fixedAmountsDescriptions: { '1.50': '1GB, 7 days', '3.00': '3GB, 30 days' },
      localFixedAmounts: [4400, 2200],
      localFixedAmountsDescriptions: { '2200.00': '1GB, 7 days', '4400.00': '3GB, 30 days' },
    }),
  },
  {
    prefixes: ['+23769'],
    operator: operator({
      operatorId: 200,
      name: 'Orange Cameroon',
      denominationType: 'FIXED',
      destinationCurrencyCode: 'XAF',
      destinationCurrencySymbol: 'FCFA',
      country: { isoName: 'CM', name: 'Cameroon' },
      fx: { rate: 595.2, currencyCode: 'XAF' },
      fixedAmounts: [1.01, 2.35, 5.0],
      localFixedAmounts: [600, 1400, 3000],
    }),
  },
  {
    prefixes: [],
    operator: operator({
      operatorId: 201,
      name: 'Orange Cameroon Bundles',
      bundle: true,
      denominationType: 'FIXED',
      destinationCurrencyCode: 'XAF',
      destinationCurrencySymbol: 'FCFA',
      country: { isoName: 'CM', name: 'Cameroon' },
      fx: { rate: 1, currencyCode: 'XAF' },
      fixedAmounts: [2.0, 8.0],
      fixedAmountsDescriptions: { '2.00': 'Small Plan - 2GB, 7 Days', '8.00': 'Large Plan - 8GB, 30 Days' },
    }),
  },
];

export const PROMOTIONS = [
  {
    id: 7016,
    promotionId: 7016,
    operatorId: 341,
    title: 'MTN Nigeria From 07 Feb 2025 00:00 To 31 Dec 2025 23:59 (GMT+01:00)',
    title2: 'Bonus 5x',
    description: 'Top up $5 or more and get five times the credit.',
    startDate: '2025-02-07 00:00:00',
    endDate: '2025-12-31 23:59:00',
    denominations: 'USD 5 and up',
    localDenominations: null,
  },
  {
    id: 7094,
    promotionId: 7094,
    operatorId: 200,
    title: 'Orange Cameroon From 15 Apr 2025 00:00 To 31 Dec 2025 23:59 (GMT+01:00)',
    title2: null,
    description: 'Free data on every top-up.',
    startDate: '2025-04-14T23:00',
    endDate: null,
    denominations: 'All',
    localDenominations: null,
  },
  {
    id: 7299,
    promotionId: 7299,
    operatorId: 342,
    title: 'MTN Nigeria Data From 03 Jun 2025',
    title2: 'Double data',
    description: 'Twice the data on 3GB plans.',
    startDate: '2025-06-03T02:01:00Z',
    endDate: '2026-01-01T02:59:00Z',
    denominations: 'USD 3',
    localDenominations: null,
  },
];

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
      return { status: 406, body: { timeStamp: now(), status: 406, error: 'Not Acceptable', message: 'Could not find acceptable representation', path: request.path } };
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
    const reply = route(request);
    return failure ? failure.reply : reply;
  }

  function route(request: RecordedRequest): Reply {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/countries') return { status: 200, body: COUNTRIES };
    if (method === 'GET' && path === '/accounts/balance') {
      return { status: 200, body: { balance: state.balanceCents / 100, currencyCode: 'USD', currencyName: 'US Dollar', updatedAt: now() } };
    }
    if (method === 'GET' && path === '/promotions') return { status: 200, body: page(PROMOTIONS, query) };
    if (method === 'POST' && path === '/operators/fx-rate') return fxRate(request.body);
    if (method === 'POST' && path === '/topups-async') return topup(request.body);
    if (method === 'GET' && path === '/topups/reports/transactions') {
      const listed = state.transactions.filter((t) => Date.now() - t.createdAt >= state.reportLagMs);
      const rows = listed.filter((t) => !query.customIdentifier || t.customIdentifier === query.customIdentifier);
      return { status: 200, body: page(rows.map(reportRow), query) };
    }
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/operators\/countries\/([^/]+)$/.exec(path))) return byCountry(decodeURIComponent(match[1] ?? ''), query);
    if (method === 'GET' && (match = /^\/operators\/(\d+)$/.exec(path))) {
      const found = OPERATORS.find((o) => o.operator.operatorId === Number(match?.[1]));
      return found ? { status: 200, body: present(found.operator, query) } : error(404, null, 'Operator not found for given id', path);
    }
    if (method === 'GET' && (match = /^\/operators\/auto-detect\/phone\/([^/]+)\/countries\/([^/]+)$/.exec(path))) {
      return autoDetect(decodeURIComponent(match[1] ?? ''), decodeURIComponent(match[2] ?? ''), query);
    }
    if (method === 'GET' && (match = /^\/topups\/(\d+)\/status$/.exec(path))) return status(Number(match[1]), path);
    return { status: 404, body: { timestamp: now(), status: 404, error: 'Not Found', message: 'No message available', path } };
  }

  function byCountry(iso: string, query: Record<string, string>): Reply {
    if (!COUNTRIES.some((c) => c.isoName === iso)) {
      return error(404, 'COUNTRY_NOT_SUPPORTED', 'Country not found and/or not currently supported', `/operators/countries/${iso}`);
    }
    const operators = OPERATORS.map((o) => o.operator)
      .filter((o) => o.country.isoName === iso)
      .filter((o) => query.includeData !== 'false' || !o.data)
      .filter((o) => query.includeBundles !== 'false' || !o.bundle);
    return { status: 200, body: operators.map((o) => present(o, query)) };
  }

  function autoDetect(phone: string, iso: string, query: Record<string, string>): Reply {
    const e164 = phone.startsWith('+') ? phone : `+${phone}`;
    const found = OPERATORS.find((o) => o.operator.country.isoName === iso && o.prefixes.some((p) => e164.startsWith(p)));
    if (!found) return error(404, 'COULD_NOT_AUTO_DETECT_OPERATOR', 'Could not auto detect operator for given phone number', '/operators/auto-detect');
    return { status: 200, body: present(found.operator, query) };
  }

  function fxRate(body: unknown): Reply {
    const { operatorId, amount } = (body ?? {}) as { operatorId?: unknown; amount?: unknown };
    const found = OPERATORS.find((o) => o.operator.operatorId === Number(operatorId))?.operator;
    if (!found) return error(404, null, 'Operator not found for given id', '/operators/fx-rate');
    const rate = (found.fx as { rate: number }).rate;
    return { status: 200, body: { id: found.operatorId, name: found.name, fxRate: Number((Number(amount) * rate).toFixed(5)), currencyCode: found.destinationCurrencyCode } };
  }

  function topup(body: unknown): Reply {
    const request = (body ?? {}) as { operatorId?: unknown; amount?: unknown; customIdentifier?: unknown; recipientPhone?: { countryCode?: unknown; number?: unknown } };
    const path = '/topups-async';
    const found = OPERATORS.find((o) => o.operator.operatorId === Number(request.operatorId))?.operator;
    if (!found) return error(400, 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE', 'Operator is unavailable or currently inactive', path);
    const phone = request.recipientPhone;
    if (typeof phone?.number !== 'string' || !/^\d{4,15}$/.test(phone.number) || phone.countryCode !== found.country.isoName) {
      return error(400, 'INVALID_RECIPIENT_PHONE', 'Recipient phone number is not valid', path);
    }
    const amountCents = Math.round(Number(request.amount) * 100);
    if (!acceptsAmount(found, amountCents)) return error(400, 'INVALID_AMOUNT_FOR_OPERATOR', 'The amount is not valid for this operator', path);
    if (amountCents > state.balanceCents) return error(400, 'INSUFFICIENT_BALANCE', 'Your balance is not sufficient for this transaction', path);
    const customIdentifier = typeof request.customIdentifier === 'string' ? request.customIdentifier : null;
    // Reloadly records a custom identifier with every accepted top-up and refuses it afterwards.
    if (customIdentifier && state.transactions.some((t) => t.customIdentifier === customIdentifier)) {
      return error(400, 'CUSTOM_IDENTIFIER_ALREADY_USED', 'Custom identifier has already been used', path);
    }
    state.balanceCents -= amountCents;
    const transaction: DoubleTransaction = {
      transactionId: nextTransactionId++,
      status: 'PROCESSING',
      customIdentifier,
      operatorId: found.operatorId,
      amountCents,
      recipientPhone: { countryCode: phone.countryCode, number: phone.number },
      failure: null,
      pinDetail: null,
      createdAt: Date.now(),
    };
    state.transactions.push(transaction);
    return { status: 200, body: { transactionId: transaction.transactionId } };
  }

  function status(transactionId: number, path: string): Reply {
    const transaction = state.transactions.find((t) => t.transactionId === transactionId);
    if (!transaction) return { status: 404, body: { timestamp: now(), status: 404, error: 'Not Found', message: 'No message available', path } };
    const row = reportRow(transaction);
    if (state.statusShape === 'flat') return { status: 200, body: row };
    return {
      status: 200,
      body: { code: transaction.failure?.code ?? null, message: transaction.failure?.message ?? null, status: transaction.status, transaction: row },
    };
  }

  /** A transaction as the status and report endpoints show it. */
  function reportRow(t: DoubleTransaction) {
    const found = fixture(t.operatorId);
    const delivered = t.status === 'SUCCESSFUL' ? deliveredAmount(t) : null;
    return {
      transactionId: t.transactionId,
      status: t.status,
      operatorTransactionId: t.status === 'SUCCESSFUL' ? `OP-${t.transactionId}` : null,
      customIdentifier: t.customIdentifier,
      recipientPhone: t.recipientPhone.number,
      recipientEmail: null,
      senderPhone: null,
      countryCode: t.recipientPhone.countryCode,
      operatorId: t.operatorId,
      operatorName: found.name,
      discount: 0,
      discountCurrencyCode: 'USD',
      requestedAmount: t.amountCents / 100,
      requestedAmountCurrencyCode: 'USD',
      deliveredAmount: delivered,
      deliveredAmountCurrencyCode: delivered === null ? null : found.destinationCurrencyCode,
      transactionDate: now(),
      pinDetail: t.status === 'SUCCESSFUL' ? t.pinDetail : null,
      balanceInfo: null,
    };
  }

  function deliveredAmount(t: DoubleTransaction): number {
    const found = fixture(t.operatorId);
    const fixed = (found.fixedAmounts as number[]).slice().sort((a, b) => a - b);
    const local = (found.localFixedAmounts as number[]).slice().sort((a, b) => a - b);
    const index = fixed.findIndex((amount) => Math.round(amount * 100) === t.amountCents);
    if (index >= 0) return local[index] ?? 0;
    return Number(((t.amountCents / 100) * (found.fx as { rate: number }).rate).toFixed(2));
  }

  function page<T>(rows: T[], query: Record<string, string>) {
    const size = Math.min(Number(query.size ?? 200) || 200, state.maxPageSize);
    const number = Math.max(Number(query.page ?? 1) || 1, 1) - 1;
    const content = rows.slice(number * size, (number + 1) * size);
    const totalPages = Math.max(Math.ceil(rows.length / size), 1);
    return {
      content,
      pageable: { sort: { sorted: false, unsorted: true, empty: true }, pageNumber: number, pageSize: size, offset: number * size, paged: true, unpaged: false },
      totalPages,
      totalElements: rows.length,
      last: number + 1 >= totalPages,
      first: number === 0,
      size,
      number,
      numberOfElements: content.length,
      empty: content.length === 0,
    };
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

interface Reply {
  status: number;
  body: unknown;
}

/** The operator of a recorded top-up: top-ups are only ever recorded for catalog operators. */
function fixture(operatorId: number) {
  const found = OPERATORS.find((o) => o.operator.operatorId === operatorId);
  if (!found) throw new Error(`operator ${operatorId} is not in the double's catalog`);
  return found.operator;
}

function error(status: number, errorCode: string | null, message: string, path: string): Reply {
  return { status, body: { timeStamp: now(), message, path, errorCode, infoLink: null, details: [] } };
}

/** Operator JSON as Reloadly shows it: the suggested amounts only when asked for. */
function present(o: Record<string, unknown>, query: Record<string, string>) {
  const { suggestedAmounts, suggestedAmountsMap, ...rest } = o;
  return {
    ...rest,
    ...(query.suggestedAmounts === 'true' ? { suggestedAmounts } : {}),
    ...(query.suggestedAmountsMap === 'true' ? { suggestedAmountsMap } : {}),
  };
}

function acceptsAmount(o: Record<string, unknown>, cents: number): boolean {
  if (o.denominationType === 'FIXED') return (o.fixedAmounts as number[]).some((amount) => Math.round(amount * 100) === cents);
  return cents >= Math.ceil((o.minAmount as number) * 100) && cents <= Math.floor((o.maxAmount as number) * 100);
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const raw = typeof reply.body === 'string';
  res.writeHead(reply.status, { 'content-type': raw ? 'text/html' : RELOADLY_ACCEPT });
  res.end(raw ? reply.body : stringify(reply.body));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function now(): string {
  return new Date().toISOString().replace('T', ' ').slice(0, 19);
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
