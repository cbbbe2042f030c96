/**
 * Reloadly's HTTP: the OAuth token and one call. Facts from Reloadly's documentation and its official
 * SDKs (github.com/Reloadly):
 * - token: POST {auth}/oauth/token with client_id, client_secret, grant_type=client_credentials and the
 *   topups base URL as audience; the answer carries `expires_in` in seconds.
 * - every API call sends `Accept: application/com.reloadly.topups-v1+json` and the bearer token.
 * - errors are `{ timeStamp, message, path, errorCode, infoLink, details }`; some 404s come from the
 *   framework instead (`{ timestamp, status, error, message, path }`, no errorCode).
 * Answers are parsed keeping numbers as their text (a PIN or an id longer than a float stays exact).
 */
import { z } from 'zod';
import { trimSlash } from '../../outbound/http';
import { parseJsonExact } from '../../outbound/json';
import { ProviderError } from '../provider';

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
const TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);
/** What the code of a failure is when Reloadly's answer names none. */
export const NO_ANSWER = 'NETWORK_ERROR';
export const UNREADABLE = 'INVALID_RESPONSE';

const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const ZErrorBody = z.object({ message: z.string().nullish(), errorCode: z.string().nullish() });

interface Answer {
  status: number;
  body: unknown;
}

export class ReloadlyClient {
  private readonly authUrl: string;
  private readonly apiUrl: string;
  readonly audience: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;
  private token: { value: string; refreshAt: number } | null = null;
  /** Shared by concurrent callers so a cold start asks for one token, not one per call. */
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly options: ReloadlyOptions) {
    this.audience = API_URLS[options.environment];
    this.authUrl = trimSlash(options.authUrl ?? AUTH_URL);
    this.apiUrl = trimSlash(options.apiUrl ?? this.audience);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /**
   * One API call; a token Reloadly rejects is replaced and the call made once more. Throws a
   * ProviderError carrying Reloadly's errorCode (or NETWORK_ERROR with status 0, or INVALID_RESPONSE).
   */
  async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
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
      throw new ProviderError(`Reloadly could not be reached: ${reason}${cause}`, NO_ANSWER, 0);
    }
  }
}

function errorFrom(answer: Answer): ProviderError {
  const parsed = ZErrorBody.safeParse(answer.body);
  const errorCode = parsed.success ? parsed.data.errorCode : null;
  const message = (parsed.success ? parsed.data.message : null) ?? `HTTP ${answer.status}`;
  // Without an errorCode (a proxy's page, the framework's own 404) the HTTP status says what happened.
  return new ProviderError(`Reloadly: ${message}`, errorCode ?? `HTTP_${answer.status}`, answer.status);
}

function parseAnswer<T>(schema: z.ZodType<T>, answer: Answer): T {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  throw new ProviderError(`Reloadly answered in an unexpected shape: ${z.prettifyError(parsed.error)}`, UNREADABLE, answer.status);
}

function parseJson(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    return text;
  }
}
