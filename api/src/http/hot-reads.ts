import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { RequestHandler } from 'express';
import fresh from 'fresh';
import { match } from 'path-to-regexp';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { withRequestId } from '../logging';
import type { Metrics } from '../metrics';
import type { Entry } from '../services/catalog';
import { AppError } from '../services/errors';
import { trackRequest } from './access-log';
import { parse } from './errors';
import { API_HEADERS, apiHeaders } from './security-headers';

/**
 * A public GET answered with an already serialised value: the catalog's lists. `path` is an Express
 * route pattern. `params` and `query` are the route's schemas, parsed as every route parses its input
 * (http/errors.ts `parse`); `read` gets what they give, and throws what a route throws (AppError for an
 * unknown country). `hotRead` keeps the three typed together.
 */
export interface HotRead<P = unknown, Q = unknown> {
  path: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  read(params: P, query: Q): Promise<Entry<unknown>>;
}

export function hotRead<P = unknown, Q = unknown>(read: HotRead<P, Q>): HotRead {
  return read as HotRead;
}

/** Distinct URLs whose parsed input is kept, per read (then it starts again): ids and codes, a few hundred. */
const PARSED_KEPT = 1_000;

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
  const routes = reads.map((r) => {
    const route = `${prefix}${r.path}`;
    // The same URL parses to the same input: the schemas' unions and transforms cost a fifth of a read.
    const parsed = new Map<string, { params: unknown; query: unknown }>();
    const input = (url: string, rawParams: Record<string, string>, rawQuery: string | null) => {
      let hit = parsed.get(url);
      if (!hit) {
        const query = rawQuery === null ? {} : querystring.parse(rawQuery);
        hit = { params: r.params ? parse(r.params, decoded(rawParams)) : {}, query: r.query ? parse(r.query, query) : {} };
        if (parsed.size >= PARSED_KEPT) parsed.clear();
        parsed.set(url, hit);
      }
      return hit;
    };
    return { route, read: r.read, input, match: match<Record<string, string>>(route, { decode: false }) };
  });
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return app(req, res);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    for (const { route, read, input, match } of routes) {
      const found = match(path);
      if (!found) continue;
      const id = trackRequest(deps.log, deps.metrics, req, res, () => route);
      withRequestId(id, async () => {
        const { params, query } = input(url, found.params, q < 0 ? null : url.slice(q + 1));
        return read(params, query);
      }).then(
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
