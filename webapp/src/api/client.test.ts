import { describe, expect, it, vi } from 'vitest';
import { apiError } from './client';
import { internationalNumber } from './phone';

describe('API errors', () => {
  it('shows the API message, else "status: body" (spec section 8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(apiError({ status: 400, statusText: 'Bad Request' }, JSON.stringify({ error: { code: 'INVALID_PHONE', message: 'Bad number' }, message: 'Bad number' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PHONE',
      message: 'Bad number',
    });
    expect(apiError({ status: 429, statusText: 'Too Many Requests' }, JSON.stringify({ error: 'Wallet busy' })).message).toBe('Wallet busy');
    expect(apiError({ status: 502, statusText: 'Bad Gateway' }, 'upstream down').message).toBe('502: upstream down');
    expect(apiError({ status: 503, statusText: 'Service Unavailable' }, '').message).toBe('503: Service Unavailable');
  });
});

describe('phone numbers', () => {
  it("sends the number with '+' and the dial code unless it starts with '+'", () => {
    expect(internationalNumber('+237', '671234567')).toBe('+237671234567');
    expect(internationalNumber('237', ' 671 23-45.67 ')).toBe('+237671234567');
    expect(internationalNumber('+237', '+44 7700 900123')).toBe('+447700900123');
  });
});
