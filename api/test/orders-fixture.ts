/**
 * The order API tests' shared setup (api/src/routes/orders): one API per test file, `api` a live binding
 * set by `startOrdersApi()`'s beforeAll; the spec's five-step payload and a call to create an order.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestApi, type TestApi } from './harness';

export let api: TestApi;
/** Starts the API before the calling file's tests; closes it after them. */
export function startOrdersApi(): void {
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());
}

export const phone = '671234567';
/** The spec's five-step payload, as written in its section 7. */
export const fiveStep = {
  amount: 10,
  phoneNumber: phone,
  operatorId: 53,
  countryId: 120,
  cryptoCurrency: 'USDT',
  cryptoAmount: '0.000001',
  walletAddress: '0x000000000000000000000000000000000000dEaD',
  email: 'buyer@example.com',
};

export async function create(body: unknown, path = '/api/crypto-payment', headers: Record<string, string> = {}) {
  return api.call('POST', path, { body, headers });
}
