import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { catalogFor, DEFAULT_LOCALE, ERRORS_WITH_DETAILS, httpStatusOf, type TErrorBody, type TErrorCode } from '@topup/shared';
import type { Logger } from 'pino';
import { AppError } from '../services/errors';
import { loggedUrl } from './access-log';
import { isConnectionError, RETRY_AFTER_SECONDS, type DatabaseOutage } from './database-outage';

/** The error body; `details` only for the codes whose details are for clients (ERRORS_WITH_DETAILS). */
export function errorBody(code: TErrorCode, message: string, details?: unknown): TErrorBody {
  return { error: ERRORS_WITH_DETAILS.has(code) && details !== undefined ? { code, message, details } : { code, message }, message };
}

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const NOT_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where in a parsed value a string holds what PostgreSQL cannot store or what is not text: a NUL
 * character, or a lone UTF-16 surrogate (half of a character). Null when there is none.
 */
function unsafeTextAt(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return NOT_TEXT.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextAt(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = unsafeTextAt(key, [...path, key]) ?? unsafeTextAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Parses with a shared schema; a failure becomes a 400 naming the field. Every input passes here, so
 * this is also where text that is not text (NUL bytes, lone surrogates) is refused, whatever the field.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    const bad = unsafeTextAt(result.data);
    if (!bad) return result.data;
    const field = bad.map(String).join('.');
    throw new AppError('VALIDATION_ERROR', `${field ? `${field}: ` : ''}must not contain NUL characters or invalid Unicode`);
  }
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  const missing =
    issue.path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), value) === undefined;
  // zod's own wording for a missing field is "Invalid input…"; say what it means. Custom messages stay.
  const message = missing && issue.message.startsWith('Invalid input') ? 'is required' : issue.message;
  throw new AppError('VALIDATION_ERROR', field ? `${field}: ${message}` : message, result.error.issues);
}

export const notFoundApi: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('NOT_FOUND', `No such API endpoint: ${req.method} ${req.path}`));
};

/** Express's body parsers signal client mistakes with a `type` and `status`. */
const BODY_PARSER_ERRORS: Record<string, [TErrorCode, string]> = {
  'entity.parse.failed': ['VALIDATION_ERROR', 'The request body is not valid JSON'],
  'entity.too.large': ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  'encoding.unsupported': ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content encoding'],
  'charset.unsupported': ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported charset'],
  'request.aborted': ['VALIDATION_ERROR', 'The request was aborted'],
};

/** The error code of a client-error status Express, its router or a body parser set. */
const CLIENT_STATUS_CODES: Record<number, TErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The 4xx an error from Express or a middleware carries (`status` or `statusCode`), if any. */
function clientStatus(err: unknown): number | null {
  if (!err || typeof err !== 'object') return null;
  const status = 'status' in err ? err.status : 'statusCode' in err ? err.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * The one place an error becomes an answer. A request that failed because the database could not be
 * reached is answered 503 with Retry-After (the client sends it again; an Idempotency-Key makes that
 * safe), and `outage` logs the outage once instead of each request's stack trace.
 */
export function errorHandler(log: Logger, outage?: DatabaseOutage): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let code: TErrorCode = 'INTERNAL';
    let message = 'Something went wrong on our side. Please try again.';
    let details: unknown;
    const status = clientStatus(err);
    if (err instanceof AppError) {
      code = err.code;
      message = err.message;
      details = err.details;
    } else if (err && typeof err === 'object' && 'type' in err && typeof err.type === 'string' && BODY_PARSER_ERRORS[err.type]) {
      [code, message] = BODY_PARSER_ERRORS[err.type]!;
    } else if (status !== null) {
      // A malformed escape in the path (the router's decode), a body that is not the gzip it claims,
      // a file that is not there: the client's mistake, said in the status Express chose.
      code = CLIENT_STATUS_CODES[status] ?? 'VALIDATION_ERROR';
      message =
        status === 404
          ? 'Not found'
          : err instanceof URIError
            ? 'The request path is not validly encoded'
            : err instanceof Error && (err as { expose?: boolean }).expose !== false
              ? err.message
              : 'Bad request';
      if (res.headersSent) return;
      res.status(status).json(errorBody(code, message));
      return;
    } else if (outage && isConnectionError(err)) {
      outage.failed(err);
      code = 'SERVICE_UNAVAILABLE';
      message = catalogFor(DEFAULT_LOCALE).common.errors.SERVICE_UNAVAILABLE;
      if (!res.headersSent) res.set('retry-after', String(RETRY_AFTER_SECONDS));
    } else {
      log.error({ err, method: req.method, url: loggedUrl(req.originalUrl) }, 'unhandled error');
    }
    if (res.headersSent) return;
    // The access log line of this request names what the customer was told (http/access-log.ts).
    res.locals.answeredError = { code, message };
    res.status(httpStatusOf(code)).json(errorBody(code, message, details));
  };
}
