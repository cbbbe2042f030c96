import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from 'grammy/types';
import { chainBlocks, notifications, orders } from '../../api/src/db/schema';
import type { JobWorker } from '../../api/src/jobs/queue';
import { deliveryWorker } from '../../api/test/delivery-helpers';
import pino from 'pino';
import { InputFile } from 'grammy';
import { NotificationPoller } from '../src/features/notifications';
import { OrderMessages } from '../src/order-messages';
import { catalogFor, LOCALE_CODES } from '@topup/shared';
import { chooseCoin, rechargeViaBot, startHarness, user, type Call, type Harness, keyboard } from './harness';

/**
 * In the chat: the order's one message tells what arrived, what is left (with a QR code and
 * wallet buttons for the rest only), the confirmations as they count, and where value went, through the
 * paths off the happy one. Payments enter as the chain watcher hands them over (record, confirm,
 * settle: api/test/order-story.db.test.ts does the same); Ethereum counts 3 confirmations here.
 */

let h: Harness;
let worker: JobWorker;
beforeAll(async () => {
  h = await startHarness({ apiEnv: { ETHEREUM_CONFIRMATIONS: '3' } });
  worker = deliveryWorker(h.api);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const t = catalogFor('en');
const EDITS = new Set(['editMessageCaption', 'editMessageMedia', 'editMessageText']);
const captionOf = (c: Call | undefined) => (c?.payload.caption ?? c?.payload.media?.caption ?? c?.payload.text ?? '') as string;
const buttonsOf = (c: Call | undefined) =>
  keyboard(c)
    .flat()
    .map((b) => ('callback_data' in b ? b.callback_data! : 'url' in b ? b.url! : b.text));

/** The edits of the order's message since `mark`. */
function editsOf(mark: number, messageId: number): Call[] {
  return h.tg.since(mark).filter((c) => EDITS.has(c.method) && c.payload.message_id === messageId);
}

/** What the chat shows after the outbox is delivered and the open messages are read again: the message's last edit. */
async function refresh(messageId: number): Promise<Call[]> {
  const mark = h.tg.calls.length;
  await h.poller.pollOnce();
  await h.poller.watchOnce();
  return editsOf(mark, messageId);
}

const order = async (from: User, phone = '803 123 4567') => {
  const o = await rechargeViaBot(h, from, { country: 'NG', operatorId: 141, amount: '10', phone, coin: 'USDT' });
  const story = await h.client.as(from).orderStory(o.orderId);
  return { ...o, address: story.order.walletAddress! };
};

let nextBlock = 5000;
/** A transfer to the order's address, seen in a block of its own and settled; unless `final: false`, confirmed by later blocks. */
async function arrive(o: { orderId: number; address: string }, units: bigint, opts: { coin?: string; final?: boolean } = {}): Promise<void> {
  const coin = h.api.config.registry.requireCoin(opts.coin ?? 'USDT');
  const number = nextBlock++;
  const hash = `0x${number.toString(16).padStart(64, '0')}`;
  await h.api.database.db.transaction(async (tx) => {
    await tx.insert(chainBlocks).values({ network: coin.network, number, hash, parentHash: hash }).onConflictDoNothing();
    const txHash = `0x${crypto.randomBytes(32).toString('hex')}`;
    await h.api.services.payments.record(tx, [
      {
        orderId: o.orderId,
        network: coin.network,
        chainId: h.api.config.networks[coin.network]!.chainId,
        txHash,
        logIndex: 0,
        blockNumber: number,
        blockHash: hash,
        blockTime: new Date(),
        from: null,
        to: o.address,
        coin: coin.symbol,
        amount: units,
      },
    ]);
    await h.api.services.payments.confirm(tx, coin.network, number, number - 1);
  });
  await h.api.services.payments.settle(o.orderId);
  if (opts.final !== false) await blocks(o.orderId, 10);
}

/** `count` more blocks on Ethereum: the payments waiting there count them. */
async function blocks(orderId: number, count: number) {
  nextBlock += count;
  await h.api.database.db.transaction((tx) => h.api.services.payments.confirm(tx, 'ethereum', nextBlock - 1, nextBlock - 4));
  await h.api.services.payments.settle(orderId);
}

const usdt = (n: number) => BigInt(n * 1e6);

async function endWindow(orderId: number) {
  await h.api.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
  await h.api.services.orders.expire(orderId);
}

async function balance(from: User): Promise<number> {
  return (await h.client.as(from).balance()).balance;
}

describe("the order's message through the off-path cases", () => {
  it('partly paid: the rest with its own QR and wallet link, Cancel refused with why; the rest arrives and the confirmations count 1/3, 2/3; delivered, Top up again', async () => {
    const ana = user(8101, 'Ana');
    const o = await order(ana);
    await arrive(o, usdt(5));
    const [partly] = await refresh(o.messageId);
    // Not a status change: found by reading the story again; the picture is now the QR code of the rest.
    expect(partly!.method).toBe('editMessageMedia');
    expect(captionOf(partly)).toMatch(/Underpaid: 5 of 11 USDT received; send the rest until \d\d:\d\d( [AP]M)? UTC or it is credited to your balance\./);
    expect(captionOf(partly)).toContain('Send the rest:\n<code>6</code> USDT');
    expect(buttonsOf(partly).find((b) => b.startsWith('https://link.metamask.io/'))).toContain('uint256=6000000');
    expect(buttonsOf(partly)).toContain(`pay:c:${o.orderId}`);
    expect(buttonsOf(partly)).not.toContain(`pay:x:${o.paymentId}`);
    // Nothing new: nothing edited.
    expect(await refresh(o.messageId)).toEqual([]);

    // Cancel from the first keyboard (still in the chat): refused, with why and what happens to the funds.
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(ana, { messageId: o.messageId, data: `pay:x:${o.paymentId}`, kind: 'photo' }));
    const answer = h.tg.since(mark).find((c) => c.method === 'answerCallbackQuery')!;
    // Said once, whole (an alert holds 200 characters).
    expect(answer.payload).toMatchObject({ show_alert: true, text: t.bot.cancelRefusedFunds });
    const [row] = await h.api.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.orderId));
    expect(row!.status).toBe('pending_crypto_payment');

    await arrive(o, usdt(6), { final: false });
    const seen = (await refresh(o.messageId)).at(-1);
    expect(captionOf(seen)).toContain('Payment seen: confirming 1/3');
    expect(seen!.method).toBe('editMessageMedia'); // nothing left to pay: no QR code
    // The counter moves without a status change (it was frozen at its first value).
    await h.api.database.db.transaction((tx) => h.api.services.payments.confirm(tx, 'ethereum', nextBlock, nextBlock - 5));
    nextBlock++;
    expect(captionOf((await refresh(o.messageId)).at(-1))).toContain('confirming 2/3');
    // "Check payment" shows the same, on demand.
    const check = h.tg.calls.length;
    await h.send(h.updates.press(ana, h.tg.messageWithButton(`pay:c:${o.orderId}`, ana.id)));
    expect(h.tg.since(check).find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe('Status: Confirming');

    await blocks(o.orderId, 5);
    await worker.drain();
    const done = (await refresh(o.messageId)).at(-1);
    expect(captionOf(done)).toContain('Top-up Completed!');
    expect(captionOf(done)).not.toContain('Received');
    expect(buttonsOf(done)).toEqual([`g:again:${o.orderId}`, `sup:${o.orderId}`]);
  });

  it('partly paid, then the window passes: the rest is still asked, until the watch ends; then what came is on the balance, to the cent', async () => {
    const ben = user(8102, 'Ben');
    const o = await order(ben);
    await arrive(o, usdt(4));
    await refresh(o.messageId);
    await endWindow(o.orderId);
    const after = (await refresh(o.messageId)).at(-1);
    expect(captionOf(after ?? h.tg.last('editMessageMedia'))).toMatch(/Underpaid: 4 of 11 USDT received; send the rest until/);
    await h.api.services.payments.closeWatch(o.orderId);
    const credited = (await refresh(o.messageId)).at(-1)!;
    expect(credited.method).toBe('editMessageMedia'); // the QR code of the rest is gone
    expect(captionOf(credited)).toContain('Payment Window Expired');
    expect(captionOf(credited)).toContain('$4.00 was credited to your balance (/balance): less than the amount due arrived.');
    expect(buttonsOf(credited)).toContain('g:balance');
    expect(buttonsOf(credited).some((b) => b.startsWith('https://'))).toBe(false);
    expect(await balance(ben)).toBe(400);
  });

  it('a wrong coin: credited and said on the order, which still waits for its own coin', async () => {
    const cai = user(8103, 'Cai');
    const o = await order(cai);
    await arrive(o, 7_000_000n, { coin: 'USDC' });
    const [told] = await refresh(o.messageId);
    expect(captionOf(told)).toContain('$7.00 was credited to your balance (/balance): another coin was sent to the address.');
    expect(captionOf(told)).toContain('Waiting for Payment');
    expect(captionOf(told)).toContain('Send exactly:\n<code>11</code> USDT');
    expect(buttonsOf(told)).toContain(`pay:x:${o.paymentId}`);
    expect(await balance(cai)).toBe(700);
  });

  it('a late payment: expired (no QR code left), then the payment arrives after the window and the message follows it', async () => {
    const dee = user(8104, 'Dee');
    const o = await order(dee);
    await endWindow(o.orderId);
    const expired = (await refresh(o.messageId)).at(-1)!;
    expect(expired.method).toBe('editMessageMedia');
    expect(captionOf(expired)).toContain('Payment Window Expired');
    expect(buttonsOf(expired)).toContain(`pay:n:${o.orderId}`);
    // At an unchanged price a late payment still pays the order (at a changed price it is credited: the
    // message then says so, as for a cancelled order below); the message follows, without the renew button.
    await arrive(o, usdt(11));
    const late = (await refresh(o.messageId)).at(-1);
    expect(captionOf(late)).toContain('Payment Received - Processing Top-up...');
    expect(captionOf(late)).toContain('Received 11 of 11 USDT.');
    expect(await balance(dee)).toBe(0);
    expect(buttonsOf(late)).not.toContain(`pay:n:${o.orderId}`);
  });

  it('a failed delivery: the message says it failed and the payment is on the balance, to the cent', async () => {
    const eli = user(8105, 'Eli');
    const o = await order(eli, '803 123 0001');
    await arrive(o, usdt(11));
    await worker.drain();
    const failed = (await refresh(o.messageId)).at(-1)!;
    expect(captionOf(failed)).toContain('Top-up Failed');
    expect(captionOf(failed)).toContain('$11.00 has been credited to your balance (/balance)');
    expect(buttonsOf(failed)).toEqual(expect.arrayContaining(['g:recharge', 'g:balance', `sup:${o.orderId}`]));
    expect(await balance(eli)).toBe(1100);
    // Contact support: the contacts and the order's reference.
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(eli, h.tg.messageWithButton(`sup:${o.orderId}`, eli.id)));
    const reply = h.tg.since(mark).find((c) => c.method === 'sendMessage')!;
    expect(reply.payload.text).toContain('support@topup.example');
    expect(reply.payload.text).toContain(`<code>Order #${o.orderId} (${o.paymentId})</code>`);
  });

  it('cancel before any payment: cancelled, the QR code replaced; a payment after it is credited and said', async () => {
    const fay = user(8106, 'Fay');
    const o = await order(fay);
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(fay, h.tg.messageWithButton(`pay:x:${o.paymentId}`, fay.id)));
    const cancelled = editsOf(mark, o.messageId).at(-1)!;
    expect(cancelled.method).toBe('editMessageMedia');
    expect(captionOf(cancelled)).toContain('Payment cancelled');
    await arrive(o, usdt(11));
    const credited = (await h.client.as(fay).orderStory(o.orderId)).value.creditedAmount;
    expect(credited).toBe(1100);
    const check = h.tg.calls.length;
    await h.send(h.updates.press(fay, { messageId: o.messageId, data: `pay:c:${o.orderId}`, kind: 'photo' }));
    expect(captionOf(editsOf(check, o.messageId).at(-1))).toContain('$11.00 was credited to your balance (/balance): the payment arrived after the window.');
  });
});

