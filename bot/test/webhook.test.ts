import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { createWebhookServer } from '../src/webhook';
import { startHarness, user, type Harness } from './harness';

const SECRET = 'webhook-secret-0123456789';
let h: Harness;
let server: http.Server;
let url: string;

beforeAll(async () => {
  h = await startHarness();
  server = createWebhookServer(h.bot, { path: '/telegram/webhook', secret: SECRET, log: pino({ level: 'silent' }) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await h?.close();
});

const post = (body: unknown, headers: Record<string, string> = {}, path = '/telegram/webhook') =>
  fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

it('refuses an update without the X-Telegram-Bot-Api-Secret-Token or with a wrong one (401), and handles nothing', async () => {
  const update = h.updates.text(user(8001, 'Web'), '/help');
  const mark = h.tg.calls.length;
  expect((await post(update)).status).toBe(401);
  expect((await post(update, { 'X-Telegram-Bot-Api-Secret-Token': 'wrong-secret-0123456789' })).status).toBe(401);
  expect(h.tg.since(mark)).toEqual([]);
});

it('handles an update carrying the right secret token', async () => {
  const update = h.updates.text(user(8001, 'Web'), '/help');
  const mark = h.tg.calls.length;
  const res = await post(update, { 'X-Telegram-Bot-Api-Secret-Token': SECRET });
  expect(res.status).toBe(200);
  const sent = h.tg.since(mark);
  expect(sent.map((c) => c.method)).toEqual(['sendMessage']);
  expect(sent[0]!.payload.text).toContain('What I can do');
});

it('serves nothing else but a health check', async () => {
  expect((await post({}, { 'X-Telegram-Bot-Api-Secret-Token': SECRET }, '/other')).status).toBe(404);
  expect((await fetch(`${url}/health`)).status).toBe(200);
});
