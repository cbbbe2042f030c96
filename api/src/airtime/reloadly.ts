/**
 * The Reloadly adapter of the airtime-provider port (Reloadly Airtime API, "topups-v1").
 *
 * Facts taken from Reloadly's documentation and its official SDKs (github.com/Reloadly):
 * - token: POST {auth}/oauth/token with client_id, client_secret, grant_type=client_credentials and the
 *   topups base URL as audience; the answer carries `expires_in` in seconds.
 * - every API call sends `Accept: application/com.reloadly.topups-v1+json` and the bearer token.
 * - errors are `{ timeStamp, message, path, errorCode, infoLink, details }`; some 404s come from the
 *   framework instead (`{ timestamp, status, error, message, path }`, no errorCode).
 * - amounts are in the account's currency (we assume US dollars, see `requireUsd`) as decimal numbers;
 *   local amounts are in the operator's currency.
 */
import { z } from 'zod';
import {
  ProviderError,
  RETRYABLE_PROVIDER_CODES,
  type AirtimeProvider,
  type ProviderBalance,
  type ProviderCountry,
  type ProviderOperator,
  type ProviderPromotion,
  type TopupRequest,
  type TopupResult,
  type TopupStatus,
} from './provider';

export interface ReloadlyOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** Base URL of the token server (`/oauth/token` is appended); tests point it at a local double. */
  authUrl?: string;
  /** Base URL of the topups API; tests point it at a local double. The token audience stays Reloadly's. */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** Per HTTP request, token requests included. */
  timeoutMs?: number;
}

const AUTH_URL = 'https://auth.reloadly.com';
const API_URLS = { sandbox: 'https://topups-sandbox.reloadly.com', production: 'https://topups.reloadly.com' } as const;
const ACCEPT = 'application/com.reloadly.topups-v1+json';
const DEFAULT_TIMEOUT_MS = 20_000;
/** Reloadly's own page size default; the promotions list is a few hundred entries at most. */
const PAGE_SIZE = 200;
/** A guard against a paging answer that never says `last`. */
const MAX_PAGES = 50;
const TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);
const STATUSES: readonly TopupStatus[] = ['SUCCESSFUL', 'PROCESSING', 'FAILED', 'REFUNDED'];

// Response shapes: only the fields we read; zod drops the rest. `nullish` wherever Reloadly sends null.
const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const ZErrorBody = z.object({ message: z.string().nullish(), errorCode: z.string().nullish() });
const ZCountry = z.object({
  isoName: z.string(),
  name: z.string(),
  currencyCode: z.string().nullish(),
  flag: z.string().nullish(),
  callingCodes: z.array(z.string()).nullish(),
});
const ZOperator = z.object({
  operatorId: z.number().int(),
  name: z.string(),
  bundle: z.boolean().nullish(),
  data: z.boolean().nullish(),
  denominationType: z.enum(['FIXED', 'RANGE']),
  senderCurrencyCode: z.string(),
  destinationCurrencyCode: z.string().nullish(),
  destinationCurrencySymbol: z.string().nullish(),
  minAmount: z.number().nullish(),
  maxAmount: z.number().nullish(),
  country: z.object({ isoName: z.string() }),
  fx: z.object({ rate: z.number() }).nullish(),
  logoUrls: z.array(z.string()).nullish(),
  fixedAmounts: z.array(z.number()).nullish(),
  // The API sends a map keyed by amount ("5.00": "2GB, 7 days"); the OpenAPI file says array (always empty
  // in its examples), so an array is accepted and ignored.
  fixedAmountsDescriptions: z.union([z.record(z.string(), z.string().nullable()), z.array(z.unknown())]).nullish(),
  localFixedAmounts: z.array(z.number()).nullish(),
  suggestedAmounts: z.array(z.number()).nullish(),
  suggestedAmountsMap: z.record(z.string(), z.number()).nullish(),
});
type RawOperator = z.infer<typeof ZOperator>;
const ZPromotion = z.object({
  promotionId: z.number().int(),
  operatorId: z.number().int(),
  title: z.string(),
  title2: z.string().nullish(),
  description: z.string().nullish(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
});
const ZTransaction = z.object({
  transactionId: z.number().int(),
  status: z.string().nullish(),
  operatorTransactionId: z.union([z.string(), z.number()]).nullish(),
  customIdentifier: z.string().nullish(),
  deliveredAmount: z.number().nullish(),
  deliveredAmountCurrencyCode: z.string().nullish(),
  pinDetail: z.record(z.string(), z.unknown()).nullish(),
});
type RawTransaction = z.infer<typeof ZTransaction>;
// GET /topups/{id}/status: the official SDKs (and their tests against the sandbox) read a wrapper
// `{ code, message, status, transaction }`; the API reference shows the bare transaction. Both are read.
const ZStatus = z.union([
  ZTransaction,
  z.object({
    code: z.string().nullish(),
    message: z.string().nullish(),
    status: z.string(),
    transaction: ZTransaction.nullish(),
  }),
]);
const ZFxRate = z.object({ fxRate: z.number(), currencyCode: z.string() });
const ZBalance = z.object({ balance: z.number(), currencyCode: z.string() });
const ZAsyncTopup = z.object({ transactionId: z.number().int() });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), last: z.boolean().nullish() });

