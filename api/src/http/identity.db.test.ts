import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { startTestApi, type TestApi } from '../../test/harness';

const BOT_TOKEN = '123456789:TEST-token-for-signing-init-data-000';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, INIT_DATA_MAX_AGE_SECONDS: '3600' } });
});
afterAll(() => api?.close());

const initData = (
  authDate = new Date(),
  token = BOT_TOKEN,
  user: { id: number; first_name: string; language_code?: string } = { id: 777001, first_name: 'Ana' },
) => sign({ user }, token, authDate);
const order = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };

describe('who is calling', () => {
  it('knows the mini-app user from signed init data, and the bot user from the service credential: one customer', async () => {
    const fromApp = await api.call('POST', '/api/crypto-payment', { body: order, headers: { authorization: `tma ${initData()}` } });
    expect(fromApp.status).toBe(201);
    const fromBot = await api.call('POST', '/api/crypto-payment', {
      body: order,
      headers: { 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': '777001' },
    });
    expect(fromBot.status).toBe(201);
    const history = await api.call('GET', '/api/orders', { headers: { authorization: `tma ${initData()}` } });
    expect(history.body.map((o: { id: number }) => o.id).sort()).toEqual([fromApp.body.orderId, fromBot.body.orderId].sort());
    expect((await api.call('GET', '/api/orders')).body).toEqual([]);
  });

  it('keeps the customer’s language on the order: the mini-app user’s Telegram language, the bot’s choice', async () => {
    const locale = async (orderId: number) => (await api.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.locale;
    const app = await api.call('POST', '/api/crypto-payment', {
      body: order,
      headers: { authorization: `tma ${initData(new Date(), BOT_TOKEN, { id: 777003, first_name: 'Léa', language_code: 'fr' })}`, 'accept-language': 'en' },
    });
    expect(await locale(app.body.orderId)).toBe('fr');
    const bot = await api.call('POST', '/api/crypto-payment', {
      body: { ...order, locale: 'pt' },
      headers: { 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': '777003' },
    });
    expect(await locale(bot.body.orderId)).toBe('pt');
    const anonymous = await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, locale: 'xx' } });
    expect(await locale(anonymous.body.orderId)).toBe('en');
  });

  it('refuses forged and expired init data', async () => {
    const forged = await api.call('GET', '/api/orders', {
      headers: { authorization: `tma ${initData(new Date(), '999:another-bot-token-that-signs-differently')}` },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toBe('Invalid Telegram data.');
    const tampered = initData().replace('777001', '777002');
    expect((await api.call('GET', '/api/orders', { headers: { authorization: `tma ${tampered}` } })).status).toBe(401);
    const expired = await api.call('GET', '/api/orders', { headers: { authorization: `tma ${initData(new Date(Date.now() - 2 * 3600_000))}` } });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain('expired');
  });

  it('refuses init data dated in the future beyond a small clock skew, on every mini-app call', async () => {
    const ahead = initData(new Date(Date.now() + 3600_000));
    for (const [method, path, body] of [
      ['GET', '/api/orders'],
      ['GET', '/api/orders/open'],
      ['POST', '/api/crypto-payment', order],
      ['GET', '/api/balance'],
      ['GET', '/api/support/messages'],
    ] as const) {
      const res = await api.call(method, path, { body, headers: { authorization: `tma ${ahead}` } });
      expect([path, res.status, res.body.error?.message]).toEqual([path, 401, 'Telegram data is dated in the future. Please reopen the app.']);
    }
    // A clock a few seconds ahead is no reason to refuse.
    expect((await api.call('GET', '/api/orders', { headers: { authorization: `tma ${initData(new Date(Date.now() + 20_000))}` } })).status).toBe(200);
  });

  it('refuses a wrong service credential and a malformed user id', async () => {
    expect((await api.call('GET', '/api/orders', { headers: { 'x-service-token': 'nope', 'x-telegram-user-id': '1' } })).status).toBe(401);
    expect((await api.call('GET', '/api/orders', { headers: { 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': 'abc' } })).status).toBe(400);
  });
});
