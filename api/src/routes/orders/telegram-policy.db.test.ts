import { sign } from '@telegram-apps/init-data-node';
import { afterAll, describe, expect, it } from 'vitest';
import { ZOrderStory, ZPaymentCreated, ZPaymentOptionsResponse, ZSiteConfig } from '@topup/shared';
import { loadConfig } from '../../config';
import { signInWithTelegram } from '../../../test/customers';
import { adminToken, startTestApi, type TestApi } from '../../../test/harness';
import { arriveOn } from '../../../test/order-story-fixture';
import { nonTonTraces } from '../../../test/telegram-traces';

/**
 * Telegram's rules for a bot with a mini app (Terms of Service for Bot Developers, section 7: TON only):
 * the Telegram surfaces offer and take only the networks of TELEGRAM_NETWORKS, by default TON's. An
 * order made with Telegram's credentials (the mini-app's init data, the bot acting for a user) in
 * another coin is refused with a message; the site is not bound.
 */

const BOT_TOKEN = '123456789:TEST-token-for-signing-init-data-000';
const initData = () => sign({ user: { id: 777101, first_name: 'Ana' } }, BOT_TOKEN, new Date());
const order = (coin: string) => ({ amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: coin });

let api: TestApi | undefined;
afterAll(() => api?.close());

async function start(networks: string) {
  await api?.close();
  api = await startTestApi({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_NETWORKS: networks } });
  return api;
}

const miniApp = () => ({ authorization: `tma ${initData()}` });
const bot = (a: TestApi) => ({ 'x-service-token': a.config.botApiSecret, 'x-telegram-user-id': '777102' });
const TON_ADDRESS = `0:${'1'.repeat(64)}`;
const EVM_ADDRESS = '0x2000000000000000000000000000000000000002';

/** Credits `dollars` to the Telegram user's balance (the admin's add-balance). */
async function credit(a: TestApi, telegramUserId: number, dollars: string) {
  const admin = { 'x-admin-token': await adminToken(a) };
  const users = (await a.call('GET', '/api/admin/users', { headers: admin })).body as { id: number; telegramUserId: number | null }[];
  const userId = users.find((u) => u.telegramUserId === telegramUserId)!.id;
  expect((await a.call('POST', '/api/admin/add-balance', { body: { userId, amount: dollars }, headers: admin })).status).toBe(200);
}

