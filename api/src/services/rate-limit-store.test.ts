import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging';
import { orderRateLimit } from '../http/middleware';
import { rateLimitStores, type RateLimitStores } from './rate-limit-store';

/**
 * The rate limits' counts: in memory by default, in Redis when configured (a limit holds once across
 * processes), and in memory again while Redis cannot be reached (no request fails or waits for it).
 * The Redis cases use TEST_REDIS_URL (default: the local server) under a key prefix of this run only.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = createLogger('silent');
const opened: { stores: RateLimitStores; server: http.Server }[] = [];

/** One API process's worth of limiter: its own store set (its own Redis connection) and HTTP server. */
async function apiProcess(opts: { redisUrl?: string; keyPrefix: string; keyBy?: string }): Promise<string> {
  const stores = rateLimitStores({ redisUrl: opts.redisUrl, keyPrefix: opts.keyPrefix, log });
  await stores.connected(1_000);
  const app = express();
  const keyBy = opts.keyBy;
  app.post(
    '/orders',
    keyBy
      ? rateLimit({ windowMs: 60_000, limit: 3, store: stores.forLimiter('per-user'), keyGenerator: (req) => String(req.get(keyBy)) })
      : orderRateLimit(3, stores.forLimiter('orders')),
    (_req, res) => void res.status(201).json({ ok: true }),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ stores, server });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = async (url: string, headers: Record<string, string> = {}) => (await fetch(`${url}/orders`, { method: 'POST', headers })).status;

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function deadRedisUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

afterAll(async () => {
  for (const { stores, server } of opened) {
    await stores.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('rate limits without a shared store', () => {
  it('count in the process’s memory', async () => {
    const url = await apiProcess({ keyPrefix: 'unused:' });
    expect([await post(url), await post(url), await post(url), await post(url)]).toEqual([201, 201, 201, 429]);
  });

  it('answer every request from memory while Redis cannot be reached, without waiting for it', async () => {
    const url = await apiProcess({ redisUrl: await deadRedisUrl(), keyPrefix: `test:${crypto.randomUUID()}:` });
    const started = Date.now();
    expect([await post(url), await post(url), await post(url), await post(url)]).toEqual([201, 201, 201, 429]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe.runIf(await reachable(REDIS_URL))('rate limits in Redis', () => {
  it('hold once across two API processes', async () => {
    const keyPrefix = `test:${crypto.randomUUID()}:`;
    const a = await apiProcess({ redisUrl: REDIS_URL, keyPrefix });
    const b = await apiProcess({ redisUrl: REDIS_URL, keyPrefix });
    const statuses = [];
    for (const url of [a, b, a, b, a]) statuses.push(await post(url));
    // A limit of 3 for the client, not 3 per process.
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('keep each limiter’s own key function (e.g. per Telegram user)', async () => {
    const keyPrefix = `test:${crypto.randomUUID()}:`;
    const a = await apiProcess({ redisUrl: REDIS_URL, keyPrefix, keyBy: 'x-user' });
    const b = await apiProcess({ redisUrl: REDIS_URL, keyPrefix, keyBy: 'x-user' });
    const ann = { 'x-user': '1001' };
    const bob = { 'x-user': '1002' };
    expect([await post(a, ann), await post(b, ann), await post(a, ann), await post(b, ann)]).toEqual([201, 201, 201, 429]);
    // Another user from the same address has a limit of their own.
    expect(await post(b, bob)).toBe(201);
  });
});
