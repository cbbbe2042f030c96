import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZBalance, ZOpenOrder } from '@topup/shared';
import { emailCodeSends, ledgerEntries, notifications, orders } from '../src/db/schema';
import { adminToken } from './harness';
import { signInByEmail } from './customers';
import { ledgerOf, mailsTo, markPaid, orderRow } from './delivery-helpers';
import { api, arrive, balanceCents, bot, miniApp, newOrder, startOrderStory, story, usdt, worker } from './order-story-fixture';

/**
 * Every customer sees what arrived, where its value went, and what to do next.
 * Payments enter through the payment service as the chain watcher hands them over (record, confirm,
 * settle); deliveries run on the sandbox provider. Ethereum counts 3 confirmations here.
 * This file: credits reach the person who paid (point 4), a payment in progress survives the browser (point 2).
 */

startOrderStory();

/** Sign-in codes go out once per mailbox per 30 s: a later sign-in of the same address waits that long first. */
async function signInAgain(email: string): Promise<string> {
  await api.database.db.delete(emailCodeSends);
  return signInByEmail(api, email);
}

describe('credits reach the person who paid (point 4)', () => {
  it('an anonymous order whose delivery fails: the e-mail promises the credit to its address, and signing in with it from a fresh browser finds it on the balance, to the cent, once', async () => {
    const email = 'failed.anon@gmail.com';
    const order = await newOrder({ phoneNumber: '670000001', email });
    await markPaid(api, order.orderId);
    await worker.drain();
    expect((await orderRow(api, order.orderId)).status).toBe('failed');
    const mail = mailsTo(api, email).find((m) => m.subject.startsWith('Top-up failed'))!;
    expect(mail.subject).toBe(`Top-up failed – $11.00 kept for you – order #${order.orderId}`);
    expect(mail.body).toContain(`Sign in with this e-mail (${email}) to use it`);
    // The receipt links the order page with a read-only token.
    const link = /See your order at any time: (\S+)/.exec(mail.body)![1]!;
    const url = new URL(link);
    expect(url.pathname).toBe(`/orders/${order.paymentId}`);
    const viewToken = url.searchParams.get('token')!;
    const before = await story(order.paymentId, { token: viewToken });
    expect(before.display).toMatchObject({
      state: 'failed_credited',
      sub: 'held',
      credit: { amount: 1100, place: 'held', reasons: ['failed_delivery'], hasEmail: true, hasTelegram: false },
    });
    expect(before.value.credits.map((c) => c.place)).toEqual(['held']);
    expect(before.next).toEqual({ action: 'sign_in', amount: 1100, email, telegram: false });
    // Read-only: it cannot cancel or claim.
    expect((await api.call('POST', '/api/release-wallet', { body: { paymentId: order.paymentId, orderToken: viewToken } })).status).toBe(403);

    // A second browser, no local state: sign in with the address. On main the balance showed $0.00.
    const cookie = await signInByEmail(api, email);
    expect(await balanceCents(cookie)).toBe(1100);
    expect((await api.call('GET', '/api/auth/user', { headers: { cookie } })).body.balance).toBe(11);
    const after = await story(order.paymentId, { token: viewToken });
    expect(after.display).toMatchObject({ state: 'failed_credited', sub: 'on_balance' });
    expect(after.next).toEqual({ action: 'open_balance', amount: 1100 });
    // Where the value is now, not where it was first put: the page no longer says "kept until you sign in".
    expect(after.value.credits.map((c) => c.place)).toEqual(['on_balance']);
    expect(after.timeline.map((i) => i.kind)).toEqual(['created', 'paid', 'submitted', 'failed', 'credited', 'claimed']);
    // Its order is the customer's now, in their list.
    expect((await api.call('GET', '/api/orders', { headers: { cookie } })).body.map((o: { id: number }) => o.id)).toContain(order.orderId);

    // Once: signing in again moves nothing more; a credit held later moves at the next sign-in.
    const again = await signInAgain(email);
    expect(await balanceCents(again)).toBe(1100);
    const later = await newOrder({ phoneNumber: '670000001', email: 'Failed.Anon@gmail.com', amount: 5 });
    await markPaid(api, later.orderId);
    await worker.drain();
    expect(await balanceCents(again)).toBe(1100);
    expect(await balanceCents(await signInAgain(email))).toBe(1100 + 600);
    const claims = await ledgerOf(api, eq(ledgerEntries.reason, 'claim_in'));
    expect(claims.filter((c) => c.orderId === order.orderId)).toHaveLength(1);
  });

  it('an anonymous order without an e-mail address: its held credit is claimed in the browser that made it, and no e-mail is promised', async () => {
    const order = await newOrder({ phoneNumber: '670000001' });
    await markPaid(api, order.orderId);
    await worker.drain();
    const s = await story(order.paymentId, { token: order.orderToken });
    expect(s.display.credit).toMatchObject({ place: 'held', hasEmail: false, hasTelegram: false });
    expect(s.next).toEqual({ action: 'sign_in', amount: 1100, email: null, telegram: false });
  });

  it('an admin re-sends a failed anonymous order and that fails too: the credit comes back to the original order, still the customer’s', async () => {
    const email = 'resent.twice@gmail.com';
    const order = await newOrder({ phoneNumber: '670000001', email });
    await markPaid(api, order.orderId);
    await worker.drain();
    const token = await adminToken(api);
    const resend = await api.call('POST', '/api/admin/manual-topup', {
      body: { mode: 'existing', orderId: order.orderId, notes: 'customer asked' },
      headers: { 'x-admin-token': token },
    });
    expect(resend.status).toBe(200);
    const resent = await story(order.paymentId, { token: order.orderToken });
    expect(resent.display).toMatchObject({ state: 'failed_credited', sub: 'resent', credit: null });
    expect(resent.next).toEqual({ action: 'wait' });
    await worker.drain();
    const [retry] = await api.database.db.select().from(orders).where(eq(orders.retryOf, order.orderId));
    expect(retry).toMatchObject({ status: 'failed', customerId: null });
    // Held on the order the customer holds (on main: on the admin's retry order, which nobody holds).
    expect(await api.services.balances.heldCents(order.orderId)).toBe(1100);
    expect(await api.services.balances.heldCents(retry!.id)).toBe(0);
    const s = await story(order.paymentId, { token: order.orderToken });
    expect(s.display).toMatchObject({ state: 'failed_credited', sub: 'held', credit: { amount: 1100 } });
    expect(s.value).toMatchObject({ creditedAmount: 2200, resentAmount: 1100, heldAmount: 1100 });
    expect(s.timeline.filter((i) => ['credited', 'resent'].includes(i.kind)).map((i) => [i.kind, i.credit?.amount ?? i.amount, i.relatedOrderId])).toEqual([
      ['credited', 1100, null],
      ['resent', 1100, retry!.id],
      ['credited', 1100, null],
    ]);
    const cookie = await signInByEmail(api, email);
    expect(await balanceCents(cookie)).toBe(1100);
  });

  it('a Telegram user without an account (registrations closed) orders in the bot; the failure is held for them and lands on the balance when they become a customer', async () => {
    const token = await adminToken(api);
    const settings = (await api.call('GET', '/api/admin/settings', { headers: { 'x-admin-token': token } })).body;
    const put = (allowNewRegistrations: boolean) =>
      api.call('PUT', '/api/admin/settings', { body: { ...settings, allowNewRegistrations }, headers: { 'x-admin-token': token } });
    expect((await put(false)).status).toBe(200);
    try {
      const order = await newOrder({ phoneNumber: '670000001' }, bot(772001));
      await markPaid(api, order.orderId);
      await worker.drain();
      const s = await story(order.orderId, { headers: bot(772001) });
      expect(s.display).toMatchObject({ state: 'failed_credited', sub: 'held', credit: { hasEmail: false, hasTelegram: true } });
      expect(s.next).toEqual({ action: 'sign_in', amount: 1100, email: null, telegram: true });
      const [told] = await api.database.db.select().from(notifications).where(eq(notifications.orderId, order.orderId));
      expect(told).toMatchObject({ channel: 'telegram', recipient: '772001' });
      expect((await api.call('GET', '/api/balance', { headers: bot(772001) })).status).toBe(401);
    } finally {
      await put(true);
    }
    const balance = await api.call('GET', '/api/balance', { headers: miniApp(772001) });
    expect(ZBalance.parse(balance.body).balance).toBe(1100);
  });
});

