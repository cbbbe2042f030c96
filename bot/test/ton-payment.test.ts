import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { catalogFor } from '@topup/shared';
import { NO_ORDER_LINKS } from '../src/keyboards';
import { orderMessage } from '../src/views/order-message';
import { rechargeViaBot, startHarness, user, type Call, type Harness } from './harness';

/**
 * A TON order in the chat, on the embedded defaults (the TON double's network) and the Telegram
 * surfaces' default policy (TON only): the coin choice offers TON's coins only; the payment message asks
 * for the order's comment beside the address, its QR code is the ton:// link the API answers (amount
 * and comment filled in), and no wallet of another family is offered.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ apiEnv: { TELEGRAM_NETWORKS: 'ton' } });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const t = catalogFor('en');

const coinButtons = (calls: Call[]) =>
  calls
    .flatMap((c) => (c.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard?.flat() ?? [])
    .flatMap((b) => ('callback_data' in b && /^r:(coin|network):/.test(b.callback_data!) ? [b.callback_data!] : []));

describe('paying in TON from the bot', () => {
  it('offers only TON’s coins under the default policy: Toncoin, and USDT on TON alone', async () => {
    const from = user(9100, 'Ton');
    const mark = h.tg.calls.length;
    await rechargeViaBot(h, from, { country: 'NG', operatorId: 141, amount: '10', phone: '803 123 4567', coin: 'USDT-TON' });
    // USDT has one network in Telegram: it is chosen with the coin, no network question.
    expect([...new Set(coinButtons(h.tg.since(mark)))]).toEqual(['r:coin:USDT', 'r:coin:TON', 'r:coin:back']);
  });

  it.each(['TON', 'USDT-TON'])('%s: the comment with the address, the ton:// link as the QR code', async (coin) => {
    const from = user(coin === 'TON' ? 9101 : 9102, 'Ton');
    const o = await rechargeViaBot(h, from, { country: 'NG', operatorId: 141, amount: '10', phone: '803 123 4567', coin });
    const story = await h.client.as(from).orderStory(o.orderId);
    if (story.next.action !== 'pay') throw new Error(`nothing to pay: ${story.next.action}`);
    const { memo, address } = story.next.pay as { memo: string; address: string };
    expect(memo).toMatch(/^topup-\d+$/);
    expect(o.caption).toContain(t.bot.payComment);
    expect(o.caption).toContain(`<code>${memo}</code>`);
    expect(o.caption).toContain(`<code>${address}</code>`);
    const view = orderMessage(t, 'en', story, NO_ORDER_LINKS);
    expect('qr' in view.media && view.media.qr).toMatch(new RegExp(`^ton://transfer/${address}\\?amount=\\d+.*&text=${memo}$`));
    const photo = h.tg.calls.filter((c) => c.method === 'sendPhoto').at(-1)!;
    const urls = (photo.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat().flatMap((b) => ('url' in b ? [b.url!] : []));
    expect(urls.join(' ')).not.toMatch(/metamask|trustwallet/i);
  });
});
