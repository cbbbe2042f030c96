import http from 'node:http';
import type { RequestListener } from 'node:http';

/** Node's own defaults let a request take five minutes to arrive: a few hundred slow clients hold every socket. */
const HEADERS_TIMEOUT_MS = 20_000;
/** How often Node looks for requests past their time (its default, 30 s, would add up to that much). */
const CHECK_INTERVAL_MS = 2_000;
/** Longer than a reverse proxy's idle timeout (60 s on most), so the proxy closes an idle connection first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The API's HTTP server. A request must arrive whole (headers and body) within `requestTimeoutMs`, its
 * headers within 20 s: a client that sends a declared body a byte at a time gets a 408 and the socket is
 * closed. Responses are not limited (live status streams last as long as the page).
 */
export function createHttpServer(app: RequestListener, opts: { requestTimeoutMs: number }): http.Server {
  const server = http.createServer(
    {
      requestTimeout: opts.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, opts.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, opts.requestTimeoutMs),
    },
    app,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
