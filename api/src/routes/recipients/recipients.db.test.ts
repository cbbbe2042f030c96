import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRecipient, ZRecipients, type TOrderStatus } from '@topup/shared';
import { signInByEmail } from '../../../test/customers';
import { moveTo } from '../../../test/admin-fixture';
import { botHeaders, createOrder } from '../../../test/delivery-helpers';
import { startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const order = (phoneNumber: string, amount: number, coin = 'USDT', operatorId = 53) => ({
  phoneNumber,
  operatorId,
  countryId: 120,
  amount,
  cryptoCurrency: coin,
});

/** An order taken to `statuses` (paid by default): a recipient is a number we topped up or are topping up. */
async function ordered(body: ReturnType<typeof order>, headers: Record<string, string>, statuses: TOrderStatus[] = ['confirming', 'paid']) {
  const { orderId } = await createOrder(api, body, headers);
  await moveTo(orderId, statuses, api);
}

describe('recent recipients', () => {
  it('lists a Telegram user’s numbers from their paid orders, newest first, with the last amount and coin', async () => {
    const tg = botHeaders(api, 880001);
    for (const body of [order('+237 677 12 34 56', 10), order('699123456', 15, 'USDC', 54), order('677123456', 25, 'ETH')]) await ordered(body, tg);
    await api.call('POST', '/api/crypto-payment', { body: { phoneNumber: 'balance_topup', amount: 20, cryptoCurrency: 'USDT' }, headers: tg });
    const res = await api.call('GET', '/api/recipients', { headers: tg });
    expect(res.status).toBe(200);
    const { recipients } = ZRecipients.parse(res.body);
    expect(
      recipients.map((r) => [r.id, r.phoneNumber, r.operatorName, r.lastAmount, r.lastCoin, r.lastLocalAmount, r.localCurrency, r.countryCode, r.name]),
    ).toEqual([
      ['237677123456', '+237677123456', 'MTN Cameroon', 2500, 'ETH', 15_000, 'XAF', 'CM', null],
      ['237699123456', '+237699123456', 'Orange Cameroon', 1500, 'USDC', 9000, 'XAF', 'CM', null],
    ]);
    // Dollars on the wire, as every amount.
    expect(res.body.recipients[0].lastAmount).toBe(25);
  });

  it('lists only numbers paid for: never an unpaid, cancelled, expired or failed order’s, nor its amount', async () => {
    const tg = botHeaders(api, 880003);
    await ordered(order('677123460', 10), tg, ['confirming', 'paid', 'processing', 'completed']);
    await ordered(order('677123461', 10), tg, []);
    await ordered(order('677123462', 10), tg, ['cancelled']);
    await ordered(order('677123463', 10), tg, ['payment_expired']);
    await ordered(order('677123464', 10), tg, ['confirming', 'paid', 'failed']);
    await ordered(order('677123465', 15, 'USDC'), tg, ['confirming', 'paid', 'processing']);
    await ordered(order('677123466', 20), tg);
    // A newer order not paid for leaves the number as it was last topped up.
    await ordered(order('677123460', 30, 'ETH'), tg, ['confirming']);
    const res = await api.call('GET', '/api/recipients', { headers: tg });
    expect(ZRecipients.parse(res.body).recipients.map((r) => [r.id, r.lastAmount, r.lastCoin])).toEqual([
      ['237677123466', 2000, 'USDT'],
      ['237677123465', 1500, 'USDC'],
      ['237677123460', 1000, 'USDT'],
    ]);
  });

  it('renames and removes one; the next paid order to that number brings it back with its name', async () => {
    const tg = botHeaders(api, 880002);
    await ordered(order('677123457', 10), tg);
    const renamed = await api.call('PATCH', '/api/recipients/237677123457', { body: { name: '  Mum ' }, headers: tg });
    expect(renamed.status).toBe(200);
    expect(ZRecipient.parse(renamed.body)).toMatchObject({ id: '237677123457', name: 'Mum' });
    expect((await api.call('GET', '/api/recipients', { headers: tg })).body.recipients[0].name).toBe('Mum');

    expect((await api.call('DELETE', '/api/recipients/237677123457', { headers: tg })).body).toEqual({ success: true });
    expect((await api.call('GET', '/api/recipients', { headers: tg })).body.recipients).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Only a paid order brings it back.
    await ordered(order('677123457', 30), tg, []);
    expect((await api.call('GET', '/api/recipients', { headers: tg })).body.recipients).toEqual([]);
    await ordered(order('677123457', 20), tg);
    expect((await api.call('GET', '/api/recipients', { headers: tg })).body.recipients).toMatchObject([{ id: '237677123457', name: 'Mum', lastAmount: 20 }]);

    const cleared = await api.call('PATCH', '/api/recipients/237677123457', { body: { name: '' }, headers: tg });
    expect(cleared.body.name).toBeNull();
  });

  it('is the signed-in web customer’s own list, and refuses what is not theirs or not valid', async () => {
    const cookie = await signInByEmail(api, 'recipients@mail.test');
    await ordered(order('677123458', 10), { cookie });
    expect((await api.call('GET', '/api/recipients', { headers: { cookie } })).body.recipients.map((r: { id: string }) => r.id)).toEqual(['237677123458']);
    // Another customer's number is not found for this one; nobody is a 401.
    expect((await api.call('PATCH', '/api/recipients/237677123456', { body: { name: 'x' }, headers: { cookie } })).status).toBe(404);
    expect((await api.call('DELETE', '/api/recipients/237677123456', { headers: { cookie } })).status).toBe(404);
    expect((await api.call('GET', '/api/recipients')).status).toBe(401);
    expect((await api.call('PATCH', '/api/recipients/237677123458', { body: { name: 'x'.repeat(41) }, headers: { cookie } })).status).toBe(400);
    expect((await api.call('PATCH', '/api/recipients/+237677123458', { body: { name: 'x' }, headers: { cookie } })).status).toBe(400);
  });
});
