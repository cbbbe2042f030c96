import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What went through the proxy since the last reset. */
export interface RpcCounts {
  /** HTTP requests (a JSON-RPC batch is one). */
  requests: number;
  /** JSON-RPC calls: each element of a batch counts. */
  calls: number;
  /** Calls per JSON-RPC method. */
  byMethod: Record<string, number>;
  /** Time spent waiting on the node, summed over requests (ms). */
  upstreamMs: number;
}

export interface RpcProxy {
  url: string;
  counts(): RpcCounts;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A counting JSON-RPC proxy on 127.0.0.1 (a free port) in front of a node: forwards every POST as is and
 * counts HTTP requests and JSON-RPC calls per method, the way a metered RPC provider would bill them.
 */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let counts: RpcCounts = { requests: 0, calls: 0, byMethod: {}, upstreamMs: 0 };
  const count = (body: string) => {
    counts.requests++;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      counts.byMethod['(not JSON)'] = (counts.byMethod['(not JSON)'] ?? 0) + 1;
      return;
    }
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
      const method = typeof (call as { method?: unknown })?.method === 'string' ? (call as { method: string }).method : '(no method)';
      counts.calls++;
      counts.byMethod[method] = (counts.byMethod[method] ?? 0) + 1;
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST') count(body);
      const t = performance.now();
      fetch(target, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: req.method === 'POST' ? body : undefined,
      })
        .then(async (upstream) => {
          const text = await upstream.text();
          counts.upstreamMs += performance.now() - t;
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          res.end(text);
        })
        .catch((err: Error) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${err.message}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    counts: () => ({ ...counts, byMethod: { ...counts.byMethod } }),
    reset() {
      counts = { requests: 0, calls: 0, byMethod: {}, upstreamMs: 0 };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
