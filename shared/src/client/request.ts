import type { z } from 'zod';
import { readAnswer, type Parser } from './answer';
import { ApiError } from './errors';

/**
 * The typed client every surface calls the API with: `request(endpoint, input)` over endpoint
 * definitions (method, path, request schema, response schema). A call has two halves: sending
 * (`sendCall`, here) and reading the answer (`readAnswer`, answer.ts). zod is only a type here: the
 * web app sends with this before its schemas have loaded, and reads with the reader that comes with
 * them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<Params, Body, Out> {
  readonly method: Method;
  /** The path, or how the call's `params` make it (path parameters and query). */
  readonly path: string | ((params: Params) => string);
  /** The body's schema: the API parses the body with it, and it types the body here. */
  readonly body?: z.ZodType<unknown, Body>;
  /** The answer's schema: the call returns what it parses. */
  readonly response: Parser<Out>;
}

/** Any endpoint, whatever its types (for tables and sets of endpoints). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, unknown>;
/** Where a call goes: what sending needs of an endpoint. */
export type Target = Pick<AnyEndpoint, 'method' | 'path'>;

/** Declares an endpoint; its params, body and answer types follow from its path and schemas. */
export function endpoint<Out, Params = undefined, Body = undefined>(definition: Endpoint<Params, Body, Out>): Endpoint<Params, Body, Out> {
  return definition;
}

export type CallInput<Params, Body> = { headers?: Record<string, string>; signal?: AbortSignal } & (undefined extends Params
  ? { params?: Params }
  : { params: Params }) &
  (undefined extends Body ? { body?: Body } : { body: Body });

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
  headers?: (endpoint: Target) => Record<string, string>;
  /** How the surface hears of a failed call (to log it, or to end a session on a 401). */
  onError?: (error: ApiError, endpoint: AnyEndpoint) => void;
  fetch?: typeof fetch;
  /** The browser surfaces send their cookies. */
  credentials?: 'include' | 'same-origin' | 'omit';
}

export interface ApiClient {
  /** The answer, parsed by the endpoint's response schema. */
  request<P, B, O>(endpoint: Endpoint<P, B, O>, ...args: NoInfer<CallArgs<P, B>>): Promise<O>;
  /** The same with the answer's headers (a list's total count). */
  exchange<P, B, O>(endpoint: Endpoint<P, B, O>, ...args: NoInfer<CallArgs<P, B>>): Promise<{ data: O; headers: Headers }>;
  /** The OK answer itself, for what is not JSON (an export). */
  send<P, B, O>(endpoint: Endpoint<P, B, O>, ...args: NoInfer<CallArgs<P, B>>): Promise<Response>;
}

export type Input = { params?: unknown; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

/** Sends a call as the endpoint says, with the surface's headers; the answer as it came. */
export function sendCall(options: ClientOptions, endpoint: Target, input: Input = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.(endpoint), ...input.headers };
  // Spec section 7: a JSON content type only when there is a body.
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  // Never called as a method: a browser's fetch needs its own `this`.
  return (options.fetch ?? fetch)(`${options.baseUrl ?? ''}${typeof endpoint.path === 'string' ? endpoint.path : endpoint.path(input.params)}`, {
    method: endpoint.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    credentials: options.credentials,
    signal: input.signal,
  });
}

/**
 * A client for one surface. A non-OK answer is an ApiError (the surface hears of it first); a call
 * that gets no answer, or an answer its schema refuses, fails with that error itself (the network's,
 * JSON's, the schema's).
 */
export function createApiClient(options: ClientOptions = {}): ApiClient {
  async function call(endpoint: AnyEndpoint, input: Input | undefined, parse: boolean): Promise<{ data: unknown; res: Response }> {
    const res = await sendCall(options, endpoint, input);
    try {
      return { data: await readAnswer(res, parse ? endpoint.response : undefined), res };
    } catch (err) {
      if (err instanceof ApiError) options.onError?.(err, endpoint);
      throw err;
    }
  }
  return {
    send: async (endpoint, ...[input]) => (await call(endpoint, input, false)).res,
    exchange: async (endpoint, ...[input]) => {
      const { data, res } = await call(endpoint, input, true);
      return { data: data as never, headers: res.headers };
    },
    request: async (endpoint, ...[input]) => (await call(endpoint, input, true)).data as never,
  };
}