describe('the Telegram surfaces’ policy', () => {
  it('is TON only unless set otherwise', () => {
    expect(loadConfig({}).telegramNetworks).toEqual(['ton']);
    expect(loadConfig({ TELEGRAM_NETWORKS: 'all' }).telegramNetworks).toBeNull();
    expect(() => loadConfig({ TELEGRAM_NETWORKS: 'ton,solana' })).toThrow(/TELEGRAM_NETWORKS: solana is not a network/);
  });

  it('TON only: USDT on Ethereum from the mini-app or the bot is refused with a message, USDT on TON is taken; the site takes both', async () => {
    const a = await start('ton');
    for (const headers of [miniApp(), bot(a)]) {
      const refused = await a.call('POST', '/api/crypto-payment', { body: order('USDT'), headers });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('USDT payments are not offered in Telegram. Please choose one of the coins offered there (USDT-TON, TON).');
      expect((await a.call('POST', '/api/crypto-payment', { body: order('USDT-TON'), headers })).status).toBe(201);
    }
    expect((await a.call('POST', '/api/crypto-payment', { body: order('USDT') })).status).toBe(201);
  });

  it('TON only: the coins offered to the Telegram surfaces are TON’s, the site’s are all', async () => {
    const a = await start('ton');
    const telegram = ZPaymentOptionsResponse.parse((await a.call('GET', '/api/payment-options?surface=telegram')).body);
    expect(telegram.assets.map((x) => [x.asset, x.networks.map((n) => n.symbol)])).toEqual([
      ['USDT', ['USDT-TON']],
      ['TON', ['TON']],
    ]);
    expect(telegram.defaultCoin).toBe('USDT-TON');
    const site = ZPaymentOptionsResponse.parse((await a.call('GET', '/api/payment-options')).body);
    expect(site.assets.flatMap((x) => x.networks).map((n) => n.symbol)).toContain('USDT');
  });

  it('TON only: a Telegram customer’s balance pays a recharge, from the mini-app and from the bot', async () => {
    const a = await start('ton');
    for (const [headers, id] of [
      [miniApp(), 777101],
      [bot(a), 777102],
    ] as const) {
      expect((await a.call('GET', '/api/balance', { headers })).status).toBe(200);
      await credit(a, id, '20');
      const paid = await a.call('POST', '/api/crypto-payment', { body: { ...order('USDT'), cryptoCurrency: undefined, paymentMethod: 'balance' }, headers });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(paid.body).toMatchObject({ paymentMethod: 'balance', status: 'paid', totalAmount: 11, balance: 9 });
    }
  });

  it('TON only: a payout asked from Telegram goes to a TON address; another coin, or an address of another family, is refused with a message', async () => {
    const a = await start('ton');
    for (const [headers, id] of [
      [miniApp(), 777101],
      [bot(a), 777102],
    ] as const) {
      expect((await a.call('GET', '/api/balance', { headers })).status).toBe(200);
      await credit(a, id, '5');
      const evm = await a.call('POST', '/api/payouts', { body: { network: 'ethereum', coin: 'USDT', address: EVM_ADDRESS, amount: 2 }, headers });
      expect(evm.status).toBe(400);
      expect(evm.body.error.message).toBe('USDT payouts are not offered in Telegram. Please choose one of the coins offered there (USDT-TON, TON).');
      const wrongAddress = await a.call('POST', '/api/payouts', { body: { network: 'ton', coin: 'USDT-TON', address: EVM_ADDRESS, amount: 2 }, headers });
      expect(wrongAddress.status).toBe(400);
      expect(wrongAddress.body.error.message).toMatch(/^address: must be a TON address/);
      const ton = await a.call('POST', '/api/payouts', { body: { network: 'ton', coin: 'USDT-TON', address: TON_ADDRESS, amount: 2 }, headers });
      expect(ton.status, JSON.stringify(ton.body)).toBe(201);
      expect(ton.body.payout).toMatchObject({ network: 'ton', coin: 'USDT-TON', toAddress: TON_ADDRESS, amount: 2, status: 'requested' });
    }
  });

  it('TON only: an order made on the site in USDT on Ethereum, read in Telegram, tells how it stands but not how it is paid; the site’s story has it all', async () => {
    const a = await start('ton');
    expect(ZSiteConfig.parse((await a.call('GET', '/api/site-config')).body).telegramNetworks).toEqual(['ton']);
    for (const [headers, id] of [
      [miniApp(), 777101],
      [bot(a), 777102],
    ] as const) {
      // The same customer signed in on the site with Telegram, where USDT on Ethereum is offered.
      const cookie = await signInWithTelegram(a, BOT_TOKEN, { id, first_name: 'Ana' });
      const made = await a.call('POST', '/api/crypto-payment', { body: order('USDT'), headers: { cookie } });
      expect(made.status).toBe(201);
      const created = ZPaymentCreated.parse(made.body);
      const { paymentId, walletAddress } = created;
      // Part of it arrived: the rest to send, and a transaction of that chain in the story.
      const txHash = await arriveOn(a, created, 5_000_000n);

      const site = ZOrderStory.parse((await a.call('GET', `/api/orders/${paymentId}/story`, { headers: { cookie } })).body);
      expect(site.next).toMatchObject({ action: 'pay_rest', pay: { address: walletAddress } });
      expect(site.payments.map((p) => p.txHash)).toEqual([txHash]);

      const read = await a.call('GET', `/api/orders/${paymentId}/story`, { headers });
      expect(read.status).toBe(200);
      const story = ZOrderStory.parse(read.body);
      expect(story.next).toEqual({ action: 'pay_outside_telegram', coin: 'USDT', networkLabel: site.order.networkLabel });
      expect(story.order).toMatchObject({ paymentId, coin: 'USDT', walletAddress: null });
      expect([story.display, story.amounts]).toEqual([site.display, site.amounts]);
      expect(story.timeline.map((item) => item.kind)).toEqual(site.timeline.map((item) => item.kind));
      const text = JSON.stringify(read.body);
      expect(text).not.toContain(walletAddress);
      expect(text).not.toContain(txHash);
      expect(nonTonTraces({ text, links: [] }, a.url)).toEqual([]);
      // The mini-app's resume brings back no payment screen for it: the site's order is paid on the site.
      expect((await a.call('GET', '/api/orders/open', { headers: { cookie } })).body.payment).toMatchObject({ paymentId });
      const resumed = await a.call('GET', '/api/orders/open', { headers });
      expect(resumed.body).toEqual({ success: true, payment: null, status: null });
    }
  });

  it('all (a bot without a mini app): the spec’s coins in Telegram too', async () => {
    const a = await start('all');
    expect((await a.call('POST', '/api/crypto-payment', { body: order('USDT'), headers: miniApp() })).status).toBe(201);
    const telegram = ZPaymentOptionsResponse.parse((await a.call('GET', '/api/payment-options?surface=telegram')).body);
    expect(telegram.assets.flatMap((x) => x.networks).map((n) => n.symbol)).toContain('USDT');
  });

  it('all: a site order in USDT on Ethereum, read in Telegram, shows how to pay it', async () => {
    const a = await start('all');
    expect(ZSiteConfig.parse((await a.call('GET', '/api/site-config')).body).telegramNetworks).toBeNull();
    const cookie = await signInWithTelegram(a, BOT_TOKEN, { id: 777101, first_name: 'Ana' });
    const made = await a.call('POST', '/api/crypto-payment', { body: order('USDT'), headers: { cookie } });
    const { paymentId, walletAddress } = made.body as { paymentId: string; walletAddress: string };
    const story = ZOrderStory.parse((await a.call('GET', `/api/orders/${paymentId}/story`, { headers: miniApp() })).body);
    expect(story.next).toMatchObject({ action: 'pay', pay: { address: walletAddress } });
  });
});