describe('paying in the chat', () => {
  it('the balance pays a recharge: offered on the review when it covers the total; the order message follows the delivery', async () => {
    const gus = user(8107, 'Gus');
    const failed = await order(gus, '803 123 0001');
    await arrive(failed, usdt(11));
    await worker.drain();
    expect(await balance(gus)).toBe(1100);

    await h.send(h.updates.text(gus, '/recharge'));
    await h.press(gus, 'r:country:NG');
    await h.press(gus, 'r:operator:141');
    await h.send(h.updates.text(gus, '5'));
    await h.send(h.updates.text(gus, '803 123 4567'));
    await chooseCoin(h, gus, 'USDT');
    const review = h.tg.messageWithButton('r:review:balance', gus.id);
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(gus, review));
    const paid = h.tg.since(mark).find((c) => c.method === 'sendMessage')!;
    expect(paid.payload.text).toContain('Paid from your balance; $5.00 left on it.');
    expect(h.tg.since(mark).some((c) => c.method === 'sendPhoto')).toBe(false);
    expect(await balance(gus)).toBe(500);
    const orderId = Number(/Order #(\d+)/.exec(paid.payload.text as string)![1]);
    await worker.drain();
    const done = (await refresh((paid.result as { message_id: number }).message_id)).at(-1);
    expect(captionOf(done)).toContain('Top-up Completed!');
    expect(buttonsOf(done)).toContain(`g:again:${orderId}`);
  });

  it('the operator the number belongs to is offered when another was chosen; switching makes the order with it', async () => {
    const hal = user(8108, 'Hal');
    const other = (await h.client.operators('NG')).find((op) => op.operatorId !== 141)!;
    await h.send(h.updates.text(hal, '/recharge'));
    await h.press(hal, 'r:country:NG');
    await h.press(hal, `r:operator:${other.operatorId}`);
    await h.press(hal, /^r:amount:\d+$/);
    await h.send(h.updates.text(hal, '803 123 4567'));
    await chooseCoin(h, hal, 'USDT');
    const mark = h.tg.calls.length;
    await h.press(hal, 'r:review:confirm');
    const offer = h.tg.since(mark).find((c) => c.method === 'sendMessage')!;
    expect(offer.payload.text).toContain(`This number belongs to <b>MTN Nigeria</b>, not ${other.name}`);
    expect(buttonsOf(offer)).toEqual(['r:mismatch:switch', 'r:mismatch:keep']);
    await h.press(hal, 'r:mismatch:switch');
    await h.press(hal, /^r:amount:\d+$/);
    const pay = h.tg.calls.length;
    await h.press(hal, 'r:review:confirm');
    const photo = h.tg.since(pay).find((c) => c.method === 'sendPhoto')!;
    expect(photo.payload.caption).toContain('MTN Nigeria');
  });
});

