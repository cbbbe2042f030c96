import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { httpStatusOf, type TErrorBody, type TErrorCode } from '@topup/shared';
import type { Logger } from 'pino';
import { AppError } from '../services/errors';


export function errorBody(code: TErrorCode, message: string): TErrorBody {
  return { error: { code, message }, message };
}

/** Parses with a shared schema; a failure becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  const missing = issue.path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), value) === undefined;
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

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let code: TErrorCode = 'INTERNAL';
    let message = 'Something went wrong on our side. Please try again.';
    if (err instanceof AppError) {
      code = err.code;
      message = err.message;
    } else if (err && typeof err === 'object' && 'type' in err && typeof err.type === 'string' && BODY_PARSER_ERRORS[err.type]) {
      [code, message] = BODY_PARSER_ERRORS[err.type]!;
    } else {
      log.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    }
    if (res.headersSent) return;
    // The access log line of this request names what the customer was told (http/access-log.ts).
    res.locals.answeredError = { code, message };
    res.status(httpStatusOf(code)).json(errorBody(code, message));
  };
}
