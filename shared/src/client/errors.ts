/**
 * The one error of an API call, for every client. No zod here: the web app loads this before its
 * schemas.
 */

/** An error page (a proxy's HTML, say) is cut to this many characters in a message. */
const MAX_BODY_IN_MESSAGE = 300;

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came or the answer could not be read. */
    readonly status: number,
    /** The API's error code (`error.code`); else HTTP_ERROR, or NETWORK and BAD_RESPONSE for status 0. */
    readonly code: string,
    /** The server's own message (`message`, `error.message` or a string `error`); null when it sent none. */
    readonly serverMessage: string | null,
    /** Spec section 8: "status: body text" (the status text when the body is empty). */
    readonly statusLine: string,
    options?: { cause?: unknown },
  ) {
    super(serverMessage ?? statusLine, options);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function parseJson(body: string): Json | null {
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The error of a non-OK answer (spec section 8). Its message is the server's message when the body
 * has one (the API's `{ error: { code, message }, message }`, or the spec's older bodies: a string
 * `error`, or only `message`), else "status: body text".
 */
export function errorFromAnswer(status: number, statusText: string, body: string): ApiError {
  const json = parseJson(body);
  const error = json?.error;
  const nested = isObject(error) ? error : null;
  const serverMessage = text(json?.message) ?? text(nested?.message) ?? text(error);
  const shown = body.length > MAX_BODY_IN_MESSAGE ? `${body.slice(0, MAX_BODY_IN_MESSAGE)}…` : body;
  return new ApiError(status, text(nested?.code) ?? 'HTTP_ERROR', serverMessage, `${status}: ${shown || statusText}`);
}
