import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server';

/** Slow-body clients (a declared body sent a byte at a time) are disconnected; slow responses are not. */

const REQUEST_TIMEOUT_MS = 1500;
let server: ReturnType<typeof createHttpServer>;
let port: number;
beforeAll(async () => {
  const app = express();
  app.post('/echo', express.json({ limit: '200kb' }), (req, res) => void res.json(req.body));
  // A long answer, as a live status stream is: the request arrived in time, the response may take long.
  app.get('/slow-answer', (_req, res) => {
    res.write('start\n');
    setTimeout(() => res.end('end\n'), REQUEST_TIMEOUT_MS * 2);
  });
  server = createHttpServer(app, { requestTimeoutMs: REQUEST_TIMEOUT_MS });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A client that declares a 100 KB body and sends one byte every 300 ms; resolves with when the server closed it and what it said. */
function slowBody(): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.write('POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n');
    const drip = setInterval(() => socket.writable && socket.write(' '), 300);
    const done = () => {
      clearInterval(drip);
      resolve({ closedAfterMs: Date.now() - started, answer });
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

describe('the HTTP server', () => {
  it('disconnects every client that sends a declared body too slowly, with a 408', async () => {
    const clients = await Promise.all(Array.from({ length: 30 }, slowBody));
    for (const c of clients) {
      expect(c.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(c.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 4000);
      expect(c.answer).toMatch(/^HTTP\/1\.1 408/);
    }
  });

  it('still takes a whole request in time, and lets a long answer run past the request timeout', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await res.json()).toEqual({ a: 1 });
    const slow = await fetch(`http://127.0.0.1:${port}/slow-answer`);
    expect(await slow.text()).toBe('start\nend\n');
  });
});
