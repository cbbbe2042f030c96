import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import querystring, { type ParsedUrlQuery } from 'node:querystring';
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { match } from 'path-to-regexp';
import type { Logger } from 'pino';
import { withRequestId } from '../logging';
import type { Metrics } from '../metrics';
import type { Entry } from '../services/catalog';
import { AppError } from '../services/errors';
import { trackRequest } from './access-log';
import { API_HEADERS, apiHeaders } from './security-headers';

/**
 * A public GET answered with an already serialised value: the catalog's lists. `path` is an Express
 * route pattern; `read` gets the route's params and the query as Express parses them, and throws what a
 * route throws (AppError for a bad id or an unknown country).
 */
export interface HotRead {
  path: string;
  read(params: Record<string, string>, query: ParsedUrlQuery): Promise<Entry<unknown>>;
}

/** Set on a request whose hot read threw: the app answers the error. */
const FAILED = Symbol('failed hot read');
type Failed = IncomingMessage & { [FAILED]?: { error: unknown } };

/** A client holding the same ETag gets a 304. Every header at once, with Node's own writeHead. */
function sendEntry(req: IncomingMessage, res: ServerResponse, { body, etag }: Entry<unknown>, headers: OutgoingHttpHeaders): void {
  if (fresh(req.headers, { etag })) {
    res.writeHead(304, { ...headers, etag }).end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, etag }).end(body);
}

function decoded(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in params) {
    const value = params[key]!;
    try {
      out[key] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The request path is not validly encoded');
    }
  }
  return out;
}

/**
 * The catalog's reads, answered in front of Express. They are the API's busiest requests, and Express's
 * own work for a request (its request and response objects, the router's layers, send's type, charset
 * and freshness checks) costs more than the whole answer: about 17 µs of a bare Express hello-world's
 * 35, against 16 µs for plain Node (docs/operations.md, Benchmarks). What every API answer gets, they
 * get: the request id, the access line, the metrics, the API's security headers.
 *
 * Only a value is answered here. A read that throws (a bad id, an unknown country, the provider down
 * with nothing kept) is handed to the app, whose error handler answers it (answerFailedHotRead), the one
 * way errors are answered. Every other request goes straight to the app.
 */
export function withHotReads(app: RequestListener, prefix: string, reads: HotRead[], deps: { log: Logger; metrics: Metrics }): RequestListener {
  const routes = reads.map((r) => ({
    route: `${prefix}${r.path}`,
    read: r.read,
    match: match<Record<string, string>>(`${prefix}${r.path}`, { decode: false }),
  }));
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return app(req, res);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    for (const { route, read, match } of routes) {
      const found = match(path);
      if (!found) continue;
      const id = trackRequest(deps.log, deps.metrics, req, res, () => route);
      const query = q < 0 ? {} : querystring.parse(url.slice(q + 1));
      withRequestId(id, async () => read(decoded(found.params), query)).then(
        (entry) => sendEntry(req, res, entry, { ...API_HEADERS, 'x-request-id': id }),
        (error: unknown) => {
          (req as Failed)[FAILED] = { error };
          app(req, res);
        },
      );
      return;
    }
    app(req, res);
  };
}

/** The app's middleware right after the request's tracking: a hot read that threw is answered as an API error. */
export const answerFailedHotRead: RequestHandler = (req, res, next) => {
  const failed = (req as Failed)[FAILED];
  if (!failed) return next();
  apiHeaders(req, res, () => next(failed.error));
};