describe('a restarted bot', () => {
  it('watches the open order messages again: a partial payment after the restart edits the message; a completed order is left alone', async () => {
    const eva = user(8201, 'Eva');
    const open = await order(eva);
    const done = await order(eva, '803 765 4321');
    await h.setStatus(done.orderId, ['confirming', 'paid', 'processing', 'completed']);

    // A new process: its own memory of messages (empty) and its own poller, as after a restart.
    const orderMessages = new OrderMessages({ api: h.client, log: pino({ level: 'silent' }), links: { miniApp: null, site: null } });
    const poller = new NotificationPoller({ api: h.client, telegram: h.bot.api, log: pino({ level: 'silent' }), orderMessages });
    expect(await orderMessages.resume()).toBeGreaterThanOrEqual(1);
    expect(orderMessages.messageOf(open.orderId)).toEqual({ chatId: eva.id, messageId: open.messageId });
    expect(orderMessages.messageOf(done.orderId)).toBeNull();

    // Nothing paid yet: the picture is the QR code it was sent with; only the caption is drawn again.
    const first = h.tg.calls.length;
    await poller.watchOnce();
    expect(editsOf(first, open.messageId).map((c) => c.method)).toEqual(['editMessageCaption']);

    await arrive(open, usdt(5));
    const mark = h.tg.calls.length;
    await poller.watchOnce();
    const [partly] = editsOf(mark, open.messageId);
    expect(captionOf(partly)).toContain('Send the rest:\n<code>6</code> USDT');
  });
});

