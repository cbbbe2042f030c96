import type { z } from 'zod';
import { clearSession, readSession } from './session';

/**
 * The request helper (spec section 7): method, URL, optional JSON body; JSON content type only with a
 * body; cookies included; the admin token as `x-admin-token` on /api/admin/ URLs (and on the admin's
 * order delete), or as a bearer header where the spec sends one (balance calls). A non-OK response
 * raises an ApiError whose message is "status: body text" (spec section 8), and is logged.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own message (`message`, or `error.message`, or a string `error`), if any. */
    readonly serverMessage: string | null,
    readonly code: string | null,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  body?: unknown;
  /** How the admin token travels: the spec's header (default for /api/admin/ URLs) or a bearer header. */
  auth?: 'header' | 'bearer' | 'none';
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** Called when a request made with the admin's token gets a 401: the session is gone or expired. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function serverMessageOf(parsed: unknown): { message: string | null; code: string | null } {
  if (!parsed || typeof parsed !== 'object') return { message: null, code: null };
  const body = parsed as { message?: unknown; error?: unknown };
  const error = body.error;
  const nested = error && typeof error === 'object' ? (error as { message?: unknown; code?: unknown }) : null;
  const message =
    typeof body.message === 'string' ? body.message : typeof nested?.message === 'string' ? nested.message : typeof error === 'string' ? error : null;
  return { message, code: typeof nested?.code === 'string' ? nested.code : null };
}

export async function apiRequest(method: string, url: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const session = readSession();
  const auth = opts.auth ?? (url.includes('/api/admin/') ? 'header' : 'none');
  if (session && auth === 'header') headers['x-admin-token'] = session.token;
  if (session && auth === 'bearer') headers.authorization = `Bearer ${session.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: 'include',
  });
  if (res.ok) return res;
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the text is the message
  }
  const { message, code } = serverMessageOf(parsed);
  const error = new ApiError(res.status, message, code, text || res.statusText);
  console.error(error.message);
  if (res.status === 401 && session && auth !== 'none') {
    clearSession();
    onUnauthorized();
  }
  throw error;
}

/** A JSON request whose answer is checked against a schema. */
export async function apiJson<S extends z.ZodType>(method: string, url: string, schema: S, opts: RequestOptions = {}): Promise<z.infer<S>> {
  const res = await apiRequest(method, url, opts);
  return schema.parse(await res.json());
}

/** The server's message for a failed call, else the fallback the spec gives for it. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}
