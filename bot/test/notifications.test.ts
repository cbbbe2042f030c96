import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZPaymentCreated } from '@topup/shared';
import { notifications, orders } from '../../api/src/db/schema';
import { NotificationPoller } from '../src/features/notifications';
import { SendScheduler } from '../src/throttle';
import pino from 'pino';
import { keyboard, rechargeViaBot, startHarness, user, type Call, type Harness } from './harness';

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
    .map((b) => ('callback_data' in b ? b.callback_data : b.text));

const EDITS = new Set(['editMessageCaption', 'editMessageMedia', 'editMessageText']);
/** The first edit of an order's message among `calls` (its caption, its picture with the caption, or its text). */
const edit = (calls: Call[]) => calls.find((c) => EDITS.has(c.method));
const captionOf = (call: Call | undefined) => (call?.payload.caption ?? call?.payload.media?.caption ?? call?.payload.text) as string;

async function pass() {
  const mark = h.tg.calls.length;
  const result = await h.poller.pollOnce();
  return { result, calls: h.tg.since(mark) };
}

async function undelivered(orderId: number) {
  const rows = await h.api.database.db.select().from(notifications).where(eq(notifications.orderId, orderId));
  return rows.filter((r) => r.channel === 'telegram' && r.deliveredAt === null).map((r) => r.status);
}

