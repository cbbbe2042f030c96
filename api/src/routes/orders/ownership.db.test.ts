import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZPaymentCreated, ZPaymentStatus } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { signInByEmail } from '../../../test/customers';
import { orders } from '../../db/schema';

/**
 * The status calls are public and name the payment id, so the payment id cannot be
 * what lets someone leave (cancel) an order. Cancelling needs the order token, the signed-in customer
 * who owns the order, or the Telegram user who made it (mini-app init data, or the bot acting for them).
 */

const BOT_TOKEN = '123456789:TEST-token-for-order-ownership-0000';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, INIT_DATA_MAX_AGE_SECONDS: '3600' } });
});
afterAll(() => api?.close());

const order = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };
const miniApp = (userId: number) => ({ authorization: `tma ${sign({ user: { id: userId, first_name: 'Ana' } }, BOT_TOKEN, new Date())}` });
const bot = (userId: number) => ({ 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': String(userId) });

async function newOrder(headers: Record<string, string> = {}) {
  const res = await api.call('POST', '/api/crypto-payment', { body: order, headers });
  expect(res.status).toBe(201);
  return ZPaymentCreated.parse(res.body);
}

async function statusOf(created: { paymentId: string }) {
  return ZPaymentStatus.parse((await api.call('GET', `/api/orders/${created.paymentId}/status`)).body).status;
}

/** The three ways a client leaves an order, each with what the caller adds as proof. */
const leave = {
  release: (paymentId: string, o: { headers?: Record<string, string>; orderToken?: string } = {}) =>
    api.call('POST', '/api/release-wallet', { body: { paymentId, cryptocurrency: 'USDT', orderToken: o.orderToken }, headers: o.headers }),
  cancel: (paymentId: string, orderId: number, o: { headers?: Record<string, string>; orderToken?: string } = {}) =>
    api.call('POST', '/api/cancel-transaction', {
      body: { orderId, paymentId, amount: 10, cryptocurrency: 'USDT', transactionType: 'recharge', orderToken: o.orderToken },
      headers: o.headers,
    }),
  beacon: (paymentId: string, o: { headers?: Record<string, string>; orderToken?: string } = {}) =>
    api.call('POST', '/api/auto-cancel-order', {
      raw: JSON.stringify({ paymentId, orderToken: o.orderToken }),
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...o.headers },
    }),
};

describe('a stranger', () => {
  it('with only the order id learns no payment id, and with the payment id (a screenshot, say) cannot cancel the order', async () => {
    const victim = await newOrder();
    const refused = await api.call('GET', `/api/payment-status/${victim.orderId}`);
    expect([refused.status, JSON.stringify(refused.body).includes(victim.paymentId)]).toEqual([403, false]);
    const seen = { paymentId: victim.paymentId, orderId: victim.orderId };

    for (const res of [await leave.release(seen.paymentId), await leave.cancel(seen.paymentId, seen.orderId), await leave.beacon(seen.paymentId)]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: expect.stringContaining('order token') });
    }
    expect(await statusOf(victim)).toBe('pending_crypto_payment');
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, victim.orderId));
    expect(row!.status).toBe('pending_crypto_payment');
  });

  it("cannot cancel with another order's token, a forged token, another account, or as another Telegram user", async () => {
    const victim = await newOrder(miniApp(881001));
    const own = await newOrder();
    const cookie = await signInByEmail(api, 'stranger@mail.test');
    const attempts = [
      await leave.release(victim.paymentId, { headers: { 'x-order-token': own.orderToken } }),
      await leave.release(victim.paymentId, { orderToken: `${victim.paymentId}.forged` }),
      await leave.release(victim.paymentId, { headers: { cookie } }),
      await leave.release(victim.paymentId, { headers: miniApp(881002) }),
      await leave.release(victim.paymentId, { headers: bot(881002) }),
      await leave.beacon(victim.paymentId, { orderToken: own.orderToken }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await statusOf(victim)).toBe('pending_crypto_payment');
  });

  it('cannot claim the credits held on an order by its payment id', async () => {
    const victim = await newOrder();
    const cookie = await signInByEmail(api, 'claimer@mail.test');
    const res = await api.call('POST', '/api/balance/claim', { body: { orderToken: victim.paymentId }, headers: { cookie } });
    expect(res.status).toBe(404);
  });
});

/**
 * The owner's calls are answered on every surface. Leaving (Back, the page hidden: release-wallet,
 * auto-cancel-order) leaves the order payable; the explicit Cancel cancels it.
 */
describe('the owner leaves or cancels, on every surface', () => {
  it('the web site, anonymous (/recharge, /app): the order tokens it holds in X-Order-Token', async () => {
    const other = await newOrder();
    const mine = await newOrder();
    const headers = { 'x-order-token': `${other.orderToken},${mine.orderToken}` };
    const left = await leave.release(mine.paymentId, { headers });
    expect([left.status, left.body.status]).toEqual([200, 'pending_crypto_payment']);
    const res = await leave.cancel(mine.paymentId, mine.orderId, { headers });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(await statusOf(other)).toBe('pending_crypto_payment');
  });

  it('the web site: the order token in the body of cancel-transaction', async () => {
    const mine = await newOrder();
    const res = await leave.cancel(mine.paymentId, mine.orderId, { orderToken: mine.orderToken });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });

  it("the page's beacon (text/plain, no headers): the order token in the body; the order stays payable", async () => {
    const mine = await newOrder();
    const res = await leave.beacon(mine.paymentId, { orderToken: mine.orderToken });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending_crypto_payment');
    expect(await statusOf(mine)).toBe('pending_crypto_payment');
  });

  it('the web site, signed in: the session cookie', async () => {
    const cookie = await signInByEmail(api, 'owner@mail.test');
    const mine = await newOrder({ cookie });
    expect((await leave.release(mine.paymentId, { headers: { cookie } })).body.status).toBe('pending_crypto_payment');
    const res = await leave.cancel(mine.paymentId, mine.orderId, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });

  it('the mini-app: the init data of the Telegram user who made it, also for an order made in the bot', async () => {
    const mine = await newOrder(miniApp(882001));
    expect((await leave.release(mine.paymentId, { headers: miniApp(882001) })).body.status).toBe('pending_crypto_payment');
    expect((await leave.cancel(mine.paymentId, mine.orderId, { headers: miniApp(882001) })).body.status).toBe('cancelled');
    const fromBot = await newOrder(bot(882001));
    expect((await leave.cancel(fromBot.paymentId, fromBot.orderId, { headers: miniApp(882001) })).body.status).toBe('cancelled');
  });

  it('the bot: its service credential and the Telegram user it acts for', async () => {
    const mine = await newOrder(bot(883001));
    expect((await leave.release(mine.paymentId, { headers: bot(883001) })).body.status).toBe('pending_crypto_payment');
    const res = await leave.cancel(mine.paymentId, mine.orderId, { headers: bot(883001) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });
});