describe('a payment in progress survives the browser (point 2)', () => {
  it('GET /api/orders/open finds the newest unfinished order of the tokens, the customer or the Telegram user; none once it is cancelled or paid', async () => {
    expect(ZOpenOrder.parse((await api.call('GET', '/api/orders/open')).body)).toEqual({ success: true, payment: null, status: null });
    const older = await newOrder();
    const newer = await newOrder();
    const headers = { 'x-order-token': `${older.orderToken},${newer.orderToken}` };
    const open = ZOpenOrder.parse((await api.call('GET', '/api/orders/open', { headers })).body);
    expect(open.payment).toEqual({ ...newer, status: 'pending_crypto_payment' });
    expect(open.status!.display.state).toBe('awaiting_payment');

    // Partly paid is still unfinished: the rest is what to pay.
    await arrive(newer, usdt('3'));
    const partly = ZOpenOrder.parse((await api.call('GET', '/api/orders/open', { headers })).body);
    expect([partly.payment!.orderId, partly.status!.toPay!.amount]).toEqual([newer.orderId, '8']);

    // Leaving does not end it; Cancel does (the older one has nothing received).
    await api.call('POST', '/api/auto-cancel-order', {
      raw: JSON.stringify({ paymentId: older.paymentId, orderToken: older.orderToken }),
      headers: { 'content-type': 'text/plain' },
    });
    await arrive(newer, usdt('8'));
    expect(ZOpenOrder.parse((await api.call('GET', '/api/orders/open', { headers })).body).payment!.orderId).toBe(older.orderId);
    await api.call('POST', '/api/cancel-transaction', { body: { paymentId: older.paymentId }, headers });
    expect(ZOpenOrder.parse((await api.call('GET', '/api/orders/open', { headers })).body).payment).toBeNull();

    const fromBot = await newOrder({}, bot(773001));
    expect(ZOpenOrder.parse((await api.call('GET', '/api/orders/open', { headers: miniApp(773001) })).body).payment!.orderId).toBe(fromBot.orderId);
    expect(ZOpenOrder.parse((await api.call('GET', '/api/orders/open', { headers: miniApp(773002) })).body).payment).toBeNull();
  });
});
