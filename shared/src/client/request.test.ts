import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ADMIN_API, API, BOT_API } from './endpoints';
import { errorFromAnswer, readAnswer } from './answer';
import { ApiError } from './errors';
import { createApiClient, sendCall, withQuery, type AnyEndpoint, type ApiClient } from './request';

/** A fetch that answers `status` with `body` and keeps what it was asked. */
function fakeFetch(status: number, body: unknown, statusText = '') {
  const calls: { url: string; init: RequestInit }[] = [];
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(status === 204 ? null : text, { status, statusText, headers: { 'x-total-count': '42' } });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

describe('errors (spec section 8)', () => {
  it("reads the API's body: its code and message; the status line stays 'status: body text'", () => {
    const body = JSON.stringify({ error: { code: 'INVALID_PHONE', message: 'Bad number' }, message: 'Bad number' });
    const error = errorFromAnswer(400, 'Bad Request', body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_PHONE', serverMessage: 'Bad number', message: 'Bad number', statusLine: `400: ${body}` });
  });

  it("reads the spec's older bodies: a string error, a message only, error.message alone", () => {
    expect(errorFromAnswer(429, 'Too Many Requests', JSON.stringify({ error: 'Wallet busy' }))).toMatchObject({ message: 'Wallet busy', code: 'HTTP_ERROR' });
    expect(errorFromAnswer(400, 'Bad Request', JSON.stringify({ message: 'Amount must be greater than 0.' })).serverMessage).toBe(
      'Amount must be greater than 0.',
    );
    expect(errorFromAnswer(409, 'Conflict', JSON.stringify({ error: { code: 'CONFLICT', message: 'Spent' } })).message).toBe('Spent');
  });

  it("without a server message the message is 'status: body text', else 'status: status text'", () => {
    expect(errorFromAnswer(502, 'Bad Gateway', 'upstream down')).toMatchObject({ message: '502: upstream down', serverMessage: null, code: 'HTTP_ERROR' });
    expect(errorFromAnswer(503, 'Service Unavailable', '').message).toBe('503: Service Unavailable');
    expect(errorFromAnswer(500, 'Internal Server Error', '[1,2]').message).toBe('500: [1,2]');
    const page = `<html>${'x'.repeat(1000)}</html>`;
    expect(errorFromAnswer(502, 'Bad Gateway', page).message).toBe(`502: ${page.slice(0, 300)}…`);
  });
});

describe('createApiClient', () => {
  it('builds the call from the endpoint: method, path and query, JSON body with its content type, the surface headers', async () => {
    const { fetch, calls } = fakeFetch(200, { success: true, notifications: [] });
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetch,
      credentials: 'include',
      headers: (e): Record<string, string> => (e === BOT_API.orderMessage ? { 'x-service-token': 's' } : {}),
    });
    await client.request(BOT_API.orderMessage, { params: { orderId: 7 }, body: { chatId: 1, messageId: 2 }, headers: { 'idempotency-key': 'k' } });
    expect(calls[0]!.url).toBe('http://api.test/api/bot/orders/7/message');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"chatId":1,"messageId":2}',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-service-token': 's', 'idempotency-key': 'k' },
    });

    await client.request(BOT_API.takeNotifications, { params: { limit: 5 } });
    expect(calls[1]!.url).toBe('http://api.test/api/bot/notifications?limit=5');
    // Spec section 7: no JSON content type without a body.
    expect(calls[1]!.init.headers).not.toHaveProperty('content-type');
    expect(calls[1]!.init.body).toBeUndefined();
  });

  it('parses the answer with the response schema: dollars on the wire are cents in code', async () => {
    const { fetch } = fakeFetch(200, { totalRevenue: 1234.56, totalOrders: 4, successRate: 50, activeUsers: 1, adminGranted: 15.5, adminGrantedOrders: 1 });
    const client = createApiClient({ fetch });
    expect(await client.request(ADMIN_API.stats)).toEqual({
      totalRevenue: 123_456,
      totalOrders: 4,
      successRate: 50,
      activeUsers: 1,
      adminGranted: 1550,
      adminGrantedOrders: 1,
    });
    const { data, headers } = await client.exchange(ADMIN_API.stats);
    expect([data.totalRevenue, headers.get('x-total-count')]).toEqual([123_456, '42']);
  });

  it('makes a non-OK answer an ApiError the surface hears of; a call without a usable answer fails with its own error', async () => {
    const heard: [number, string, AnyEndpoint][] = [];
    const onError = (e: ApiError, endpoint: AnyEndpoint) => heard.push([e.status, e.code, endpoint]);
    const refused = createApiClient({ onError, fetch: fakeFetch(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in' }, message: 'Sign in' }).fetch });
    await expect(refused.request(ADMIN_API.me)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Sign in',
      statusLine: expect.stringMatching(/^401: \{/),
    });

    const down = new TypeError('fetch failed');
    await expect(createApiClient({ onError, fetch: (async () => Promise.reject(down)) as typeof fetch }).request(API.countries)).rejects.toBe(down);
    await expect(createApiClient({ onError, fetch: fakeFetch(200, '<html>').fetch }).request(API.countries)).rejects.toBeInstanceOf(SyntaxError);
    await expect(createApiClient({ onError, fetch: fakeFetch(200, { totalRevenue: 'lots' }).fetch }).request(ADMIN_API.stats)).rejects.toBeInstanceOf(
      z.ZodError,
    );
    expect(heard).toEqual([[401, 'UNAUTHORIZED', ADMIN_API.me]]);
  });

  it('has two halves the web app can take apart: sending now, reading with a schema loaded meanwhile', async () => {
    const { fetch, calls } = fakeFetch(200, { n: 1 });
    const res = await sendCall({ fetch, headers: () => ({ authorization: 'tma x' }) }, { method: 'GET', path: '/lazy' });
    expect(calls[0]!.init.headers).toEqual({ accept: 'application/json', authorization: 'tma x' });
    expect(await readAnswer(res, z.object({ n: z.number() }))).toEqual({ n: 1 });
    await expect(readAnswer(new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }))).rejects.toMatchObject({
      status: 502,
      message: '502: upstream down',
    });
  });

  it('leaves empty query values out', () => {
    expect(withQuery('/api/admin/orders', { status: 'failed', coin: '', phone: undefined, page: 2 })).toBe('/api/admin/orders?status=failed&page=2');
    expect(withQuery('/api/orders', {})).toBe('/api/orders');
  });
});