interface Answer {
  status: number;
  body: unknown;
}

export class ReloadlyProvider implements AirtimeProvider {
  readonly name: string;
  private readonly authUrl: string;
  private readonly apiUrl: string;
  private readonly audience: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;
  private token: { value: string; refreshAt: number } | null = null;
  /** Shared by concurrent callers so a cold start asks for one token, not one per call. */
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly options: ReloadlyOptions) {
    this.name = options.environment === 'sandbox' ? 'Reloadly (sandbox)' : 'Reloadly';
    this.audience = API_URLS[options.environment];
    this.authUrl = trimSlash(options.authUrl ?? AUTH_URL);
    this.apiUrl = trimSlash(options.apiUrl ?? this.audience);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async listCountries(): Promise<ProviderCountry[]> {
    const countries = await this.call('GET', '/countries', z.array(ZCountry));
    return countries.map((c) => ({
      code: c.isoName,
      name: c.name,
      currencyCode: c.currencyCode ?? null,
      callingCodes: (c.callingCodes ?? []).map((code) => (code.startsWith('+') ? code : `+${code}`)),
      flagUrl: c.flag ?? null,
    }));
  }

  async listOperators(countryCode: string): Promise<ProviderOperator[]> {
    const query = 'includeData=true&includeBundles=true&suggestedAmounts=true&suggestedAmountsMap=true';
    const path = `/operators/countries/${encodeURIComponent(countryCode.toUpperCase())}?${query}`;
    return (await this.call('GET', path, z.array(ZOperator))).map(toOperator);
  }

  async getOperator(operatorId: number): Promise<ProviderOperator | null> {
    const path = `/operators/${positiveInteger(operatorId, 'operatorId')}?suggestedAmounts=true&suggestedAmountsMap=true`;
    try {
      return toOperator(await this.call('GET', path, ZOperator));
    } catch (error) {
      if (error instanceof ProviderError && error.httpStatus === 404) return null;
      throw error;
    }
  }

  async detectOperator(phoneE164: string, countryCode: string): Promise<ProviderOperator | null> {
    const digits = phoneE164.replace(/^\+/, '');
    if (!/^\d{4,15}$/.test(digits)) throw new RangeError(`Not a phone number in E.164 form: ${phoneE164}`);
    // The official SDKs send the number with its plus sign.
    const path =
      `/operators/auto-detect/phone/+${digits}/countries/${encodeURIComponent(countryCode.toUpperCase())}` +
      '?suggestedAmounts=true&suggestedAmountsMap=true';
    try {
      return toOperator(await this.call('GET', path, ZOperator));
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'COULD_NOT_AUTO_DETECT_OPERATOR') return null;
      throw error;
    }
  }

  async fxRate(operatorId: number, amountCents: number): Promise<{ localAmount: number; currencyCode: string }> {
    const body = { operatorId: positiveInteger(operatorId, 'operatorId'), amount: centsToAmount(amountCents) };
    // Despite its name, `fxRate` is what `amount` delivers in the operator's currency (Reloadly support:
    // "the delivery amount the recipient gets is the value in the fxRate field").
    const answer = await this.call('POST', '/operators/fx-rate', ZFxRate, body);
    return { localAmount: answer.fxRate, currencyCode: answer.currencyCode };
  }

  async listPromotions(): Promise<ProviderPromotion[]> {
    const promotions: ProviderPromotion[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.call('GET', `/promotions?page=${page}&size=${PAGE_SIZE}`, pageOf(ZPromotion));
      promotions.push(...answer.content.map(toPromotion));
      if (answer.last !== false || answer.content.length === 0) break;
    }
    return promotions;
  }

  /**
   * Asynchronous top-up: Reloadly answers with a transaction id at once and the outcome is read from the
   * status endpoint, which is how fulfilment works anyway (it polls PROCESSING). The synchronous
   * endpoint would hold the request open while the operator answers, and a timeout there leaves the
   * outcome unknown just the same.
   */
  async sendTopup(request: TopupRequest): Promise<TopupResult> {
    const body = {
      operatorId: positiveInteger(request.operatorId, 'operatorId'),
      amount: centsToAmount(request.amountCents),
      useLocalAmount: false,
      customIdentifier: request.customIdentifier,
      recipientPhone: request.recipientPhone,
    };
    const answer = await this.call('POST', '/topups-async', ZAsyncTopup, body);
    return {
      status: 'PROCESSING',
      transactionId: String(answer.transactionId),
      customIdentifier: request.customIdentifier,
      operatorTransactionId: null,
      deliveredAmount: null,
      deliveredCurrencyCode: null,
      pinDetail: null,
      message: null,
    };
  }

  async getTopupStatus(transactionId: string): Promise<TopupResult> {
    if (!/^\d+$/.test(transactionId)) throw new RangeError(`Not a Reloadly transaction id: ${transactionId}`);
    const answer = await this.call('GET', `/topups/${transactionId}/status`, ZStatus);
    if ('transactionId' in answer) return toResult(answer.status, answer, null, transactionId);
    return toResult(answer.status, answer.transaction ?? null, answer.message ?? null, transactionId);
  }

  /** The report is the only lookup by custom identifier; the status endpoint then says where it stands. */
  async findTopup(customIdentifier: string): Promise<TopupResult | null> {
    const query = new URLSearchParams({ customIdentifier, page: '1', size: '20' });
    const answer = await this.call('GET', `/topups/reports/transactions?${query}`, pageOf(ZTransaction));
    // Exact match only, in case the filter is looser than equality; the newest if there were ever two.
    const found = answer.content
      .filter((t) => t.customIdentifier === customIdentifier)
      .sort((a, b) => b.transactionId - a.transactionId)[0];
    return found ? this.getTopupStatus(String(found.transactionId)) : null;
  }

  async getBalance(): Promise<ProviderBalance> {
    const answer = await this.call('GET', '/accounts/balance', ZBalance);
    requireUsd(answer.currencyCode, 'The Reloadly account');
    // Down: never report money the account does not hold (balances carry more than two decimals).
    return { balanceCents: amountToCents(answer.balance, 'down'), currencyCode: 'USD' };
  }

  /** One API call; a token Reloadly rejects is replaced and the call made once more. */
  private async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = { accept: ACCEPT, authorization: `Bearer ${token}` };
      const answer = await this.exchange(method, `${this.apiUrl}${path}`, headers, body);
      if (answer.status >= 200 && answer.status < 300) return parseAnswer(schema, answer);
      const error = errorFrom(answer);
      if (attempt === 1 && TOKEN_CODES.has(error.code)) {
        if (this.token?.value === token) this.token = null;
        continue;
      }
      throw error;
    }
  }

  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.refreshAt) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const body = {
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      grant_type: 'client_credentials',
      audience: this.audience,
    };
    const answer = await this.exchange('POST', `${this.authUrl}/oauth/token`, { accept: 'application/json' }, body);
    if (answer.status < 200 || answer.status >= 300) throw errorFrom(answer);
    const token = parseAnswer(ZToken, answer);
    const lifetimeMs = token.expires_in * 1000;
    // A little early (a tenth of the lifetime, at most a minute) so a call never leaves with a token
    // that dies on the way.
    this.token = { value: token.access_token, refreshAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10) };
    return token.access_token;
  }

  private async exchange(method: string, url: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
    const init: RequestInit = { method, headers, signal: AbortSignal.timeout(this.timeoutMs) };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...headers, 'content-type': 'application/json' };
    }
    try {
      const response = await this.fetchFn(url, init);
      const text = await response.text();
      return { status: response.status, body: parseJson(text) };
    } catch (error) {
      // Refused, reset, DNS, or our timeout: nothing is known of what Reloadly did with the request.
      const reason = error instanceof Error ? error.message : String(error);
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      throw new ProviderError(`Reloadly could not be reached: ${reason}${cause}`, 'NETWORK_ERROR', 0, true);
    }
  }
}