describe('the payment message while a payment is expected', () => {
  /** The lines that keep a payment safe: the exact amount on this network only, never to the token contract. */
  const safe = (caption: string, locale: 'en' | 'fr' = 'en') => {
    const tr = catalogFor(locale);
    return caption.includes(tr.bot.payImportant) && caption.includes(tr.bot.payFromWallet);
  };

  it('keeps its safety lines in every version: sent, after a wrong coin, on Check payment, after a partial payment, after a restart', async () => {
    for (const [locale, from] of [
      ['en', user(8301, 'Ivy')],
      ['fr', user(8302, 'Jo', 'fr')],
    ] as const) {
      const o = await order(from);
      expect(safe(o.caption, locale)).toBe(true);
      const mark = h.tg.calls.length;
      await arrive(o, 7_000_000n, { coin: 'USDC' });
      await refresh(o.messageId);
      await h.send(h.updates.press(from, { messageId: o.messageId, data: `pay:c:${o.orderId}`, kind: 'photo' }));
      await arrive(o, usdt(5));
      await refresh(o.messageId);
      const restarted = new OrderMessages({ api: h.client, log: pino({ level: 'silent' }), links: { miniApp: null, site: null } });
      await restarted.resume();
      await restarted.watchOnce(h.bot.api, async () => locale);
      const edits = editsOf(mark, o.messageId);
      expect(edits.length).toBeGreaterThanOrEqual(3);
      for (const edit of edits) {
        expect(safe(captionOf(edit), locale)).toBe(true);
        // A photo's caption holds 1024 characters.
        expect(captionOf(edit).length).toBeLessThanOrEqual(1024);
      }
      expect(captionOf(edits.at(-1))).toContain(catalogFor(locale).bot.payRest);
    }
  });

  it('counts the time left down as it passes', async () => {
    const liv = user(8304, 'Liv');
    const o = await order(liv);
    expect(o.caption).toContain('(6 min left)');
    await h.api.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() + 150_000) })
      .where(eq(orders.id, o.orderId));
    const mark = h.tg.calls.length;
    await h.poller.watchOnce();
    expect(captionOf(editsOf(mark, o.messageId).at(-1))).toContain('(3 min left)');
  });

  it('drops them once nothing is to be sent', async () => {
    const kim = user(8303, 'Kim');
    const o = await order(kim);
    await arrive(o, usdt(11), { final: false });
    const seen = (await refresh(o.messageId)).at(-1);
    expect(captionOf(seen)).toContain('confirming');
    expect(safe(captionOf(seen))).toBe(false);
  });
});

