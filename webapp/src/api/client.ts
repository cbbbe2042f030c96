/**
 * The one way the web app calls the API: the shared client (one ApiError, the spec's error rules) with
 * what is the web app's own: same origin with cookies, the mini-app's init data on every call
 * (`Authorization: tma <initData>`, docs/design.md section 7), the site's order tokens, its log line, and
 * response schemas from a chunk loaded beside the first call.
 */

import { errorFromAnswer } from '../../../shared/src/client/answer';
import { ApiError, sendCall, type ClientOptions, type Parser } from '../shared';
import type * as SchemasModule from './schemas';

export { ApiError, type Parser };

type Schemas = typeof SchemasModule;

let schemas: Promise<Schemas> | undefined;
/** Starts loading the schemas chunk (idempotent): call it as early as the first request. */
export function loadSchemas(): Promise<Schemas> {
  return (schemas ??= import('./schemas'));
}

let initData: string | null = null;
/** The raw init data Telegram launched the mini-app with; null outside Telegram (anonymous calls). */
export function setInitData(raw: string | null): void {
  initData = raw || null;
}

/** `?surface=telegram` inside Telegram: the API then offers only what Telegram's rules allow in a mini app. */
export function surfaceQuery(): string {
  return initData ? '?surface=telegram' : '';
}
let extraHeaders: () => Record<string, string> = () => ({});
/** Headers a surface adds to every call (the web site: its anonymous orders' tokens, `X-Order-Token`). */
export function setExtraHeaders(provider: () => Record<string, string>): void {
  extraHeaders = provider;
}
export function authHeaders(): Record<string, string> {
  return initData ? { authorization: `tma ${initData}`, ...extraHeaders() } : extraHeaders();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses the caller expects and handles (a 401 meaning "signed out", say): not logged. */
  expected?: number[];
}

const SENDING: ClientOptions = { credentials: 'include', headers: authHeaders };

function log(error: ApiError): void {
  console.error(`API ${error.status}`, error.message);
}

/**
 * A call of the shared client: sent at once; its answer read by the shared reader that comes with
 * the schemas chunk (loaded beside the call).
 */
export async function apiRequest<T>(path: string, schema: (s: Schemas) => Parser<T>, opts: RequestOptions = {}): Promise<T> {
  const schemas = loadSchemas();
  const res = await sendCall(SENDING, { method: opts.method ?? 'GET', path }, opts);
  const s = await schemas;
  try {
    return (await s.readAnswer(res, schema(s))) as T;
  } catch (err) {
    if (err instanceof ApiError && !opts.expected?.includes(err.status)) log(err);
    throw err;
  }
}

/**
 * Spec section 8: a non-OK answer is "status: body text" (status text when the body is empty), and is
 * logged. The API's bodies are `{ error: { code, message }, message }`: their message is shown instead.
 */
export function apiError(res: Pick<Response, 'status' | 'statusText'>, text: string, logIt = true): ApiError {
  const error = errorFromAnswer(res.status, res.statusText, text);
  if (logIt) log(error);
  return error;
}

/** A random key for one payment attempt (Idempotency-Key): a retried request creates no second order. */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