/**
 * Type checks (npm run typecheck): request bodies and params are typed from the schemas, and
 * answers are what the response schemas give. Never called.
 */
export async function typedCalls(client: ApiClient): Promise<void> {
  const topup = await client.request(ADMIN_API.manualTopup, { body: { mode: 'new', phoneNumber: '671234567', countryId: 120, operatorId: 53, amount: 10.5 } });
  const orderId: number = topup.orderId;
  await client.request(ADMIN_API.manualTopup, { body: { mode: 'existing', orderId, notes: 'paid by transfer' } });
  // @ts-expect-error an existing order's top-up needs its order
  await client.request(ADMIN_API.manualTopup, { body: { mode: 'existing', notes: 'x' } });
  // @ts-expect-error the mode is new or existing
  await client.request(ADMIN_API.manualTopup, { body: { mode: 'later', orderId: 1, notes: 'x' } });
  // @ts-expect-error the body is required
  await client.request(ADMIN_API.changePassword);
  // @ts-expect-error the action is add or subtract
  await client.request(ADMIN_API.adjustBalance, { params: { action: 'double' }, body: { userId: 1, amount: 5 } });
  // @ts-expect-error a call without a body takes none
  await client.request(ADMIN_API.stats, { body: {} });
  const cents: number = (await client.request(ADMIN_API.users))[0]!.balance;
  // @ts-expect-error the balance is cents, not text
  const text: string = (await client.request(API.balance)).balance;
  void [cents, text];
}
