import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPaymentCreated } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { signInByEmail } from '../../../test/customers';
import { idempotencyKeys } from '../../db/schema';

/**
 * An Idempotency-Key belongs to its caller. A key another caller used must not
 * replay that caller's order (and with it the order token, which proves ownership).
 */

const BOT_TOKEN = '123456789:TEST-token-for-idempotency-scopes-00';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, INIT_DATA_MAX_AGE_SECONDS: '3600' } });
});
afterAll(() => api?.close());

const order = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };
const bot = (userId: number) => ({ 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': String(userId) });
const miniApp = (userId: number) => ({ authorization: `tma ${sign({ user: { id: userId, first_name: 'Ana' } }, BOT_TOKEN, new Date())}` });

async function create(key: string, headers: Record<string, string> = {}, body: Record<string, unknown> = order) {
  const res = await api.call('POST', '/api/crypto-payment', { body, headers: { 'idempotency-key': key, ...headers } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZPaymentCreated.parse(res.body);
}

describe('Idempotency-Key scopes', () => {
  it("does not replay a signed-in customer's order (and its order token) to a stranger with the same key and request", async () => {
    const key = 'checkout-key-of-a-signed-in-customer';
    const victim = await create(key, { cookie: await signInByEmail(api, 'victim@mail.test') });
    const stranger = await create(key);
    expect(stranger.orderId).not.toBe(victim.orderId);
    expect(stranger.orderToken).not.toBe(victim.orderToken);
    const otherCustomer = await create(key, { cookie: await signInByEmail(api, 'other@mail.test') });
    expect(new Set([victim.orderId, stranger.orderId, otherCustomer.orderId]).size).toBe(3);
  });

  it("a key another customer used makes a new order, whatever the request; only an anonymous key's own request replays", async () => {
    const key = 'shared-key-of-two-customers-0001';
    const first = await create(key, { cookie: await signInByEmail(api, 'first.key@mail.test') });
    const other = { ...order, amount: 20 };
    const second = await api.call('POST', '/api/crypto-payment', {
      body: other,
      headers: { 'idempotency-key': key, cookie: await signInByEmail(api, 'second.key@mail.test') },
    });
    expect(second.status).toBe(201);
    expect(second.body.orderId).not.toBe(first.orderId);
    const telegram = await api.call('POST', '/api/crypto-payment', { body: other, headers: { 'idempotency-key': key, ...bot(7_100_077) } });
    expect(telegram.status).toBe(201);
    // Without an account the key is the secret itself: the same request replays; another request with it is refused.
    const anonymousKey = 'anonymous-key-used-by-one-browser-1';
    await create(anonymousKey);
    const mismatch = await api.call('POST', '/api/crypto-payment', { body: other, headers: { 'idempotency-key': anonymousKey } });
    expect([mismatch.status, mismatch.body.error.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
  });

  it("does not replay a Telegram user's order to anyone else", async () => {
    // The spec's Telegram payload, which an anonymous caller can send as well.
    const telegramOrder = { ...order, customerEmail: 'ana@telegram.user' };
    const key = 'mini-app-checkout-1';
    const victim = await create(key, miniApp(7_100_001), telegramOrder);
    const stranger = await create(key, {}, telegramOrder);
    const otherUser = await create(key, miniApp(7_100_002), telegramOrder);
    expect(new Set([victim.orderId, stranger.orderId, otherUser.orderId]).size).toBe(3);
    // The same user retrying gets the same order.
    expect((await create(key, miniApp(7_100_001), telegramOrder)).orderId).toBe(victim.orderId);
    expect((await create('tg-renew-18-231', bot(7_100_001))).orderId).toBe((await create('tg-renew-18-231', bot(7_100_001))).orderId);
  });

  it('keeps anonymous keys a secret: at least 16 characters, stored only as a hash', async () => {
    const short = await api.call('POST', '/api/crypto-payment', { body: order, headers: { 'idempotency-key': 'retry-1' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('Idempotency-Key');
    const key = 'a-random-key-of-this-browser-0001';
    const first = await create(key);
    expect((await create(key)).orderId).toBe(first.orderId);
    const stored = await api.database.db.select().from(idempotencyKeys);
    expect(JSON.stringify(stored)).not.toContain(key);
  });
});
