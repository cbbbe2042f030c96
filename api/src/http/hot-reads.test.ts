import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging';
import { Metrics } from '../metrics';
import type { Entry } from '../services/catalog';
import { AppError } from '../services/errors';
import { requestLogging } from './access-log';
import { errorHandler, notFoundApi } from './errors';
import { createHttpServer } from './http-server';
import { answerFailedHotRead, hotRead, withHotReads } from './hot-reads';
import { API_HEADERS, apiHeaders } from './security-headers';

/** The catalog's reads in front of Express: the same answer, headers, log line and metrics, without the app. */

function entry(value: unknown): Entry<unknown> {
  const body = Buffer.from(JSON.stringify(value));
  return { value, body, etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`, fetchedAt: 0 };
}

const lines: Record<string, unknown>[] = [];
const log = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
const metrics = new Metrics();
/** Requests the app saw: a hot read that succeeds is not one of them. */
let appSaw: string[] = [];
const reads = [
  hotRead({ path: '/things', read: async () => entry([{ id: 1 }, { id: 2 }]) }),
  hotRead({
    path: '/things/:id/parts',
    params: z.object({ id: z.string().min(2) }),
    query: z.object({ kind: z.enum(['big', 'small']).optional() }),
    read: async ({ id }, { kind }) => {
      if (id !== 'é1') throw new AppError('NOT_FOUND', `Thing ${id} not found`);
      log.info('read a thing');
      return entry({ id, kind: kind ?? null });
    },
  }),
];

let url: string;
let server: ReturnType<typeof createHttpServer>;
beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    appSaw.push(`${req.method} ${req.url}`);
    next();
  });
  app.use(requestLogging(log, metrics));
  app.use(answerFailedHotRead);
  const api = express.Router();
  api.use(apiHeaders);
  api.post('/things', (_req, res) => void res.status(201).json({ made: true }));
  api.use(notFoundApi);
  app.use('/api', api);
  app.use(errorHandler(log));
  server = createHttpServer(withHotReads(app, '/api', reads, { log, metrics }), { requestTimeoutMs: 5_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  appSaw = [];
  lines.length = 0;
});

/** A conditional GET as a browser sends it (fetch would add `cache-control: no-cache`, which asks for the body). */
function conditionalGet(path: string, etag: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(`${url}${path}`, { headers: { 'if-none-match': etag } }, (res) => resolve(res.resume())).on('error', reject);
  });
}

/** The access lines written so far (the app's and the hot reads' are the same kind). */
const accessLines = () => lines.filter((l) => typeof l.responseTime === 'number');

describe('hot reads', () => {
  it('answer a read without the app, with the API headers, the request id, the ETag and one access line', async () => {
    const res = await fetch(`${url}/api/things/%C3%A91/parts?kind=big`, { headers: { 'x-request-id': 'proxy-id-1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'é1', kind: 'big' });
    expect(appSaw).toEqual([]);
    for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('x-request-id')).toBe('proxy-id-1');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    await expect.poll(() => accessLines()).toHaveLength(1);
    expect(accessLines()[0]).toMatchObject({ reqId: 'proxy-id-1', msg: expect.stringMatching(/^GET \/api\/things\/%C3%A91\/parts\?kind=big 200 \d+ ms$/) });
    // The read's own lines carry the request's id, as in the app.
    expect(lines.find((l) => l.msg === 'read a thing')).toMatchObject({ reqId: 'proxy-id-1' });
    expect(await metrics.registry.getSingleMetricAsString('topup_http_requests_total')).toMatch(
      /topup_http_requests_total\{method="GET",route="\/api\/things\/:id\/parts",status="200"\} 1/,
    );
  });

  it('answer 304 to a client holding the ETag, and a HEAD without a body', async () => {
    const first = await fetch(`${url}/api/things`);
    const etag = first.headers.get('etag')!;
    const again = await conditionalGet('/api/things', etag);
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const head = await fetch(`${url}/api/things`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(first.headers.get('content-length')));
    expect(await head.text()).toBe('');
    expect(appSaw).toEqual([]);
  });

  it('hand a read that throws to the app, which answers the error once, under the same id', async () => {
    const res = await fetch(`${url}/api/things/nope/parts`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Thing nope not found' } });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(appSaw).toEqual(['GET /api/things/nope/parts']);
    await expect.poll(() => accessLines()).toHaveLength(1);
    expect(accessLines()[0]).toMatchObject({ reqId: res.headers.get('x-request-id'), error: { code: 'NOT_FOUND' }, res: { statusCode: 404 } });
    expect(await metrics.registry.getSingleMetricAsString('topup_http_requests_total')).toMatch(/route="\/api\/things\/:id\/parts",status="404"\} 1/);
  });

  it('refuse input their schemas refuse, every time, as the app refuses it', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${url}/api/things/%C3%A91/parts?kind=huge`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/^kind: /) } });
    }
    // The same read with good input after a refusal: the refusal was not kept.
    expect(await (await fetch(`${url}/api/things/%C3%A91/parts?kind=small`)).json()).toEqual({ id: 'é1', kind: 'small' });
    expect(await (await fetch(`${url}/api/things/%C3%A91/parts`)).json()).toEqual({ id: 'é1', kind: null });
  });

  it('answer a path that is not validly encoded with a 400', async () => {
    const res = await fetch(`${url}/api/things/%E0%A4%A/parts`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'The request path is not validly encoded' } });
  });

  it('leave every other method and path to the app', async () => {
    const made = await fetch(`${url}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(made.status).toBe(201);
    const other = await fetch(`${url}/api/elsewhere`);
    expect(other.status).toBe(404);
    expect(appSaw).toEqual(['POST /api/things', 'GET /api/elsewhere']);
  });
});
