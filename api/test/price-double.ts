/**
 * A local stand-in for the public price APIs the price sources read, answering in their documented
 * shapes: CoinGecko's `/simple/price` (public, demo and pro roots alike) and Coinbase's
 * `/v2/prices/{pair}/spot`. It records every request (headers included) and serves whatever prices the
 * test sets; a coin without a price is left out of the answer, as the real APIs do.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PriceDoubleRequest {
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface PriceDouble {
  url: string;
  requests: PriceDoubleRequest[];
  /** CoinGecko: id -> USD price, written into the JSON answer as is (a string keeps every digit). */
  coingecko: Record<string, string>;
  /** Unix seconds CoinGecko reports as each price's last update. */
  coingeckoUpdatedAt: number;
  /** Coinbase: pair (ETH-USD) -> USD amount. */
  coinbase: Record<string, string>;
  /** The next answers of any path get this HTTP status instead. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startPriceDouble(): Promise<PriceDouble> {
  const failures: number[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    state.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    const failure = failures.shift();
    if (failure !== undefined) return reply(res, failure, `{"error":"failure ${failure} requested by the test"}`);
    if (url.pathname.endsWith('/simple/price')) {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter((id) => id in state.coingecko);
      const withTime = url.searchParams.get('include_last_updated_at') === 'true';
      const entries = ids.map((id) => `"${id}":{"usd":${state.coingecko[id]}${withTime ? `,"last_updated_at":${state.coingeckoUpdatedAt}` : ''}}`);
      return reply(res, 200, `{${entries.join(',')}}`);
    }
    const spot = /^\/v2\/prices\/([A-Z0-9]+)-([A-Z]+)\/spot$/.exec(url.pathname);
    if (spot) {
      const [, base, currency] = spot;
      const amount = state.coinbase[`${base}-${currency}`];
      if (amount === undefined) return reply(res, 404, '{"errors":[{"id":"not_found","message":"Invalid currency"}]}');
      return reply(res, 200, JSON.stringify({ data: { amount, base, currency } }));
    }
    return reply(res, 404, '{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: PriceDouble = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    coingecko: {},
    coingeckoUpdatedAt: Math.floor(Date.now() / 1000),
    coinbase: {},
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return state;
}

function reply(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}
