import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { paymentIdFromStartParam } from '@topup/shared';
import { rechargeViaBot, startHarness, user, type Call, type Harness } from './harness';

/** Share and come back: an order's messages open it in the mini-app and on the site. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ orderLinks: { miniApp: 'https://t.me/TopupTestBot/app', site: 'https://topup.example' } });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const links = (call: Call | undefined) =>
  ((call?.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [])
    .flat()
    .flatMap((b) => ('url' in b && b.url ? [[b.text, b.url]] : []));

describe('order links', () => {
  it('the payment message and its later states open the order in the mini-app and on the site, in the chat’s language', async () => {
    const ana = user(6101, 'Ana', 'pt-br');
    const order = await rechargeViaBot(h, ana);
    const photo = h.tg.calls.filter((c) => c.method === 'sendPhoto').at(-1);
    // After the wallet buttons (the payment's own links), the order's.
    const orderLinks = links(photo).filter(([text]) => !text!.startsWith('👛'));
    expect(orderLinks).toEqual([
      ['Abrir no app', `https://t.me/TopupTestBot/app?startapp=order_${order.paymentId}`],
      ['Abrir no site', `https://topup.example/orders/${order.paymentId}`],
    ]);
    // The mini-app reads the order back from its start parameter.
    const startParam = new URL(orderLinks[0]![1]!).searchParams.get('startapp');
    expect(paymentIdFromStartParam(startParam)).toBe(order.paymentId);

    await h.setStatus(order.orderId, ['confirming', 'paid', 'processing', 'completed']);
    const mark = h.tg.calls.length;
    await h.poller.pollOnce();
    const edit = h.tg.since(mark).find((c) => c.method === 'editMessageMedia' || c.method === 'editMessageCaption');
    expect(links(edit).map(([, url]) => url)).toEqual([
      `https://t.me/TopupTestBot/app?startapp=order_${order.paymentId}`,
      `https://topup.example/orders/${order.paymentId}`,
    ]);
  });
});