describe('notifications from the outbox', () => {
  const eve = user(6001, 'Eve');

  it('edits the payment message on every status change: confirming n/m, paid, completed with the transaction id; and acknowledges', async () => {
    const order = await rechargeViaBot(h, eve);

    await h.setStatus(order.orderId, ['confirming']);
    const story = await h.client.as(eve).orderStory(order.orderId);
    const status = { confirmations: story.display.confirmations!.n, requiredConfirmations: story.display.confirmations!.m };
    const confirming = await pass();
    expect(confirming.result).toMatchObject({ taken: 1, acked: 1 });
    const seen = edit(confirming.calls)!;
    expect(seen.payload).toMatchObject({ chat_id: eve.id, message_id: order.messageId });
    expect(captionOf(seen)).toContain(`confirming ${status.confirmations}/${status.requiredConfirmations}`);
    // No more "cancel" once the payment is seen, and no QR code: nothing is left to pay.
    expect(buttons(seen)).toEqual([`pay:c:${order.orderId}`, `sup:${order.orderId}`]);
    expect(seen.method).toBe('editMessageMedia');
    expect(await undelivered(order.orderId)).toEqual([]);
    expect((await pass()).result.taken).toBe(0);

    await h.setStatus(order.orderId, ['paid']);
    const paid = await pass();
    expect(captionOf(edit(paid.calls))).toContain('Payment Received - Processing Top-up...');

    await h.setStatus(order.orderId, ['processing', 'completed'], { providerTransactionId: 'RLY-778899' });
    const completed = await pass();
    expect(completed.result).toMatchObject({ taken: 2, acked: 2 });
    const edits = completed.calls.filter((c) => EDITS.has(c.method));
    expect(edits).toHaveLength(1); // two changes of one order in one batch: one edit with the latest
    expect(captionOf(edits[0])).toContain('Top-up Completed!');
    expect(captionOf(edits[0])).toContain('Transaction id: <code>RLY-778899</code>');
    expect(captionOf(edits[0])).toContain('successfully sent to +2348031234567');
    expect(buttons(edits[0])).toEqual([`g:again:${order.orderId}`, `sup:${order.orderId}`]);
    expect(await undelivered(order.orderId)).toEqual([]);
  });

  // A real failed delivery, with its credit, is in order-view.test.ts: this one has no ledger behind it.
  it('tells a failed delivery', async () => {
    const order = await rechargeViaBot(h, eve);
    await h.setStatus(order.orderId, ['confirming', 'paid', 'failed']);
    const failed = await pass();
    expect(failed.result).toMatchObject({ taken: 3, acked: 3 });
    const told = edit(failed.calls)!;
    expect(told.payload.message_id).toBe(order.messageId);
    expect(captionOf(told)).toContain('Top-up Failed');
    expect(buttons(told)).toEqual(['g:recharge', `sup:${order.orderId}`]);
  });

  it('offers a new payment on an expired one, and the button makes exactly one new order', async () => {
    const order = await rechargeViaBot(h, eve);
    await h.setStatus(order.orderId, ['payment_expired']);
    const expired = edit((await pass()).calls)!;
    expect(expired.method).toBe('editMessageMedia'); // the QR code is gone
    expect(captionOf(expired)).toContain('Payment Window Expired');
    expect(captionOf(expired)).toContain('Please create a new payment request to continue.');
    expect(buttons(expired)).toEqual([`pay:n:${order.orderId}`, `sup:${order.orderId}`]);

    const mark = h.tg.calls.length;
    const target = h.tg.messageWithButton(`pay:n:${order.orderId}`, eve.id);
    await h.send(h.updates.press(eve, target));
    await h.send(h.updates.press(eve, target)); // a double press
    const calls = h.tg.since(mark);
    const photos = calls.filter((c) => c.method === 'sendPhoto');
    // One new order, and one payment photo for it: the second press is told it is already there.
    expect(photos).toHaveLength(1);
    expect(/#(\d+)/.exec(photos[0]!.payload.caption as string)![1]).not.toBe(String(order.orderId));
    expect(calls.filter((c) => c.method === 'answerCallbackQuery').at(-1)!.payload.text).toBe('The new payment is already in the chat, below.');
  });

  it('cancels an unpaid payment from its message', async () => {
    const order = await rechargeViaBot(h, eve);
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(eve, h.tg.messageWithButton(`pay:x:${order.paymentId}`, eve.id)));
    const calls = h.tg.since(mark);
    expect(calls.find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe('Payment cancelled.');
    const cancelled = edit(calls)!;
    expect(cancelled.method).toBe('editMessageMedia'); // no QR code left to scan
    expect(captionOf(cancelled)).toContain('Payment cancelled');
    const [row] = await h.api.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('cancelled');
  });

  it("refuses another user's press of the cancel button (the API checks who made the order)", async () => {
    const order = await rechargeViaBot(h, eve);
    const mallory = user(6003, 'Mallory');
    await h.send(h.updates.text(mallory, '/start'));
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(mallory, h.tg.messageWithButton(`pay:x:${order.paymentId}`, eve.id)));
    const answer = h.tg.since(mark).find((c) => c.method === 'answerCallbackQuery')!;
    expect(answer.payload).toMatchObject({ show_alert: true, text: expect.stringContaining('Cannot cancel: Only whoever made this order') });
    const [row] = await h.api.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('pending_crypto_payment');
  });

  it('sends a new message for an order the bot never showed (e.g. made in the mini-app), then edits that text', async () => {
    const zoe = user(6002, 'Zoe');
    await h.send(h.updates.text(zoe, '/start')); // the chat exists
    const created = await h.api.call('POST', '/api/crypto-payment', {
      headers: { 'x-service-token': h.api.config.botApiSecret, 'x-telegram-user-id': String(zoe.id) },
      body: { amount: '10', phoneNumber: '+2348031234567', operatorId: 141, countryId: 566, cryptoCurrency: 'USDC' },
    });
    const payment = ZPaymentCreated.parse(created.body);
    await h.setStatus(payment.orderId, ['confirming']);
    const first = await pass();
    const sent = first.calls.find((c) => c.method === 'sendMessage')!;
    expect(sent.payload.chat_id).toBe(zoe.id);
    expect(sent.payload.text).toContain(`#${payment.orderId}`);
    await h.setStatus(payment.orderId, ['paid']);
    const second = await pass();
    // A text it sent itself: edited as text at once (no caption edit tried first).
    expect(second.calls.map((c) => c.method)).toEqual(['editMessageText']);
    expect(second.calls[0]!.payload.message_id).toBe((sent.result as { message_id: number }).message_id);
    expect(second.result.acked).toBe(1);

    // It shows in the same history as the bot's orders.
    const mark = h.tg.calls.length;
    await h.send(h.updates.text(zoe, '/orders'));
    expect(h.tg.since(mark)[0]!.payload.text).toContain(`start=order_${payment.orderId}`);
  });

  it("edits a text message as text even when the order's story cannot be read (the notification alone is shown)", async () => {
    const abe = user(6005, 'Abe');
    await h.send(h.updates.text(abe, '/start'));
    const created = await h.api.call('POST', '/api/crypto-payment', {
      headers: { 'x-service-token': h.api.config.botApiSecret, 'x-telegram-user-id': String(abe.id) },
      body: { amount: '10', phoneNumber: '+2348031234567', operatorId: 141, countryId: 566, cryptoCurrency: 'USDC' },
    });
    const payment = ZPaymentCreated.parse(created.body);
    await h.setStatus(payment.orderId, ['confirming']);
    expect((await pass()).calls.map((c) => c.method)).toContain('sendMessage');
    await h.setStatus(payment.orderId, ['paid']);
    await h.poller.watchOnce(); // drawn from the story before its notification comes
    const noStory = vi
      .spyOn(h.client, 'as')
      .mockReturnValueOnce({ orderStory: () => Promise.reject(new Error('API down')) } as unknown as ReturnType<typeof h.client.as>);
    const mark = h.tg.calls.length;
    await h.poller.pollOnce();
    expect(noStory).toHaveBeenCalled();
    noStory.mockRestore();
    const edits = h.tg.since(mark).filter((c) => EDITS.has(c.method));
    expect(edits.map((c) => c.method)).toEqual(['editMessageText']);
    expect(captionOf(edits[0])).toContain('Payment Received');
    // Once the story can be read again, the message is drawn from it again (the notification's version is not the story's).
    const again = h.tg.calls.length;
    await h.poller.watchOnce();
    expect(
      h.tg
        .since(again)
        .filter((c) => EDITS.has(c.method) && c.payload.message_id === edits[0]!.payload.message_id)
        .map((c) => c.method),
    ).toEqual(['editMessageText']);
  });

  it('acknowledges a notification for a user who blocked the bot, and keeps one Telegram could not take', async () => {
    const ivy = user(6003, 'Ivy');
    const blocked = await rechargeViaBot(h, ivy);
    await h.setStatus(blocked.orderId, ['confirming']);
    h.tg.failNext('editMessageMedia', { error_code: 403, description: 'Forbidden: bot was blocked by the user' }, ivy.id);
    const first = await pass();
    expect(first.result).toMatchObject({ taken: 1, acked: 1, outcomes: { undeliverable: 1 } });
    expect(await undelivered(blocked.orderId)).toEqual([]);

    await h.setStatus(blocked.orderId, ['paid']);
    h.tg.failNext('editMessageMedia', { error_code: 429, description: 'Too Many Requests: retry after 30', parameters: { retry_after: 30 } }, ivy.id);
    const second = await pass();
    expect(second.result).toMatchObject({ taken: 1, acked: 0, outcomes: { retry: 1 } });
    expect(await undelivered(blocked.orderId)).toEqual(['paid']); // back after its lease
  });

  it('speaks the language of the chat', async () => {
    const leo = user(6004, 'Léo', 'fr');
    const order = await rechargeViaBot(h, leo);
    expect(order.caption).toContain('Effectuez le paiement');
    await h.setStatus(order.orderId, ['confirming', 'paid']);
    expect(captionOf(edit((await pass()).calls))).toContain('Paiement reçu - recharge en cours...');
  });

  it("delivers a support answer from the admin console as a message of its own, escaped, in the chat's language", async () => {
    const sam = user(6006, 'Sam', 'fr');
    const asSam = { 'x-service-token': h.api.config.botApiSecret, 'x-telegram-user-id': String(sam.id) };
    expect((await h.api.call('POST', '/api/support/messages', { body: { text: 'Ma recharge ?' }, headers: asSam })).status).toBe(201);
    const token = (await h.api.call('POST', '/api/admin/login', { body: { email: h.api.config.admin.email, password: h.api.config.admin.password } })).body
      .token;
    const admin = { 'x-admin-token': token };
    const [thread] = (await h.api.call('GET', '/api/admin/support/threads', { headers: admin })).body;
    // The chat's language is known once Sam has written to the bot.
    await h.send(h.updates.text(sam, '/help'));
    const reply = await h.api.call('POST', `/api/admin/support/threads/${thread.id}/reply`, {
      body: { text: 'Livrée à 10h02 <script>x</script>' },
      headers: admin,
    });
    expect(reply.body.replyTo).toEqual({ channel: 'telegram' });

    const delivered = await pass();
    expect(delivered.result).toMatchObject({ taken: 1, acked: 1, outcomes: { delivered: 1 } });
    const [message] = delivered.calls.filter((c) => c.method === 'sendMessage');
    expect(message!.payload).toMatchObject({ chat_id: sam.id, parse_mode: 'HTML' });
    expect(message!.payload.text).toContain('Réponse du support');
    expect(message!.payload.text).toContain('Livrée à 10h02 &lt;script&gt;x&lt;/script&gt;');
    expect((await pass()).result.taken).toBe(0);
  });

  it('spaces the messages of one chat by a second (Telegram: about 1 message per second per chat)', async () => {
    const max = user(6005, 'Max');
    const a = await rechargeViaBot(h, max);
    const b = await rechargeViaBot(h, max);
    await h.setStatus(a.orderId, ['confirming']);
    await h.setStatus(b.orderId, ['confirming']);
    const poller = new NotificationPoller({ api: h.client, telegram: h.bot.api, log: pino({ level: 'silent' }), scheduler: new SendScheduler() });
    const mark = h.tg.calls.length;
    await poller.pollOnce();
    const edits = h.tg.since(mark).filter((c) => EDITS.has(c.method));
    expect(edits).toHaveLength(2);
    // A second between the two sends; measured where they arrive, so a loaded machine's transit may eat some of it.
    expect(edits[1]!.at - edits[0]!.at).toBeGreaterThanOrEqual(800);
  });
});
