import type { z } from 'zod';
import { ApiError, errorFromAnswer } from './errors';

/**
 * The typed client every surface calls the API with: `request(endpoint, input)` over endpoint
 * definitions (method, path, request schema, response schema). zod is only a type here, so the web
 * app can load this before its schemas and hand its response schemas in through a loader.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Anything with a zod-like parse. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** A parser, or a loader of one (the web app's schemas are a chunk of their own). */
export type ParserSource<T> = Parser<T> | (() => Promise<Parser<T>>);

export interface Endpoint<Params, Body, Out> {
  readonly method: Method;
  /** The path, or how the call's `params` make it (path parameters and query). */
  readonly path: string | ((params: Params) => string);
  /** The body's schema: the API parses the body with it, and it types the body here. */
  readonly body?: z.ZodType<unknown, Body>;
  /** The answer's schema: the call returns what it parses. */
  readonly response: ParserSource<Out>;
}

/** Any endpoint, whatever its types (for tables and sets of endpoints). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, unknown>;

/** Declares an endpoint; its params, body and answer types follow from its path and schemas. */
export function endpoint<Out, Params = undefined, Body = undefined>(definition: Endpoint<Params, Body, Out>): Endpoint<Params, Body, Out> {
  return definition;
}

export type CallInput<Params, Body> = { headers?: Record<string, string>; signal?: AbortSignal } & ([Params] extends [undefined]
  ? { params?: undefined }
  : { params: Params }) &
  ([Body] extends [undefined] ? { body?: undefined } : { body: Body });

/** The input argument: optional when the endpoint needs neither params nor a body. */
export type CallArgs<Params, Body> = object extends CallInput<Params, Body> ? [input?: CallInput<Params, Body>] : [input: CallInput<Params, Body>];

/** `path?key=value&…` without the empty values. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface ClientOptions {
  /** Put before every path ('' in a browser: the same origin). */
  baseUrl?: string;
  /** The surface's own headers for a call (its credentials). */
  headers?: (endpoint: AnyEndpoint) => Record<string, string>;
  /** How the surface hears of a failed call (to log it, or to end a session on a 401). */
  onError?: (error: ApiError, endpoint: AnyEndpoint) => void;
  fetch?: typeof fetch;
  /** The browser surfaces send their cookies. */
  credentials?: 'include' | 'same-origin' | 'omit';
  /** A call without a signal of its own gives up after this long. */
  timeoutMs?: number;
}

export interface ApiClient {
  /** The answer, parsed by the endpoint's response schema. */
  request<P, B, O>(endpoint: Endpoint<P, B, O>, ...args: NoInfer<CallArgs<P, B>>): Promise<O>;
  /** The same with the answer's headers (a list's total count). */
  exchange<P, B, O>(endpoint: Endpoint<P, B, O>, ...args: NoInfer<CallArgs<P, B>>): Promise<{ data: O; headers: Headers }>;
  /** The OK answer itself, for what is not JSON (an export). */
  send<P, B, O>(endpoint: Endpoint<P, B, O>, ...args: NoInfer<CallArgs<P, B>>): Promise<Response>;
}

/** A schema's complaint in a line: the first issue of a zod error, else the error's message. */
function firstIssue(err: unknown): string {
  const issue = (err as { issues?: { path?: PropertyKey[]; message?: string }[] }).issues?.[0];
  return issue ? `${issue.path?.map(String).join('.') || 'answer'}: ${issue.message}` : String((err as Error).message ?? err);
}

type Input = { params?: unknown; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

export function createApiClient(options: ClientOptions = {}): ApiClient {
  // Looked up at each call, and never called as a method (a browser's fetch needs its own `this`).
  const fetchOnce: typeof fetch = options.fetch ?? ((url, init) => fetch(url, init));

  function fail(endpoint: AnyEndpoint, error: ApiError): never {
    options.onError?.(error, endpoint);
    throw error;
  }

  function pathOf(endpoint: AnyEndpoint, input: Input): string {
    return typeof endpoint.path === 'string' ? endpoint.path : endpoint.path(input.params);
  }

  async function send(endpoint: AnyEndpoint, input: Input = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.(endpoint), ...input.headers };
    // Spec section 7: a JSON content type only when there is a body.
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetchOnce(`${options.baseUrl ?? ''}${pathOf(endpoint, input)}`, {
        method: endpoint.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        credentials: options.credentials,
        signal: input.signal ?? (options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined),
      });
    } catch (err) {
      return fail(endpoint, new ApiError(0, 'NETWORK', null, `The service could not be reached (${(err as Error).message})`, { cause: err }));
    }
    if (!res.ok) return fail(endpoint, errorFromAnswer(res.status, res.statusText, await res.text().catch(() => '')));
    return res;
  }

  async function exchange(endpoint: AnyEndpoint, input: Input = {}): Promise<{ data: unknown; headers: Headers }> {
    // A lazily loaded schema loads while the call is on its way.
    const parser = Promise.resolve(typeof endpoint.response === 'function' ? endpoint.response() : endpoint.response);
    parser.catch(() => undefined);
    const res = await send(endpoint, input);
    const what = `${endpoint.method} ${pathOf(endpoint, input).split('?')[0]}`;
    let json: unknown;
    try {
      const body = await res.text();
      json = body ? JSON.parse(body) : null;
    } catch (err) {
      return fail(endpoint, new ApiError(0, 'BAD_RESPONSE', null, `Unreadable answer from ${what} (${res.status})`, { cause: err }));
    }
    const schema = await parser;
    try {
      return { data: schema.parse(json), headers: res.headers };
    } catch (err) {
      return fail(endpoint, new ApiError(0, 'BAD_RESPONSE', null, `Unexpected answer from ${what}: ${firstIssue(err)}`, { cause: err }));
    }
  }

  return {
    send: (endpoint, ...[input]) => send(endpoint, input),
    exchange: (endpoint, ...[input]) => exchange(endpoint, input) as never,
    request: async (endpoint, ...[input]) => (await exchange(endpoint, input)).data as never,
  };
}
