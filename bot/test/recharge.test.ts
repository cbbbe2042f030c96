import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InputFile } from 'grammy';
import type { User } from 'grammy/types';
import { ZOrderView } from '@topup/shared';
import { telegramMessages } from '../../api/src/db/schema';
import { CONVERSATION_STATE_VERSION, createBot } from '../src/bot';
import { BOT_INFO, BOT_TOKEN, startHarness, WEBAPP_URL, user, type Call, type Harness, texts, keyboard } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const buttons = (call: Call | undefined) =>
  keyboard(call)
    .flat()
    .map((b) => ('callback_data' in b ? b.callback_data : 'web_app' in b ? `web_app:${b.web_app?.url}` : b.text));
const answers = (calls: Call[]) => calls.filter((c) => c.method === 'answerCallbackQuery');

async function ordersOf(u: User) {
  const res = await h.api.call('GET', '/api/orders', { headers: { 'x-service-token': h.api.config.botApiSecret, 'x-telegram-user-id': String(u.id) } });
  return ZOrderView.array().parse(res.body);
}

describe('the recharge conversation', () => {
  const ada = user(5001, 'Ada', 'en', 'Lovelace');

  it('goes from /start to a payment message with a QR photo: typed country with a typo, custom amount, API-validated phone', async () => {
    const welcome = await h.say(ada, '/start');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.payload.text).toContain('Welcome, <b>Ada</b>');
    expect(buttons(welcome[0])).toEqual([`web_app:${WEBAPP_URL}`, 'g:recharge']);

    const country = await h.press(ada, 'g:recharge');
    expect(answers(country)).toHaveLength(1);
    const countryPrompt = country.find((c) => c.method === 'sendMessage')!;
    expect(countryPrompt.payload.text).toContain('Step 1 of 6');
    expect(buttons(countryPrompt)).toEqual(['US', 'MX', 'IN', 'PH', 'NG', 'BR', 'CO', 'GB'].map((c) => `r:country:${c}`));

    const operators = await h.say(ada, 'Camerun');
    expect(texts(operators)[0]).toContain('Select Operator in 🇨🇲 Cameroon');
    expect(buttons(operators[0])).toEqual(['r:operator:53', 'r:operator:54', 'r:operator:55', 'r:operator:back']);

    const amount = await h.press(ada, 'r:operator:53');
    expect(texts(amount)[0]).toContain('Choose an amount for MTN Cameroon');
    // The operator sells $1-$200; the service's own limits (GET /api/pricing) start at $5.
    expect(texts(amount)[0]).toContain('Or type a custom amount between $5.00 and $200.00.');
    expect(buttons(amount.find((c) => c.method === 'sendMessage'))).toEqual([
      ...[500, 1000, 1500, 2000, 2500, 5000].map((c) => `r:amount:${c}`),
      'r:amount:back',
    ]);

    expect(texts(await h.say(ada, '500'))).toEqual(['Amount must be between $5.00 and $200.00.']);
    expect(texts(await h.say(ada, '4.99'))).toEqual(['Amount must be between $5.00 and $200.00.']);
    expect(texts(await h.say(ada, 'ten dollars'))).toEqual(['Please type an amount in US dollars, e.g. 12.50.']);
    const phone = await h.say(ada, '$7.50');
    expect(texts(phone)[0]).toContain('Step 4 of 6');
    expect(texts(phone)[0]).toContain('<code>+237</code>');
    // A top-up of one's own phone: a reply button shares the user's number as a contact.
    expect(texts(phone)[1]).toContain('Use my own number');
    expect(phone[1]!.payload.reply_markup).toMatchObject({ keyboard: [[{ text: '📱 Use my own number', request_contact: true }]], one_time_keyboard: true });

    // The API's message, as the API says it.
    expect(texts(await h.say(ada, '123'))[0]).toContain('❌ Invalid phone number format');
    expect(texts(await h.say(ada, '+234 803 123 4567'))[0]).toContain('This phone number does not belong to the selected country');
    const chosen = await h.say(ada, '671 23 45 67');
    // The number taken is said, and the contact button goes with that message.
    expect(texts(chosen)[0]).toBe('📱 Number: <b>+237671234567</b>');
    expect(chosen[0]!.payload.reply_markup).toEqual({ remove_keyboard: true });
    const coin = chosen.slice(1);
    expect(texts(coin)[0]).toContain('Step 5 of 6');
    // The coin first (payment-choice.test.ts has the networks, their order and their fees).
    expect(buttons(coin[0])).toEqual([...['USDT', 'USDC', 'ETH', 'BNB', 'POL', 'TRX', 'TON'].map((s) => `r:coin:${s}`), 'r:coin:back']);
    const networks = (await h.press(ada, 'r:coin:USDT')).find((c) => c.method === 'sendMessage')!;
    expect(buttons(networks).sort()).toEqual(['USDT', 'USDT-BEP20', 'USDT-POLYGON', 'USDT-TON', 'USDT-TRON', 'back'].map((s) => `r:network:${s}`));

    const review = (await h.press(ada, 'r:network:USDT')).find((c) => c.method === 'sendMessage')!;
    const reviewText = review.payload.text as string;
    expect(reviewText).toContain('Review Order');
    expect(reviewText).toContain('🇨🇲 Cameroon');
    expect(reviewText).toContain('MTN Cameroon');
    expect(reviewText).toContain('<code>+237671234567</code>');
    expect(reviewText).toContain('Airtime amount: <b>$7.50</b>');
    expect(reviewText).toContain('Service fee: <b>$1.00</b>');
    expect(reviewText).toContain('Total: <b>$8.50</b>');
    expect(reviewText).toContain('Tether USDT (ERC-20)');
    expect(reviewText).toContain('<code>8.5</code> USDT');
    expect(buttons(review)).toEqual(['r:review:confirm', 'r:review:edit', 'r:review:cancel']);

    const paid = await h.press(ada, 'r:review:confirm');
    const photo = paid.find((c) => c.method === 'sendPhoto')!;
    expect(photo).toBeDefined();
    const png = Buffer.from((await (photo.payload.photo as InputFile).toRaw()) as Uint8Array);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const caption = photo.payload.caption as string;
    expect(photo.payload.parse_mode).toBe('HTML');
    expect(caption.length).toBeLessThanOrEqual(1024);

    const [order] = await ordersOf(ada);
    expect(order).toMatchObject({
      status: 'pending_crypto_payment',
      phoneNumber: '+237671234567',
      operatorId: 53,
      amount: 7.5,
      totalAmount: 8.5,
      cryptocurrency: 'USDT',
    });
    expect(caption).toContain(`order #${order!.id}`);
    expect(caption).toContain(`<code>${order!.cryptoAmount}</code> USDT`);
    expect(caption).toContain(`<code>${order!.walletAddress}</code>`);
    expect(caption).toContain('Network: <b>Ethereum · Tether USDT (ERC-20)</b>');
    // Internal transfers are found; tokens sent to the token contract are not.
    expect(caption).toContain('Send to this address, from a wallet.');
    expect(caption).toMatch(/Expires at \d\d:\d\d UTC \(6 min left\)/);
    expect(caption).toContain('Waiting for Payment...');
    expect(buttons(photo)).toEqual(['👛 Open in MetaMask', `pay:c:${order!.id}`, `pay:x:${order!.paymentId}`]);

    // The payment message is registered with the API, so status changes edit it.
    const messageId = (photo.result as { message_id: number }).message_id;
    const [registered] = await h.api.database.db.select().from(telegramMessages).where(eq(telegramMessages.orderId, order!.id));
    expect(registered).toMatchObject({ chatId: ada.id, messageId });

    // A second press on the same Confirm: a clear answer, and still one order.
    const again = await h.press(ada, 'r:review:confirm');
    expect(answers(again)).toHaveLength(1);
    expect(answers(again)[0]!.payload.text).toMatch(/no longer works/);
    expect(again.filter((c) => c.method === 'sendPhoto')).toHaveLength(0);
    expect(await ordersOf(ada)).toHaveLength(1);
  });

  it('takes a popular country button, refuses an amount a FIXED operator does not sell, and lets the review be edited and cancelled', async () => {
    const bea = user(5002, 'Bea');
    await h.say(bea, '/recharge');
    await h.press(bea, 'r:country:GB');
    const amount = await h.press(bea, 'r:operator:171');
    expect(texts(amount)[0]).toContain('Choose an amount for EE United Kingdom');
    expect(texts(amount)[0]).not.toContain('custom amount');
    expect(texts(await h.say(bea, '7'))[0]).toBe(
      'EE United Kingdom only sells these amounts: $5.00, $10.00, $15.00, $20.00, $25.00, $50.00. Choose one of the buttons.',
    );

    // A button of an earlier step while the conversation goes on: answered, the step stays.
    const stale = await h.press(bea, 'r:operator:171');
    expect(answers(stale).map((c) => c.payload.text)).toEqual(['That button is from an earlier step. Please use the latest message.']);
    expect(stale.filter((c) => c.method === 'sendMessage')).toHaveLength(0);

    // Anything but text or a button: a hint, the step stays.
    const mark = h.tg.calls.length;
    await h.send(h.updates.sticker(bea));
    expect(texts(h.tg.since(mark))).toEqual(['Please choose with the buttons of the last message, or type your answer.']);

    await h.press(bea, 'r:amount:500');
    expect(texts(await h.say(bea, '07400 123456'))).toEqual(['📱 Number: <b>+447400123456</b>', expect.stringContaining('Step 5 of 6')]);
    const review = (await h.press(bea, 'r:coin:BNB')).find((c) => c.method === 'sendMessage')!;
    expect(review.payload.text).toContain('Binance Coin (BNB)');
    expect(review.payload.text).toContain('<code>+447400123456</code>');

    const edit = await h.press(bea, 'r:review:edit');
    expect(texts(edit)).toEqual(['What do you want to change?']);
    await h.press(bea, 'r:edit:coin');
    await h.press(bea, 'r:coin:USDC');
    const reviewed = (await h.press(bea, 'r:network:USDC')).find((c) => c.method === 'sendMessage')!;
    expect(reviewed.payload.text).toContain('USD Coin (USDC)');
    expect(reviewed.payload.text).toContain('Total: <b>$6.00</b>');

    // Edit the amount: the operator stays, the amount is asked again.
    await h.press(bea, 'r:review:edit');
    const again = await h.press(bea, 'r:edit:amount');
    expect(texts(again)[0]).toContain('Choose an amount for EE United Kingdom');
    const third = (await h.press(bea, 'r:amount:1000')).find((c) => c.method === 'sendMessage')!;
    expect(third.payload.text).toContain('Total: <b>$11.00</b>');

    expect(texts(await h.press(bea, 'r:review:cancel'))).toEqual(['Recharge cancelled. Send /recharge to start again.']);
    expect(await ordersOf(bea)).toHaveLength(0);
    const after = await h.press(bea, 'r:review:confirm');
    expect(answers(after)[0]!.payload.text).toMatch(/no longer works/);
  });

  it("reviews with the server's quote: a fee changed after the amounts were shown is the fee the order is charged", async () => {
    const dee = user(5010, 'Dee');
    await h.say(dee, '/recharge');
    await h.press(dee, 'r:country:GB');
    await h.press(dee, 'r:operator:171');
    await h.press(dee, 'r:amount:500');
    await h.api.services.settings.set('pricing', { serviceFeeCents: 250, minAmountCents: 500, maxAmountCents: 50_000 });
    try {
      await h.say(dee, '07400 123456');
      await h.press(dee, 'r:coin:USDT');
      const review = (await h.press(dee, 'r:network:USDT')).find((c) => c.method === 'sendMessage')!;
      expect(review.payload.text).toContain('Service fee: <b>$2.50</b>');
      expect(review.payload.text).toContain('Total: <b>$7.50</b>');
      expect(review.payload.text).toContain('<code>7.5</code> USDT');
      await h.press(dee, 'r:review:confirm');
      expect(await ordersOf(dee)).toMatchObject([{ amount: 5, serviceFee: 2.5, totalAmount: 7.5, cryptoAmount: '7.5' }]);
    } finally {
      await h.api.services.settings.set('pricing', { serviceFeeCents: 100, minAmountCents: 500, maxAmountCents: 50_000 });
    }
  });

  it('detects country and operator from a full international number; commands work mid-way; /cancel leaves', async () => {
    const cy = user(5003, 'Cy');
    await h.say(cy, '/recharge');
    expect(texts(await h.say(cy, 'Xyzzyland'))[0]).toBe('No country found. Check the spelling, or choose below.');
    const congo = await h.say(cy, 'congo');
    expect(texts(congo)[0]).toBe('Did you mean one of these?');
    expect(buttons(congo[0])).toEqual(expect.arrayContaining(['r:country:CG', 'r:country:CD']));
    expect(texts(await h.press(cy, 'r:country:CG'))).toEqual(['No operators available for this country.', expect.stringContaining('Step 1 of 6')]);
    expect(texts(await h.say(cy, '+999 123 4567'))[0]).toContain('❌');

    const detected = await h.say(cy, '+234 803 123 4567');
    expect(texts(detected)[0]).toBe('📍 Detected: <b>🇳🇬 Nigeria</b> · MTN Nigeria');
    expect(texts(detected)[1]).toContain('Choose an amount for MTN Nigeria');

    // A command in the middle of the recharge is answered, and the recharge waits where it was.
    expect(texts(await h.say(cy, '/orders'))[0]).toContain('No orders yet');
    const coin = await h.say(cy, '12');
    expect(texts(coin)[0]).toContain('Step 5 of 6');

    expect(texts(await h.say(cy, '/cancel'))).toEqual(['Recharge cancelled. Send /recharge to start again.']);
    const stale = await h.press(cy, 'r:coin:ETH');
    expect(answers(stale)).toHaveLength(1);
    expect(answers(stale)[0]!.payload).toMatchObject({ text: expect.stringContaining('no longer works'), show_alert: true });
    expect(texts(await h.say(cy, '/cancel'))).toEqual(['There is nothing to cancel. Send /recharge to top up a phone.']);
    expect(texts(await h.say(cy, 'hello'))[0]).toContain("I didn't get that");
  });

  it("takes the buttons off a step's message once one of them answered it", async () => {
    const eve = user(5007, 'Eve');
    await h.say(eve, '/recharge');
    const country = h.tg.messageWithButton('r:country:NG', eve.id);
    const pressed = await h.press(eve, 'r:country:NG');
    const dropped = pressed.find((c) => c.method === 'editMessageReplyMarkup')!;
    expect(dropped.payload).toMatchObject({ chat_id: eve.id, message_id: country.messageId });
    expect(dropped.payload.reply_markup).toBeUndefined();
    // The next step's message has its own buttons.
    expect(texts(pressed).at(-1)).toContain('Step 2 of 6');
  });

  it('starts over on /recharge in the middle of a recharge', async () => {
    const dee = user(5004, 'Dee');
    await h.say(dee, '/recharge');
    await h.press(dee, 'r:country:US');
    const restarted = await h.say(dee, '/recharge');
    expect(texts(restarted)[0]).toContain('Step 1 of 6');
    const old = await h.press(dee, /^r:operator:/);
    expect(answers(old)[0]!.payload.text).toMatch(/earlier step|no longer works/);
  });

  it('keeps its state in the API under a version: another bot instance carries on, a new version starts clean', async () => {
    const fay = user(5005, 'Fay');
    await h.say(fay, '/recharge');
    await h.press(fay, 'r:country:MX');
    const stored = (await h.client.readSession(`conv:${fay.id}`)).value;
    expect(stored).toMatchObject({ version: [0, CONVERSATION_STATE_VERSION] });
    expect(JSON.stringify(stored).length).toBeLessThan(20_000);

    // A second instance (a restart, or another replica) with the same API goes on where the first stopped.
    const other = createBot({ token: BOT_TOKEN, api: h.client, botInfo: BOT_INFO, webAppUrl: null, supportContacts: {}, transformers: [h.tg.transformer] });
    let mark = h.tg.calls.length;
    await other.handleUpdate(h.updates.press(fay, h.tg.messageWithButton('r:operator:111', fay.id)));
    expect(h.tg.textsSince(mark)[0]).toContain('Choose an amount for Telcel Mexico');

    // After a change of the conversation code (a new version) the old state is not replayed.
    const changed = createBot({
      token: BOT_TOKEN,
      api: h.client,
      botInfo: BOT_INFO,
      webAppUrl: null,
      supportContacts: {},
      transformers: [h.tg.transformer],
      stateVersion: `${CONVERSATION_STATE_VERSION}-next`,
    });
    mark = h.tg.calls.length;
    await changed.handleUpdate(h.updates.press(fay, h.tg.messageWithButton('r:amount:1000', fay.id)));
    const answered = h.tg.since(mark);
    expect(answered.map((c) => c.method)).toEqual(['answerCallbackQuery']);
    expect(answered[0]!.payload.text).toMatch(/no longer works/);

    await h.say(fay, '/cancel');
    expect((await h.client.readSession(`conv:${fay.id}`)).value).toBeUndefined();
  });
});
