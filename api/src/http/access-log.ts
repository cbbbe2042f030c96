import crypto from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { withRequestId } from '../logging';
import type { Metrics } from '../metrics';

/** A request id the caller (a proxy, another service) sent is kept when it looks like one. */
const INCOMING_ID = /^[\w.:-]{1,128}$/;

/** Probes and scrapes: counted in the metrics, not written to the access log every few seconds. */
const QUIET_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * A URL as logs write it: the order page's link carries a token in its query (`?token=`, so that an
 * e-mail can hold it), which logs never show, whatever the path.
 */
export function loggedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** What an error answer said, for the access log line (set by the error handler). */
export interface AnsweredError {
  code: string;
  message: string;
}

/**
 * The first middleware: gives the request an id (the caller's `X-Request-Id`, or a new one, echoed in
 * the answer), runs the rest of the request with that id in the log context (logging.ts), writes one
 * access log line when the answer is done (4xx and 503 as warn, other 5xx as error, with the error code and message
 * the customer got), and counts the request by route and status.
 */
export function requestLogging(log: Logger, metrics: Metrics): RequestHandler {
  const httpLog = pinoHttp({
    logger: log,
    quietReqLogger: true,
    genReqId(req, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0]!) },
    // A 503 is a refusal said on purpose (the database or the provider out, maintenance): its cause is
    // logged once where it is known, not as an error per request.
    customLogLevel: (_req, res, err) => (err || (res.statusCode >= 500 && res.statusCode !== 503) ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    customSuccessMessage: (req, res, ms) => `${req.method} ${loggedUrl((req as Request).originalUrl ?? req.url ?? '')} ${res.statusCode} ${ms} ms`,
    customErrorMessage: (req, res) => `${req.method} ${loggedUrl((req as Request).originalUrl ?? req.url ?? '')} ${res.statusCode}`,
    customSuccessObject: (_req, res, value: object) => withAnsweredError(res as Response, value),
    customErrorObject: (_req, res, _err, value: object) => withAnsweredError(res as Response, value),
    // Headers are left out: they carry the admin token, cookies, order tokens and the service token.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => metrics.observeHttp(req, res, Number(process.hrtime.bigint() - started) / 1e9));
    httpLog(req, res);
    withRequestId(String(req.id), next);
  };
}

function withAnsweredError(res: Response, value: object): object {
  const error = res.locals?.answeredError as AnsweredError | undefined;
  return error ? { ...value, error } : value;
}