describe('Cancel after a payment in another coin', () => {
  it('cancels the order, for nothing counted toward it; the other coin stays on the balance', async () => {
    const lou = user(8311, 'Lou');
    const o = await order(lou);
    await arrive(o, 7_000_000n, { coin: 'USDC' });
    await refresh(o.messageId);
    const mark = h.tg.calls.length;
    await h.send(h.updates.press(lou, h.tg.messageWithButton(`pay:x:${o.paymentId}`, lou.id)));
    expect(h.tg.since(mark).find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe(t.bot.paymentCancelled);
    const cancelled = editsOf(mark, o.messageId).at(-1)!;
    expect(captionOf(cancelled)).toContain('Payment cancelled');
    expect(captionOf(cancelled)).toContain('$7.00 was credited to your balance (/balance): another coin was sent to the address.');
    expect(await balance(lou)).toBe(700);
  });

  it('every language says why a paid order cannot be cancelled in one alert, whole', () => {
    for (const locale of LOCALE_CODES) {
      const tr = catalogFor(locale);
      for (const text of [tr.bot.cancelRefusedFunds, tr.bot.cancelRefusedPaid]) expect(text.length).toBeLessThanOrEqual(200);
    }
  });
});

describe('/start order_<paymentId> (the "Open in Telegram" links of the site and the mini-app)', () => {
  it("shows the order, kept up to date; another user's order is not found", async () => {
    const max = user(8321, 'Max');
    // Made outside the chat (as in the mini-app): the chat has no message of it yet.
    const ng = (await h.client.countries()).find((c) => c.code === 'NG')!;
    const payment = await h.client
      .as(max)
      .createPayment(
        { amountCents: 1000, phoneNumber: '8031234567', operatorId: 141, countryId: ng.id, cryptoCurrency: 'USDT', locale: 'en' },
        'tg-start-link',
      );
    const o = { orderId: payment.orderId, address: payment.walletAddress };
    const mark = h.tg.calls.length;
    await h.send(h.updates.text(max, `/start order_${payment.paymentId}`));
    const shown = h.tg.since(mark).find((c) => c.method === 'sendMessage')!;
    expect(shown.payload.text).toContain(`order #${o.orderId}`);
    expect(shown.payload.text).toContain('Send exactly:');
    expect(shown.payload.text).toContain(t.bot.payImportant);
    const messageId = (shown.result as { message_id: number }).message_id;
    await arrive(o, usdt(5));
    const watched = h.tg.calls.length;
    await h.poller.watchOnce();
    expect(captionOf(editsOf(watched, messageId).at(-1))).toContain('Send the rest:');
    // A text message: its text is edited, never first tried as a caption.
    expect(h.tg.since(watched).some((c) => c.method === 'editMessageCaption' && c.payload.message_id === messageId)).toBe(false);

    const ned = user(8322, 'Ned');
    const other = h.tg.calls.length;
    await h.send(h.updates.text(ned, `/start order_${payment.paymentId}`));
    expect(h.tg.textsSince(other)).toEqual([t.bot.orderNotFound]);
  });
});

describe('Bot API calls: none spent twice on the same thing', () => {
  const restart = () => new OrderMessages({ api: h.client, log: pino({ level: 'silent' }), links: { miniApp: null, site: null } });

  it('a failed order: its picture changes once; the failure delivered again (at least once) changes nothing', async () => {
    const pia = user(8401, 'Pia');
    const o = await order(pia, '803 123 0001');
    await arrive(o, usdt(11));
    await worker.drain();
    expect((await refresh(o.messageId)).map((c) => c.method)).toEqual(['editMessageMedia']);
    // Telegram took the edit but the acknowledgement was lost: the outbox hands the notifications over again.
    await h.api.database.db.update(notifications).set({ deliveredAt: null, leasedUntil: null }).where(eq(notifications.orderId, o.orderId));
    expect(await refresh(o.messageId)).toEqual([]);
  });

  it('a restart with open orders uploads no QR code again, and one status picture for all the orders showing it', async () => {
    const quinn = user(8402, 'Quinn');
    const waiting = [await order(quinn, '803 123 4001'), await order(quinn, '803 123 4002')];
    const confirming = [await order(quinn, '803 123 4003'), await order(quinn, '803 123 4004')];
    for (const o of confirming) await arrive(o, usdt(11), { final: false });
    const restarted = restart();
    await restarted.resume();
    const mark = h.tg.calls.length;
    await restarted.watchOnce(h.bot.api, async () => 'en');
    for (const o of waiting) expect(editsOf(mark, o.messageId).map((c) => c.method)).toEqual(['editMessageCaption']);
    // What the confirming ones show is not known after the restart: their picture is set, the same square uploaded once at most.
    for (const o of confirming) expect(editsOf(mark, o.messageId).map((c) => c.method)).toEqual(['editMessageMedia']);
    const uploaded = confirming.filter((o) => editsOf(mark, o.messageId)[0]!.payload.media.media instanceof InputFile);
    expect(uploaded.length).toBeLessThanOrEqual(1);
  });

  it('a text message is edited as text: after a restart, once it is found to be one, never again tried as a photo', async () => {
    const rae = user(8403, 'Rae');
    // The QR code could not be sent: the order is shown as text.
    h.tg.failNext('sendPhoto', { error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' }, rae.id);
    const o = await order(rae);
    const { messageId } = h.tg.messageWithButton(`pay:c:${o.orderId}`, rae.id);
    const restarted = restart();
    await restarted.resume();
    await restarted.watchOnce(h.bot.api, async () => 'en');
    await arrive(o, 7_000_000n, { coin: 'USDC' });
    const later = h.tg.calls.length;
    await restarted.watchOnce(h.bot.api, async () => 'en');
    await arrive(o, usdt(5));
    await restarted.watchOnce(h.bot.api, async () => 'en');
    expect(editsOf(later, messageId).map((c) => c.method)).toEqual(['editMessageText', 'editMessageText']);
  });
});
