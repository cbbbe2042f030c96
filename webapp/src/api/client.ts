/**
 * The one way the web app calls the API: same origin, JSON, the mini-app's init data on every call
 * (`Authorization: tma <initData>`, DESIGN.md section 7), and every response parsed by its schema.
 */

import type * as SchemasModule from './schemas';

type Schemas = typeof SchemasModule;
/** Anything with a zod-like parse. */
export interface Parser<T> {
  parse(data: unknown): T;
}

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
let extraHeaders: () => Record<string, string> = () => ({});
/** Headers a surface adds to every call (the web site: its anonymous orders' tokens, `X-Order-Token`). */
export function setExtraHeaders(provider: () => Record<string, string>): void {
  extraHeaders = provider;
}
export function authHeaders(): Record<string, string> {
  return initData ? { authorization: `tma ${initData}`, ...extraHeaders() } : extraHeaders();
}

/** A non-OK answer. `message` is the API's readable message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses the caller expects and handles (a 401 meaning "signed out", say): not logged. */
  expected?: number[];
}

export async function apiRequest<T>(path: string, schema: (s: Schemas) => Parser<T>, opts: RequestOptions = {}): Promise<T> {
  const parsers = loadSchemas();
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(), ...opts.headers };
  // Spec section 7: a JSON content type only when there is a body.
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'include',
    signal: opts.signal,
  });
  const text = await res.text();
  if (!res.ok) throw apiError(res, text, !opts.expected?.includes(res.status));
  return schema(await parsers).parse(text ? JSON.parse(text) : null);
}

/**
 * Spec section 8: a non-OK answer is "status: body text" (status text when the body is empty), and is
 * logged. The API's bodies are `{ error: { code, message }, message }`: their message is shown instead.
 */
export function apiError(res: Pick<Response, 'status' | 'statusText'>, text: string, log = true): ApiError {
  let message = `${res.status}: ${text || res.statusText}`;
  let code: string | null = null;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const error = body.error as { code?: unknown; message?: unknown } | string | undefined;
    if (typeof body.message === 'string') message = body.message;
    else if (typeof error === 'string') message = error;
    if (typeof error === 'object' && error && typeof error.code === 'string') code = error.code;
  } catch {
    // Not JSON: keep the spec's "status: text".
  }
  if (log) console.error(`API ${res.status}`, message);
  return new ApiError(res.status, message, code);
}

/** A random key for one payment attempt (Idempotency-Key): a retried request creates no second order. */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
