import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
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

/** Set on a request already tracked in front of the app (http/hot-reads.ts), with its id. */
const TRACKED = Symbol('tracked request id');

type Tracked = IncomingMessage & { [TRACKED]?: string };

/**
 * Gives the request an id (the caller's `X-Request-Id`, or a new one; whoever answers echoes it), writes
 * one access log line when the answer is done (4xx and 503 as warn, other 5xx as error, with the error
 * code and message the customer got), and counts the request under `route()`, asked then. Plain Node
 * objects: the hot reads in front of Express start here too. Returns the id.
 */
export function trackRequest(log: Logger, metrics: Metrics, req: IncomingMessage, res: ServerResponse, route: () => string): string {
  const started = process.hrtime.bigint();
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
  // Routers rewrite req.url on the way; the line names the URL that came.
  const url = req.url ?? '/';
  (req as Tracked)[TRACKED] = id;
  // Once per request: when the answer is sent, or when the client went away first (an event stream
  // always ends so, any request may), which says so in the line.
  let done = false;
  const finished = () => {
    if (done) return;
    done = true;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = res.statusCode;
    metrics.observeHttp(req.method ?? 'GET', route(), status, seconds);
    if (QUIET_PATHS.has(url.split('?', 1)[0]!)) return;
    const closedEarly = !res.writableFinished;
    // A 503 is a refusal said on purpose (the database or the provider out, maintenance): its cause is
    // logged once where it is known, not as an error per request.
    const level = status >= 500 && status !== 503 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!log.isLevelEnabled(level)) return;
    const ms = Math.round(seconds * 1000);
    const outcome = closedEarly ? `closed by the client after ${ms} ms` : `${status} ${ms} ms`;
    log[level](accessLine(req, res, id, url, ms), `${req.method} ${loggedUrl(url)} ${outcome}`);
  };
  res.on('finish', finished);
  res.on('close', finished);
  return id;
}

/**
 * The app's first middleware: tracks the request (trackRequest) and runs the rest of it with its id in
 * the log context (logging.ts). A request the hot reads handed over is tracked already: one line.
 *
 * Written here rather than with pino-http: that library builds a child logger and wraps the response
 * for every request, which cost about a third of a catalog read's time even with the line not written.
 */
export function requestLogging(log: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const id = (req as Tracked)[TRACKED] ?? trackRequest(log, metrics, req, res, () => routeOf(req, res));
    res.setHeader('x-request-id', id);
    withRequestId(id, next);
  };
}

/** The route pattern, never the raw path (whose ids would make a series per order). */
function routeOf(req: Request, res: Response): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return `${req.baseUrl}${route}`;
  if (res.statusCode === 404) return 'unmatched';
  return req.originalUrl.startsWith('/api/') ? 'api' : 'static';
}

/** Headers are left out: they carry the admin token, cookies, order tokens and the service token. */
function accessLine(req: IncomingMessage, res: ServerResponse, id: string, url: string, ms: number): object {
  const line = {
    reqId: id,
    req: { id, method: req.method, url: loggedUrl(url), remoteAddress: req.socket.remoteAddress },
    res: { statusCode: res.statusCode },
    responseTime: ms,
  };
  const error = (res as Partial<Response>).locals?.answeredError as AnsweredError | undefined;
  return error ? { ...line, error } : line;
}
