import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CANCEL_REFUSED_FUNDS_MESSAGE, displayLabel, displaySentence, utcTime, ZOrderView, ZPaymentStatus, type TPaymentCreated } from '@topup/shared';
import { orders } from '../src/db/schema';
import { signInByEmail } from './customers';
import { api, arrive, balanceCents, bot, confirmAll, logs, miniApp, newOrder, startOrderStory, story, usdt, worker } from './order-story-fixture';

/**
 * Every customer sees what arrived, where its value went, and what to do next.
 * Payments enter through the payment service as the chain watcher hands them over (record, confirm,
 * settle); deliveries run on the sandbox provider. Ethereum counts 3 confirmations here.
 * This file: the order story (point 1).
 */

startOrderStory();

async function status(order: Pick<TPaymentCreated, 'orderId' | 'orderToken'>) {
  return ZPaymentStatus.parse((await api.call('GET', `/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } })).body);
}

const owner = (order: TPaymentCreated) => ({ 'x-order-token': order.orderToken });

/** Ends the order's payment window now (the expiry job's own check reads the time). */
async function endWindow(order: TPaymentCreated) {
  await api.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, order.orderId));
}

describe('the order story: GET /api/orders/{ref}/story (point 1)', () => {
  it('explains a new order: what was asked, a timeline, what is due, and one next action (pay, with its links and deadline)', async () => {
    const order = await newOrder({ email: 'reader@mail.test' });
    const s = await story(order.paymentId, { headers: owner(order) });
    expect(s.order).toMatchObject({
      orderId: order.orderId,
      paymentId: order.paymentId,
      kind: 'recharge',
      status: 'pending_crypto_payment',
      phoneNumber: '+237671234567',
      operatorId: 53,
      operatorName: 'MTN Cameroon',
      amount: 1000,
      serviceFee: 100,
      totalAmount: 1100,
      coin: 'USDT',
      network: 'ethereum',
      networkLabel: 'Ethereum',
      walletAddress: order.walletAddress,
      expiresAt: order.expiresAt,
    });
    expect(s.display).toMatchObject({
      state: 'awaiting_payment',
      sub: null,
      coin: 'USDT',
      due: '11',
      received: '0',
      remaining: '11',
      deadline: order.expiresAt,
      credit: null,
    });
    expect(s.amounts).toEqual({
      coin: 'USDT',
      decimals: 6,
      due: { amount: '11', baseUnits: '11000000' },
      received: { amount: '0', baseUnits: '0' },
      remaining: { amount: '11', baseUnits: '11000000' },
    });
    expect(s.timeline.map((i) => i.kind)).toEqual(['created']);
    expect(s.next).toEqual({
      action: 'pay',
      pay: {
        coin: 'USDT',
        network: 'ethereum',
        networkLabel: 'Ethereum',
        address: order.walletAddress,
        memo: null,
        amount: '11',
        amountBaseUnits: '11000000',
        paymentUri: order.paymentUri,
        walletLinks: order.walletLinks,
        deadline: order.expiresAt,
      },
    });
    expect(s.support).toEqual({ orderId: order.orderId, paymentId: order.paymentId, reference: `Order #${order.orderId} (${order.paymentId})` });
    expect(s.value).toEqual({ credits: [], creditedAmount: 0, heldAmount: 0, onBalanceAmount: 0, resentAmount: 0 });
    // By its id too.
    expect((await story(order.orderId, { headers: owner(order) })).order.paymentId).toBe(order.paymentId);
  });

  it('is read by whoever may see the order: its token (header or ?token=), the customer, the Telegram user (mini-app or bot); nobody else', async () => {
    const anonymous = await newOrder();
    expect((await story(anonymous.paymentId, { token: anonymous.orderToken })).order.orderId).toBe(anonymous.orderId);
    expect((await story(anonymous.paymentId, { headers: { 'x-order-token': `other,${anonymous.orderToken}` } })).order.orderId).toBe(anonymous.orderId);

    const cookie = await signInByEmail(api, 'storyowner@mail.test');
    const signedIn = await newOrder({}, { cookie });
    expect((await story(signedIn.orderId, { headers: { cookie } })).order.orderId).toBe(signedIn.orderId);

    const fromBot = await newOrder({}, bot(771001));
    expect((await story(fromBot.orderId, { headers: bot(771001) })).order.orderId).toBe(fromBot.orderId);
    expect((await story(fromBot.orderId, { headers: miniApp(771001) })).order.orderId).toBe(fromBot.orderId);

    const stranger = await signInByEmail(api, 'storystranger@mail.test');
    const refused = [
      await api.call('GET', `/api/orders/${anonymous.paymentId}/story`),
      await api.call('GET', `/api/orders/${anonymous.paymentId}/story`, { headers: { 'x-order-token': signedIn.orderToken } }),
      await api.call('GET', `/api/orders/${anonymous.paymentId}/story?token=${anonymous.paymentId}.forged`),
      await api.call('GET', `/api/orders/${signedIn.orderId}/story`, { headers: { cookie: stranger } }),
      await api.call('GET', `/api/orders/${fromBot.orderId}/story`, { headers: bot(771002) }),
      await api.call('GET', `/api/orders/${fromBot.orderId}/story`, { headers: miniApp(771002) }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refused[0]!.body.error.code).toBe('FORBIDDEN');
    expect((await api.call('GET', '/api/orders/pay_unknownunknownunknown1/story')).status).toBe(404);
    expect((await api.call('GET', '/api/orders/424242/story', { headers: bot(771001) })).status).toBe(404);
    // The status call by id answers its owner only, and carries no secret.
    expect((await api.call('GET', `/api/payment-status/${anonymous.orderId}`)).status).toBe(403);
    const open = await api.call('GET', `/api/payment-status/${anonymous.orderId}`, { headers: owner(anonymous) });
    expect(open.status).toBe(200);
    expect(JSON.stringify(open.body)).not.toContain(anonymous.orderToken.split('.')[1]);
  });

  it('partly paid: received against due, the rest (not the whole) to pay with its own link and deadline; after the window the truth in one sentence; Cancel explains why not; the rest arrives', async () => {
    const order = await newOrder();
    const first = await arrive(order, usdt('5'));
    const partly = await status(order);
    expect(partly).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '5', remainingAmount: '6' });
    expect(partly.display).toMatchObject({ state: 'partly_paid', sub: 'in_window', due: '11', received: '5', remaining: '6' });
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(partly.display.deadline).toBe(row!.watchUntil!.toISOString());
    // The QR code and the amount asked for the full 11 USDT after 5 had arrived.
    expect(partly.toPay).toMatchObject({ amount: '6', amountBaseUnits: '6000000', address: order.walletAddress, deadline: row!.watchUntil!.toISOString() });
    expect(partly.toPay!.paymentUri).toBe(`ethereum:${order.tokenContract}@31337/transfer?address=${order.walletAddress}&uint256=6000000`);
    expect(partly.toPay!.walletLinks.metamask).toContain('uint256=6000000');
    const s = await story(order.paymentId, { headers: owner(order) });
    expect(s.next).toMatchObject({ action: 'pay_rest', pay: { amount: '6', amountBaseUnits: '6000000' } });
    expect(s.timeline.map((i) => i.kind)).toEqual(['created', 'payment_seen', 'underpaid']);
    expect(s.payments).toEqual([
      expect.objectContaining({
        coin: 'USDT',
        amount: '5',
        amountBaseUnits: '5000000',
        orderCoin: true,
        txHash: first,
        explorerUrl: null,
        confirmations: { n: 3, m: 3 },
        status: 'confirmed',
        use: null,
      }),
    ]);
    expect(s.timeline[2]!.received).toEqual({ amount: '5', baseUnits: '5000000' });

    // The window passes: the order still takes the rest, and says so (it showed "Pending Crypto Payment").
    await endWindow(order);
    await api.services.orders.expire(order.orderId);
    const after = (await status(order)).display;
    expect(after).toMatchObject({ state: 'partly_paid', sub: 'after_window' });
    expect(displaySentence(after)).toBe(
      `Underpaid: 5 of 11 USDT received; send the rest until ${utcTime(row!.watchUntil!.toISOString())} or it is credited to your balance.`,
    );
    expect(displayLabel(after)).toBe('Underpaid: send the rest');
    // The list says the same.
    const listed = (await api.call('GET', '/api/orders', { headers: owner(order) })).body.map((o: unknown) => ZOrderView.parse(o));
    expect(listed.find((o: { id: number }) => o.id === order.orderId)!.display).toEqual(after);

    // Cancel after a partial payment: a 409 whose message says why and what happens to the funds.
    const cancel = await api.call('POST', '/api/cancel-transaction', { body: { paymentId: order.paymentId, orderId: order.orderId }, headers: owner(order) });
    expect([cancel.status, cancel.body.error.code, cancel.body.message]).toEqual([409, 'INVALID_STATE', CANCEL_REFUSED_FUNDS_MESSAGE]);

    // The rest: seen (confirming 1/3), then final.
    await arrive(order, usdt('6'), { final: false });
    expect((await status(order)).display).toMatchObject({ state: 'confirming', confirmations: { n: 1, m: 3 }, received: '11', remaining: '0' });
    expect((await story(order.paymentId, { headers: owner(order) })).next).toEqual({ action: 'wait' });
    await confirmAll(order);
    const paid = await story(order.paymentId, { headers: owner(order) });
    expect(paid.display.state).toBe('paid');
    expect(paid.timeline.map((i) => i.kind)).toEqual(['created', 'payment_seen', 'underpaid', 'payment_seen', 'paid']);
    expect(paid.value.credits).toEqual([]);
  });

  it('partly paid until the watch ends: what came is credited and held for whoever signs in with the e-mail; signing in from scratch finds it on the balance', async () => {
    const email = 'short.payer@mail.test';
    const order = await newOrder({ email });
    await arrive(order, usdt('4'));
    await endWindow(order);
    await api.services.payments.closeWatch(order.orderId);
    const s = await story(order.paymentId, { token: order.orderToken });
    expect(s.display).toMatchObject({
      state: 'expired_credited',
      sub: 'held',
      received: '4',
      credit: { amount: 400, place: 'held', reasons: ['underpayment'] },
    });
    expect(s.next).toEqual({ action: 'sign_in', amount: 400, email, telegram: false });
    expect(s.value).toMatchObject({ creditedAmount: 400, heldAmount: 400, onBalanceAmount: 0 });
    expect(s.timeline.map((i) => i.kind)).toEqual(['created', 'payment_seen', 'underpaid', 'expired', 'credited']);
    expect(s.timeline[4]!.credit).toMatchObject({ reason: 'underpayment', amount: 400, place: 'held' });

    const cookie = await signInByEmail(api, email);
    expect(await balanceCents(cookie)).toBe(400);
    const claimed = await story(order.paymentId, { token: order.orderToken });
    expect(claimed.display).toMatchObject({ state: 'expired_credited', sub: 'on_balance' });
    expect(claimed.next).toEqual({ action: 'open_balance', amount: 400 });
    expect(claimed.value).toMatchObject({ heldAmount: 0, onBalanceAmount: 400 });
    expect(claimed.timeline.at(-1)).toMatchObject({ kind: 'claimed', amount: 400 });
  });

  it('a wrong coin is credited and shown on the order (and its list entry); the order still waits for its own coin', async () => {
    const order = await newOrder();
    await arrive(order, 7_000_000n, { coin: 'USDC' });
    const s = await story(order.paymentId, { headers: owner(order) });
    expect(s.display).toMatchObject({
      state: 'awaiting_payment',
      flags: { wrongCoin: true, overpaid: false },
      credit: { amount: 700, place: 'held', reasons: ['wrong_coin'] },
    });
    expect(s.payments).toEqual([expect.objectContaining({ coin: 'USDC', orderCoin: false, use: 'credited' })]);
    expect(s.timeline.map((i) => i.kind)).toEqual(['created', 'payment_seen', 'credited']);
    expect(displaySentence(s.display)).toContain('Received beyond the order: $7.00 is kept for you');
    // The window passes with none of the order's coin: expired, and the credit still says where it is.
    await endWindow(order);
    await api.services.orders.expire(order.orderId);
    const expired = await story(order.paymentId, { headers: owner(order) });
    expect(expired.display).toMatchObject({ state: 'expired', flags: { wrongCoin: true }, credit: { amount: 700 } });
    expect(expired.next).toMatchObject({ action: 'sign_in', amount: 700 });
    const listed = ZOrderView.parse((await api.call('GET', '/api/orders', { headers: owner(order) })).body[0]);
    expect(listed.display.flags.wrongCoin).toBe(true);
  });

  it('only a wrong coin arrived, confirmed or not: Cancel cancels (nothing counted toward the order) and the credit stays', async () => {
    for (const final of [true, false]) {
      const order = await newOrder();
      await arrive(order, 7_000_000n, { coin: 'USDC', final });
      const cancel = await api.call('POST', '/api/cancel-transaction', { body: { paymentId: order.paymentId }, headers: owner(order) });
      expect([cancel.status, cancel.body.status]).toEqual([200, 'cancelled']);
      if (!final) await confirmAll(order);
      const s = await story(order.paymentId, { headers: owner(order) });
      expect(s.display).toMatchObject({ state: 'cancelled', credit: { amount: 700, reasons: ['wrong_coin'] } });
      expect(s.payments).toEqual([expect.objectContaining({ coin: 'USDC', use: 'credited' })]);
    }
  });

  it('an over-payment: paid, delivered, and the excess credited (flag on the order); a customer finds it on the balance', async () => {
    const cookie = await signInByEmail(api, 'over.payer@mail.test');
    const order = await newOrder({}, { cookie });
    await arrive(order, usdt('12'));
    await worker.drain();
    const s = await story(order.orderId, { headers: { cookie } });
    expect(s.display).toMatchObject({
      state: 'completed',
      flags: { overpaid: true, wrongCoin: false },
      credit: { amount: 100, place: 'on_balance', reasons: ['overpayment'] },
    });
    expect(s.next).toMatchObject({
      action: 'new_recharge',
      recharge: { kind: 'recharge', phoneNumber: '+237671234567', operatorId: 53, countryId: 120, amount: 1000 },
    });
    expect(s.timeline.map((i) => i.kind)).toEqual(['created', 'payment_seen', 'paid', 'credited', 'submitted', 'completed']);
    expect(s.timeline.find((i) => i.kind === 'completed')!.transactionId).toMatch(/^SBX-/);
    expect(await balanceCents(cookie)).toBe(100);
  });

  it('a payment after Cancel is credited, and the cancelled order says where it went', async () => {
    const order = await newOrder();
    expect((await api.call('POST', '/api/cancel-transaction', { body: { paymentId: order.paymentId }, headers: owner(order) })).body.status).toBe('cancelled');
    await arrive(order, usdt('11'));
    const s = await story(order.paymentId, { headers: owner(order) });
    expect(s.display).toMatchObject({ state: 'cancelled', sub: 'held', credit: { amount: 1100, reasons: ['late_payment'] } });
    expect(s.timeline.map((i) => i.kind)).toEqual(['created', 'cancelled', 'payment_seen', 'credited']);
    expect(s.next.action).toBe('sign_in');
  });

  it('keeps ?token= out of the logs', async () => {
    const order = await newOrder();
    const secret = order.orderToken.split('.')[1]!;
    await story(order.paymentId, { token: order.orderToken });
    const line = logs.find((l) => typeof l.msg === 'string' && l.msg.includes(`/api/orders/${order.paymentId}/story`));
    expect(line?.msg).toContain('token=[redacted]');
    expect(JSON.stringify(logs)).not.toContain(secret);
  });
});
