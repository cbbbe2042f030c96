import { ApiError } from './errors';

/**
 * Reading an answer: the second half of a call. The web app loads it with its schemas (it only ever
 * reads an answer with a schema), so its first screen carries only the sending half.
 */

/** An error page (a proxy's HTML, say) is cut to this many characters in a message. */
const MAX_BODY_IN_MESSAGE = 300;

/**
 * The error of a non-OK answer (spec section 8). Its message is the server's message when the body
 * has one (the API's `{ error: { code, message }, message }`, or the spec's older bodies: a string
 * `error`, or only `message`), else "status: body text".
 */
export function errorFromAnswer(status: number, statusText: string, body: string): ApiError {
  let json: { message?: unknown; error?: unknown } | null = null;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON: the text is the message.
  }
  const error = json?.error;
  const nested: { message?: unknown; code?: unknown; details?: unknown } = (typeof error === 'object' && error) || {};
  const serverMessage = [json?.message, nested.message, error].find((v) => typeof v === 'string') as string | undefined;
  const shown = body.length > MAX_BODY_IN_MESSAGE ? `${body.slice(0, MAX_BODY_IN_MESSAGE)}…` : body;
  return new ApiError(status, typeof nested.code === 'string' ? nested.code : 'HTTP_ERROR', serverMessage ?? null, `${status}: ${shown || statusText}`, {
    details: nested.details,
  });
}

/** Anything with a zod-like parse. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * A non-OK answer becomes an ApiError; an OK one is its body read by `parser` (the answer itself
 * without one). An unreadable body or one the schema refuses fails with JSON's or the schema's error.
 */
export async function readAnswer(res: Response, parser?: Parser<unknown>): Promise<unknown> {
  if (!res.ok) throw errorFromAnswer(res.status, res.statusText, await res.text().catch(() => ''));
  if (!parser) return res;
  const body = await res.text();
  return parser.parse(body ? JSON.parse(body) : null);
}
