import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from 'grammy/types';
import { ZOrderView } from '@topup/shared';
import { telegramMessages } from '../../api/src/db/schema';
import { startHarness, user, type Call, type Harness, texts, keyboard } from './harness';

/**
 * Adding to the balance from the chat (/balance, "➕ Add to balance"), under the Telegram surfaces'
 * default policy (TON's coins only): the order is the API's balance top-up, paid like a recharge.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ apiEnv: { TELEGRAM_NETWORKS: 'ton' } });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const sent = (calls: Call[]) => calls.find((c) => c.method === 'sendMessage' || c.method === 'sendPhoto');
const buttons = (call: Call | undefined) =>
  keyboard(call)
    .flat()
    .map((b) => ('callback_data' in b ? b.callback_data : b.text));
const dropped = (calls: Call[]) => calls.filter((c) => c.method === 'editMessageReplyMarkup').map((c) => c.payload.message_id as number);

async function ordersOf(u: User) {
  const res = await h.api.call('GET', '/api/orders', { headers: { 'x-service-token': h.api.config.botApiSecret, 'x-telegram-user-id': String(u.id) } });
  return ZOrderView.array().parse(res.body);
}

describe('adding to the balance from the bot', () => {
  it('from /balance, adds $10 in TON: amount, coin, review, then the payment message of a balance top-up, edited as it goes', async () => {
    const ida = user(9301, 'Ida');
    const balance = await h.say(ida, '/balance');
    expect(texts(balance)[0]).toContain('Your Balance: <b>$0.00</b>');
    expect(buttons(balance[0])).toEqual(['g:addbal']);

    const amount = await h.press(ida, 'g:addbal');
    const amountPrompt = sent(amount)!;
    expect(amountPrompt.payload.text).toContain('Step 1 of 3 · Add to balance');
    expect(amountPrompt.payload.text).toContain('between $5.00 and $500.00');
    // The site's amounts, those within the pricing limits (GET /api/pricing: $5-$500).
    expect(buttons(amountPrompt)).toEqual(['r:amount:1000', 'r:amount:2000', 'r:amount:5000', 'r:amount:10000']);

    const coin = await h.press(ida, 'r:amount:1000');
    // The step answered loses its buttons; the next one has its own.
    expect(dropped(coin)).toEqual([h.tg.messageWithButton('r:amount:1000', ida.id).messageId]);
    const coinPrompt = sent(coin)!;
    expect(coinPrompt.payload.text).toContain('Step 2 of 3 · Cryptocurrency');
    // Under the default policy, TON's coins only (USDT on TON alone, so no network question).
    expect(buttons(coinPrompt)).toEqual(['r:coin:USDT', 'r:coin:TON', 'r:coin:back']);

    const review = await h.press(ida, 'r:coin:TON');
    expect(dropped(review)).toHaveLength(1);
    const reviewed = sent(review)!;
    const text = reviewed.payload.text as string;
    expect(text).toContain('Step 3 of 3 · Review');
    expect(text).toContain('Added to your balance: <b>$10.00</b>');
    expect(text).toContain('Service fee: <b>$0.00</b>');
    expect(text).toContain('Total: <b>$10.00</b>');
    expect(text).toMatch(/Total in crypto: <b><code>[\d.]+<\/code> TON<\/b>/);
    expect(buttons(reviewed)).toEqual(['r:review:confirm', 'r:review:cancel']);

    const paid = await h.press(ida, 'r:review:confirm');
    expect(dropped(paid)).toHaveLength(1);
    const photo = paid.find((c) => c.method === 'sendPhoto')!;
    expect(photo).toBeDefined();
    const caption = photo.payload.caption as string;

    const [order] = await ordersOf(ida);
    expect(order).toMatchObject({
      kind: 'balance_topup',
      status: 'pending_crypto_payment',
      phoneNumber: null,
      operatorId: null,
      amount: 10,
      serviceFee: 0,
      totalAmount: 10,
      cryptocurrency: 'TON',
    });
    expect(caption).toContain(`order #${order!.id}`);
    expect(caption).toContain('💰 Balance top-up · $10.00');
    expect(caption).toContain(`<code>${order!.cryptoAmount}</code> TON`);
    expect(caption).toContain(`<code>${order!.walletAddress}</code>`);
    expect(caption).toContain('Send the exact amount on this network only.');
    expect(buttons(photo)).toEqual(expect.arrayContaining([`pay:c:${order!.id}`, `pay:x:${order!.paymentId}`]));

    // Registered with the API and followed: a status change edits this very message.
    const messageId = (photo.result as { message_id: number }).message_id;
    const [registered] = await h.api.database.db.select().from(telegramMessages).where(eq(telegramMessages.orderId, order!.id));
    expect(registered).toMatchObject({ chatId: ida.id, messageId });
    await h.setStatus(order!.id, ['confirming']);
    const mark = h.tg.calls.length;
    await h.poller.pollOnce();
    const edit = h.tg.since(mark).find((c) => c.payload.message_id === messageId && c.method !== 'editMessageReplyMarkup')!;
    expect(edit).toBeDefined();
    expect((edit.payload.caption ?? edit.payload.media?.caption) as string).toContain('💰 Balance top-up · $10.00');

    // A second Confirm on the same review: one order.
    await h.press(ida, 'r:review:confirm');
    expect(await ordersOf(ida)).toHaveLength(1);
  });

  it('refuses a typed amount out of the limits (with them) or not a number, and takes one within them', async () => {
    const jon = user(9302, 'Jon');
    await h.say(jon, '/balance');
    await h.press(jon, 'g:addbal');
    expect(texts(await h.say(jon, '4.99'))).toEqual(['Amount must be between $5.00 and $500.00.']);
    expect(texts(await h.say(jon, '$501'))).toEqual(['Amount must be between $5.00 and $500.00.']);
    expect(texts(await h.say(jon, 'lots'))).toEqual(['Please type an amount in US dollars, e.g. 12.50.']);
    expect(texts(await h.say(jon, '12,50'))[0]).toContain('Step 2 of 3');
    const review = sent(await h.press(jon, 'r:coin:USDT'))!;
    expect(review.payload.text).toContain('Added to your balance: <b>$12.50</b>');
    await h.press(jon, 'r:review:confirm');
    expect(await ordersOf(jon)).toMatchObject([{ kind: 'balance_topup', amount: 12.5, totalAmount: 12.5, cryptocurrency: 'USDT-TON' }]);
  });

  it('goes back from the coin to the amount; /cancel leaves, and its buttons then say so', async () => {
    const kim = user(9303, 'Kim');
    await h.say(kim, '/balance');
    await h.press(kim, 'g:addbal');
    await h.press(kim, 'r:amount:2000');
    const back = await h.press(kim, 'r:coin:back');
    expect(texts(back)[0]).toContain('Step 1 of 3 · Add to balance');
    await h.press(kim, 'r:amount:5000');
    expect(texts(await h.say(kim, '/cancel'))).toEqual(['Balance top-up cancelled. Send /balance to start again.']);
    const stale = await h.press(kim, 'r:coin:TON');
    expect(stale.filter((c) => c.method === 'answerCallbackQuery')[0]!.payload.text).toMatch(/no longer works/);
    expect(await ordersOf(kim)).toHaveLength(0);
  });

  it('replaces a recharge in progress, and is reviewed in the chat’s language', async () => {
    const lea = user(9304, 'Léa', 'fr');
    await h.say(lea, '/recharge');
    await h.say(lea, '/balance');
    const amount = await h.press(lea, 'g:addbal');
    expect(texts(amount)[0]).toContain('Étape 1 sur 3 · Ajouter au solde');
    await h.say(lea, '20');
    const review = sent(await h.press(lea, 'r:coin:TON'))!;
    expect(review.payload.text).toContain('Ajouté à votre solde\u00a0: <b>20,00\u00a0$US</b>');
    // The recharge's buttons are no longer live.
    const stale = await h.press(lea, /^r:country:/);
    expect(stale.filter((c) => c.method === 'answerCallbackQuery')[0]!.payload.text).toBe(
      "Ce bouton vient d'une étape précédente. Utilisez le dernier message.",
    );
    expect(stale.filter((c) => c.method === 'sendMessage')).toHaveLength(0);
  });
});
