import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiError, apiRequest, setExtraHeaders, setInitData } from './client';
import { internationalNumber } from './phone';

describe('API errors', () => {
  it('shows the API message, else "status: body" (spec section 8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      apiError({ status: 400, statusText: 'Bad Request' }, JSON.stringify({ error: { code: 'INVALID_PHONE', message: 'Bad number' }, message: 'Bad number' })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_PHONE',
      message: 'Bad number',
    });
    expect(apiError({ status: 429, statusText: 'Too Many Requests' }, JSON.stringify({ error: 'Wallet busy' })).message).toBe('Wallet busy');
    expect(apiError({ status: 502, statusText: 'Bad Gateway' }, 'upstream down').message).toBe('502: upstream down');
    expect(apiError({ status: 503, statusText: 'Service Unavailable' }, '').message).toBe('503: Service Unavailable');
  });
});

describe('apiRequest over the shared client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setInitData(null);
    setExtraHeaders(() => ({}));
  });
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it("sends the init data and the site's headers, and parses with the lazily loaded schema", async () => {
    const fetch = answer(200, { success: true, balance: 12.5, currency: 'USD' });
    vi.stubGlobal('fetch', fetch);
    setInitData('query_id=1&hash=abc');
    setExtraHeaders(() => ({ 'x-order-token': 't1,t2' }));
    expect(await apiRequest('/api/balance', (s) => s.ZBalance)).toMatchObject({ balance: 12.5 });
    expect(fetch.mock.calls[0]).toEqual([
      '/api/balance',
      expect.objectContaining({
        method: 'GET',
        credentials: 'include',
        headers: { accept: 'application/json', authorization: 'tma query_id=1&hash=abc', 'x-order-token': 't1,t2' },
      }),
    ]);
  });

  it('raises the shared ApiError with the server message, logged unless expected', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', answer(409, { error: { code: 'INVALID_STATE', message: 'Already paid' }, message: 'Already paid' }));
    const err = await apiRequest('/api/release-wallet', (s) => s.ZCancelResponse, { method: 'POST', body: { paymentId: 'pay_x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'INVALID_STATE', message: 'Already paid' });
    expect(logged).toHaveBeenCalledWith('API 409', 'Already paid');
    logged.mockClear();
    vi.stubGlobal('fetch', answer(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in' }, message: 'Sign in' }));
    await expect(apiRequest('/api/auth/user', (s) => s.ZAuthUser, { expected: [401] })).rejects.toMatchObject({ status: 401 });
    expect(logged).not.toHaveBeenCalled();
  });

  it('lets a call that got no answer fail with its own error, as the pages expect', async () => {
    const down = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(down)),
    );
    await expect(apiRequest('/api/countries', (s) => s.ZCountry.array())).rejects.toBe(down);
  });
});

describe('phone numbers', () => {
  it("sends the number with '+' and the dial code unless it starts with '+'", () => {
    expect(internationalNumber('+237', '671234567')).toBe('+237671234567');
    expect(internationalNumber('237', ' 671 23-45.67 ')).toBe('+237671234567');
    expect(internationalNumber('+237', '+44 7700 900123')).toBe('+447700900123');
  });
});
