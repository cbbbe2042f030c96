import type { Request, Response } from 'express';
import { STREAM_HEARTBEAT_MS } from '@topup/shared';

/** When this process shuts down, clients reconnect after this long (through the proxy: to another replica). */
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

/**
 * A Server-Sent Events stream of one value that changes: `read()` is called at start and after every
 * `changed()`; each distinct result is sent as an event. Reads never overlap, and a change that
 * arrives during a read triggers one more read, so the last state is always sent. A `ping` event every
 * STREAM_HEARTBEAT_MS tells the client the stream is alive (a client that hears nothing for
 * STREAM_SILENCE_MS polls instead) and keeps proxies from closing an idle connection.
 */
export function streamChanges<T>(
  req: Request,
  res: Response,
  opts: { event: string; read: () => Promise<T>; subscribe: (changed: () => void) => () => void; closing?: AbortSignal; heartbeatMs?: number },
) {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Reverse proxies (nginx) would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  let last = '';
  let reading = false;
  let again = false;
  let closed = false;
  const refresh = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const data = JSON.stringify(await opts.read());
        if (!closed && data !== last) {
          last = data;
          res.write(`event: ${opts.event}\ndata: ${data}\n\n`);
        }
      } while (again && !closed);
    } catch {
      // The next change reads again; the client also has the polling endpoint.
    } finally {
      reading = false;
    }
  };
  const unsubscribe = opts.subscribe(() => void refresh());
  // An event, not a comment: clients see it, and treat STREAM_SILENCE_MS without one as a dead stream.
  const heartbeat = setInterval(() => res.write(`event: ping\ndata: ${Date.now()}\n\n`), opts.heartbeatMs ?? STREAM_HEARTBEAT_MS);
  // The process is shutting down: the stream ends with a short retry hint, and the client reconnects.
  const end = () => {
    if (closed) return;
    res.end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
  };
  if (opts.closing?.aborted) end();
  opts.closing?.addEventListener('abort', end, { once: true });
  req.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    opts.closing?.removeEventListener('abort', end);
  });
  void refresh();
}
