import { afterEach, describe, expect, it } from 'vitest';
import { InputFile } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { catalogFor, CHAINS, orderStartParam, ZPaymentCreated, ZPaymentOptionsResponse } from '@topup/shared';
import { signInWithTelegram } from '../../api/test/customers';
import { nonTonTraces } from '../../api/test/telegram-traces';
import { loadConfig } from '../src/config';
import { BOT_TOKEN, rechargeViaBot, startHarness, user, WEBAPP_URL, type Call, type Harness } from './harness';

/**
 * Telegram's rules for a bot with a mini app (Terms of Service for Bot Developers, section 7): under the
 * default policy (TELEGRAM_NETWORKS=ton) no message of a walk through the bot (start, help, the coin
 * choice, an order's payment message and its later states, the orders, the order, the balance, /privacy,
 * /paysupport, /support, an inline card) shows an EVM address, a MetaMask or Trust Wallet link, an
 * `ethereum:` link or a link to the site; with `all` (a bot without a mini app) the spec's coins are offered.
 */

const SITE = new URL(WEBAPP_URL).origin;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The bot under `networks`, its order links as the bot's configuration makes them of the same setting. */
async function start(networks: string) {
  const { orderLinks } = loadConfig({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    PUBLIC_URL: SITE,
    MINI_APP_LINK: 'https://t.me/topup_test_bot/app',
    TELEGRAM_NETWORKS: networks,
  });
  // The API knows the bot's token for the site's "Sign in with Telegram".
  h = await startHarness({ apiEnv: { TELEGRAM_NETWORKS: networks, TELEGRAM_BOT_TOKEN: BOT_TOKEN }, orderLinks });
  return h;
}

/** A payload with its files (a QR code's picture) left out: grammY sends those itself. */
const withoutFiles = (v: unknown): unknown =>
  v instanceof InputFile
    ? '[file]'
    : Array.isArray(v)
      ? v.map(withoutFiles)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutFiles(x)]))
        : v;

/** Every call the bot made to Telegram: its texts, captions, buttons and inline results, and every link in them. */
function shown(calls: Call[]) {
  const text = calls.map((c) => JSON.stringify(withoutFiles(c.payload))).join('\n');
  const links = [...text.matchAll(/(?:https?:\/\/|ethereum:|tg:\/\/)[^\s"'<>\\]+/g)].map((m) => m[0]);
  return { text, links };
}

/** A walk through every command and message of the bot, paying in `coin`. */
async function walk(b: Harness, coin: string) {
  const from = user(9301, 'Rui');
  const say = (text: string) => b.send(b.updates.text(from, text));
  await say('/start');
  await say('/help');
  const order = await rechargeViaBot(b, from, { country: 'NG', operatorId: 141, amount: '10', phone: '803 123 4567', coin });
  // Its later states, as the notifications edit the payment message.
  await b.setStatus(order.orderId, ['confirming']);
  await b.poller.pollOnce();
  await b.setStatus(order.orderId, ['paid', 'processing', 'completed']);
  await b.poller.pollOnce();
  await say('/orders');
  await say(`/start order_${order.orderId}`);
  await say('/balance');
  await say('/privacy');
  await say('/paysupport');
  await say('/support');
  await b.send(b.updates.inline(from, '+237 677 12 34 56'));
  return order;
}

/**
 * An order the Telegram user made on the site (signed in with Telegram) in USDT on Ethereum, opened in the
 * bot from the site's "Open in Telegram" link (/start order_<paymentId>): what the bot sent for it.
 */
async function siteOrderOpened(b: Harness) {
  const from = user(9302, 'Ana');
  const cookie = await signInWithTelegram(b.api, BOT_TOKEN, { id: from.id, first_name: 'Ana' });
  const made = await b.api.call('POST', '/api/crypto-payment', {
    body: { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' },
    headers: { cookie },
  });
  expect(made.status).toBe(201);
  const order = ZPaymentCreated.parse(made.body);
  const mark = b.tg.calls.length;
  await b.send(b.updates.text(from, `/start ${orderStartParam(order.paymentId)}`));
  return { order, calls: b.tg.since(mark) };
}

const coinButtons = (calls: Call[]) => [
  ...new Set(
    calls
      .flatMap((c) => (c.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard?.flat() ?? [])
      .flatMap((b) => ('callback_data' in b && /^r:coin:(?!back)/.test(b.callback_data!) ? [b.callback_data!.slice('r:coin:'.length)] : [])),
  ),
];

describe('Telegram’s rules in the bot', () => {
  it('TON only (the default): no message of the walk shows an EVM trace or links to the site; TON’s coins only', async () => {
    const b = await start('ton');
    await walk(b, 'USDT-TON');
    expect(b.tg.of('sendPhoto').length).toBeGreaterThan(0);
    expect(b.tg.of('answerInlineQuery').length).toBe(1);
    expect(coinButtons(b.tg.calls)).toEqual(['USDT', 'TON']);
    expect(nonTonTraces(shown(b.tg.calls), SITE)).toEqual([]);
  });

  it('TON only: an order made on the site in USDT on Ethereum, opened from the site’s link, says it is paid outside Telegram and shows no trace', async () => {
    const b = await start('ton');
    const { calls } = await siteOrderOpened(b);
    const network = CHAINS.network('ethereum')!.label;
    expect(calls.map((c) => c.method)).toEqual(['sendMessage']);
    expect(calls[0]!.payload.text).toContain(catalogFor('en').common.paidOutsideTelegram({ coin: 'USDT', network }));
    expect(nonTonTraces(shown(calls), SITE)).toEqual([]);
  });

  it('all: the same site order, opened in the bot, shows its address and wallets', async () => {
    const b = await start('all');
    const { order, calls } = await siteOrderOpened(b);
    expect(nonTonTraces(shown(calls), SITE)).toEqual(expect.arrayContaining([order.walletAddress, expect.stringMatching(/metamask/i)]));
  });

  it('all (a bot without a mini app): the spec’s coins, as the site offers them; an EVM order shows its address and wallets', async () => {
    const b = await start('all');
    await walk(b, 'USDT');
    const site = ZPaymentOptionsResponse.parse((await b.api.call('GET', '/api/payment-options')).body);
    expect(coinButtons(b.tg.calls)).toEqual(site.assets.map((a) => a.asset));
    // The scan sees what the TON-only policy keeps out: the EVM deposit address, the order's page on the site.
    const traces = nonTonTraces(shown(b.tg.calls), SITE);
    expect(traces.some((t) => /^0x[0-9a-fA-F]{40}$/.test(t))).toBe(true);
    expect(traces.some((t) => t.startsWith(`${SITE}/orders/`))).toBe(true);
  });
});