function errorFrom(answer: Answer): ProviderError {
  const parsed = ZErrorBody.safeParse(answer.body);
  const errorCode = parsed.success ? parsed.data.errorCode : null;
  const message = (parsed.success ? parsed.data.message : null) ?? `HTTP ${answer.status}`;
  const code =
    errorCode ??
    (answer.status >= 500 || answer.status === 429
      ? 'PROVIDER_UNAVAILABLE'
      : answer.status === 404
        ? 'NOT_FOUND'
        : 'PROVIDER_REJECTED');
  return new ProviderError(`Reloadly: ${message}`, code, answer.status, RETRYABLE_PROVIDER_CODES.has(code));
}

function parseAnswer<T>(schema: z.ZodType<T>, answer: Answer): T {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  throw new ProviderError(
    `Reloadly answered in an unexpected shape: ${z.prettifyError(parsed.error)}`,
    'INVALID_RESPONSE',
    answer.status,
    false,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toOperator(o: RawOperator): ProviderOperator {
  requireUsd(o.senderCurrencyCode, `Reloadly operator ${o.operatorId}`);
  const base = {
    operatorId: o.operatorId,
    name: o.name,
    countryCode: o.country.isoName,
    serviceType: o.data || o.bundle ? ('data' as const) : ('airtime' as const),
    localCurrencyCode: o.destinationCurrencyCode ?? null,
    localCurrencySymbol: o.destinationCurrencySymbol ?? null,
    logoUrls: o.logoUrls ?? [],
  };
  if (o.denominationType === 'FIXED') {
    const fixed = [...(o.fixedAmounts ?? [])].sort((a, b) => a - b);
    const cents = fixed.map((amount) => amountToCents(amount, 'nearest'));
    const local = [...(o.localFixedAmounts ?? [])].sort((a, b) => a - b);
    const descriptions = Array.isArray(o.fixedAmountsDescriptions) ? {} : (o.fixedAmountsDescriptions ?? {});
    const described = new Map(Object.entries(descriptions).map(([key, text]) => [amountToCents(Number(key), 'nearest'), text]));
    return {
      ...base,
      denominationType: 'FIXED',
      fixedAmountsCents: cents,
      // Both lists are ascending sets of the same denominations when Reloadly gives local amounts at all;
      // bundles usually have none, and then nothing is shown rather than a guess.
      localFixedAmounts: local.length === fixed.length ? local : [],
      fixedAmountDescriptions: cents.map((c) => described.get(c) ?? null),
      minAmountCents: cents[0] ?? 0,
      maxAmountCents: cents[cents.length - 1] ?? 0,
      suggestedAmountsCents: [],
      fxRate: null,
    };
  }
  if (o.minAmount == null || o.maxAmount == null) {
    throw new ProviderError(`Reloadly operator ${o.operatorId} is RANGE without limits`, 'INVALID_RESPONSE', 200, false);
  }
  const suggested = o.suggestedAmounts?.length ? o.suggestedAmounts : Object.keys(o.suggestedAmountsMap ?? {}).map(Number);
  return {
    ...base,
    denominationType: 'RANGE',
    fixedAmountsCents: [],
    localFixedAmounts: [],
    fixedAmountDescriptions: [],
    // Inward: every amount we offer must lie within Reloadly's limits.
    minAmountCents: amountToCents(o.minAmount, 'up'),
    maxAmountCents: amountToCents(o.maxAmount, 'down'),
    suggestedAmountsCents: [...new Set(suggested.map((amount) => amountToCents(amount, 'nearest')))].sort((a, b) => a - b),
    fxRate: o.fx?.rate ?? null,
  };
}

function toPromotion(p: z.infer<typeof ZPromotion>): ProviderPromotion {
  return {
    id: p.promotionId,
    operatorId: p.operatorId,
    // `title2` is the headline ("Bonus 3X"); `title` repeats operator and dates, which have fields of their own.
    title: p.title2 || p.title,
    description: p.description ?? '',
    // Reloadly states no percentage, only free text ("Bonus 2x").
    discount: null,
    // As Reloadly sends them: the formats vary from one promotion to the next.
    startDate: p.startDate ?? null,
    endDate: p.endDate ?? null,
  };
}

function toResult(status: string | null | undefined, t: RawTransaction | null, message: string | null, id: string): TopupResult {
  return {
    // A status this adapter does not know is treated as still under way: polling goes on, and a
    // top-up is never declared delivered or failed on a guess.
    status: STATUSES.find((s) => s === status) ?? 'PROCESSING',
    transactionId: t ? String(t.transactionId) : id,
    customIdentifier: t?.customIdentifier ?? null,
    operatorTransactionId: t?.operatorTransactionId == null ? null : String(t.operatorTransactionId),
    deliveredAmount: t?.deliveredAmount ?? null,
    deliveredCurrencyCode: t?.deliveredAmountCurrencyCode ?? null,
    pinDetail: t?.pinDetail ?? null,
    message,
  };
}

/**
 * The account is assumed to hold US dollars, so Reloadly's sender amounts are dollars. An account in
 * another currency is refused rather than converted: we have no rate Reloadly would honour, and a wrong
 * guess would charge customers one amount and send another.
 */
function requireUsd(currencyCode: string, what: string): void {
  if (currencyCode !== 'USD') {
    throw new ProviderError(`${what} is in ${currencyCode}; only a USD account is supported`, 'UNSUPPORTED_SENDER_CURRENCY', 200, false);
  }
}

/**
 * A Reloadly dollar amount -> integer cents, rounded on its decimal digits (never `x * 100`, which turns
 * 4.35 into 434.99999999999994). Printing with 10 places shows the decimal the float stands for.
 */
function amountToCents(amount: number, rounding: 'nearest' | 'up' | 'down'): number {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new ProviderError(`Reloadly sent an invalid amount: ${amount}`, 'INVALID_RESPONSE', 200, false);
  }
  const [whole = '0', fraction = ''] = amount.toFixed(10).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  const rest = fraction.slice(2);
  const hasRest = /[1-9]/.test(rest);
  if (rounding === 'up') return hasRest ? cents + 1 : cents;
  if (rounding === 'down') return cents;
  return Number(rest[0] ?? '0') >= 5 ? cents + 1 : cents;
}

/** Cents -> the decimal amount Reloadly takes; JSON prints it with at most two decimals. */
function centsToAmount(cents: number): number {
  return positiveInteger(cents, 'amountCents') / 100;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${what} must be a positive integer, got ${value}`);
  return value;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
