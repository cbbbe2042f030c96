import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SUPPORT_MESSAGE_MAX, ZSupportConversation, ZSupportThread, ZSupportThreads } from '@topup/shared';
import { adminToken, signInByEmail, startTestApi, type TestApi } from '../../../test/harness';
import { mailsTo } from '../../../test/delivery-helpers';
import { auditLog, jobs, notifications, supportThreads } from '../../db/schema';
import { JobWorker } from '../../jobs/queue';
import { QUEUES } from '../../jobs/queues';
import { jobHandlers } from '../../workers';

/**
 * The support inbox: a customer's message from the site's live chat reaches the admins; their answer
 * reaches the customer by e-mail (the outbox and the e-mail job: the local mail outbox here) or in
 * the Telegram bot (the outbox the bot takes), and in the chat when it is opened again.
 */

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  token = await adminToken(api);
});
afterAll(() => api?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: any; headers: Headers };
const send = (body: unknown, headers: Record<string, string> = {}): Promise<Res> => api.call('POST', '/api/support/messages', { body, headers });
const read = (headers: Record<string, string> = {}): Promise<Res> => api.call('GET', '/api/support/messages', { headers });
const asAdmin = (method: string, path: string, body?: unknown): Promise<Res> =>
  api.call(method, `/api/admin/support${path}`, { body, headers: { 'x-admin-token': token } });
const withToken = (threadToken: string) => ({ 'x-support-token': threadToken });
const owning = (order: { orderToken: string }) => ({ 'x-order-token': order.orderToken });
const asTelegramUser = (id: number) => ({ 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': String(id) });

async function createOrder(email?: string): Promise<{ orderId: number; paymentId: string; orderToken: string }> {
  const res = await api.call('POST', '/api/crypto-payment', {
    body: { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT', ...(email ? { email } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Sends the e-mails the outbox queued, as the API's worker does. */
async function sendEmails(): Promise<void> {
  const worker = new JobWorker(
    api.database,
    { [QUEUES.email]: jobHandlers(api.database, api.services)[QUEUES.email] },
    { pollMs: 50, log: pino({ level: 'silent' }) },
  );
  await worker.drain();
}

describe('POST /api/support/messages (the live chat)', () => {
  it('a visitor without an account must give an e-mail address; then the message is kept, with a token to read the conversation', async () => {
    const refused = await send({ text: 'Hello?' });
    expect([refused.status, refused.body.message]).toEqual([400, 'Please enter your e-mail address so that we can answer you.']);
    expect((await send({ text: 'Hello?', email: 'not an address' })).body.message).toBe('email: Please enter a valid email address.');

    const res = await send({ text: 'My top-up did not arrive.', email: 'visitor@example.net' });
    expect(res.status).toBe(201);
    const conversation = ZSupportConversation.parse(res.body);
    expect(conversation.threadToken).toMatch(/^[\w-]{40,}$/);
    expect(conversation.replyTo).toEqual({ channel: 'email', address: 'visitor@example.net' });
    expect(conversation.messages).toMatchObject([{ from: 'customer', text: 'My top-up did not arrive.', paymentId: null }]);

    // The token reads the conversation and adds to it; without it there is nothing to see.
    expect((await read()).body).toEqual({ success: true, threadToken: null, replyTo: null, messages: [] });
    const more = await send({ text: 'It was for +237671234567.' }, withToken(conversation.threadToken!));
    expect(more.status).toBe(201);
    expect(more.body.threadToken).toBeNull();
    expect((await read(withToken(conversation.threadToken!))).body.messages.map((m: { text: string }) => m.text)).toEqual([
      'My top-up did not arrive.',
      'It was for +237671234567.',
    ]);
    // Only a hash of the token is stored.
    const [thread] = await api.database.db.select().from(supportThreads).where(eq(supportThreads.contactEmail, 'visitor@example.net'));
    expect(thread!.tokenHash).not.toContain(conversation.threadToken!);
    // A token nobody issued opens nothing and starts a new conversation only with an address.
    expect((await read(withToken('forged-token'))).body.messages).toEqual([]);
    expect((await send({ text: 'hi' }, withToken('forged-token'))).status).toBe(400);
  });

  it('names the order the customer writes about (the order page opens the chat with it)', async () => {
    const order = await createOrder();
    const res = await send({ text: 'About this order', email: 'order.visitor@example.net', paymentId: order.paymentId }, owning(order));
    expect(res.status).toBe(201);
    expect(res.body.messages[0]).toMatchObject({ paymentId: order.paymentId });
    const unknown = await send({ text: 'x', email: 'order.visitor@example.net', paymentId: 'pay_AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'We could not find that order. Please check the order number, or write without it.']);
    expect((await send({ text: 'x', email: 'order.visitor@example.net', paymentId: '<script>' })).status).toBe(400);
  });

  it('bounds the message: blank and over-long ones are refused; text is kept as written, markup and all', async () => {
    const email = 'bounds@example.net';
    expect((await send({ text: '   ', email })).body.message).toBe('text: Please write a message.');
    expect((await send({ email })).status).toBe(400);
    const long = await send({ text: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1), email });
    expect([long.status, long.body.message]).toEqual([400, 'text: Please keep your message under 2,000 characters.']);
    expect((await send({ text: 'x'.repeat(SUPPORT_MESSAGE_MAX), email })).status).toBe(201);
    const markup = '<img src=x onerror=alert(1)> <b>bold</b> & "quotes"';
    const res = await send({ text: markup, email });
    expect(res.body.messages.at(-1).text).toBe(markup);
  });

  it("a signed-in customer needs no address and finds the conversation from any browser; a visitor's conversation follows them when they sign in", async () => {
    const cookie = await signInByEmail(api, 'signed.in@example.net');
    const res = await send({ text: 'Signed in and asking' }, { cookie });
    expect(res.status).toBe(201);
    expect(res.body.replyTo).toEqual({ channel: 'email', address: 'signed.in@example.net' });
    expect((await read({ cookie })).body.messages.map((m: { text: string }) => m.text)).toEqual(['Signed in and asking']);
    // Also one whose address no e-mail is sent to (an example domain): the answer is in their chat.
    const exampleCustomer = await signInByEmail(api, 'someone@example.com');
    const noMail = await send({ text: 'No address needed' }, { cookie: exampleCustomer });
    expect([noMail.status, noMail.body.replyTo]).toEqual([201, null]);

    // Started without an account, then signed in: the browser's token brings the conversation along.
    const visitor = await send({ text: 'Before signing in', email: 'later@example.net' });
    const later = await signInByEmail(api, 'later@example.net');
    const after = await send({ text: 'After signing in' }, { cookie: later, ...withToken(visitor.body.threadToken) });
    expect(after.body.messages.map((m: { text: string }) => m.text)).toEqual(['Before signing in', 'After signing in']);
    expect((await read({ cookie: later })).body.messages).toHaveLength(2);
    // Another customer's conversation is not opened by its token.
    expect((await read({ cookie, ...withToken(visitor.body.threadToken) })).body.messages.map((m: { text: string }) => m.text)).toEqual([
      'Signed in and asking',
    ]);
  });

  it('is limited per client address', async () => {
    const limited = await startTestApi({ env: { SUPPORT_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.call('POST', '/api/support/messages', { body: { text: `m${i}`, email: 'fast@example.net' } })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await limited.call('POST', '/api/support/messages', { body: { text: 'again', email: 'fast@example.net' } });
      expect(refused.body.message).toBe('You are sending messages very fast. Please wait a minute and try again.');
      // Reading is not a message.
      expect((await limited.call('GET', '/api/support/messages')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the support inbox (admins)', () => {
  it('lists conversations with their unread counts; read marks them; the dashboard count follows', async () => {
    const fresh = await send({ text: 'Unread question', email: 'inbox@example.net' });
    const list = await asAdmin('GET', '/threads?page=1&pageSize=100');
    expect(list.status).toBe(200);
    const threads = ZSupportThreads.parse(list.body);
    expect(Number(list.headers.get('x-total-count'))).toBe(threads.length);
    const row = threads.find((t) => t.contactEmail === 'inbox@example.net')!;
    expect(row).toMatchObject({
      unread: 1,
      preview: 'Unread question',
      lastFrom: 'customer',
      channel: 'web',
      customer: null,
      replyTo: { channel: 'email', address: 'inbox@example.net' },
    });
    // Newest first.
    expect(threads[0]!.id).toBe(row.id);

    const before = (await asAdmin('GET', '/unread')).body;
    expect(before.unreadMessages).toBeGreaterThanOrEqual(1);
    const thread = ZSupportThread.parse((await asAdmin('GET', `/threads/${row.id}`)).body);
    expect(thread.messages.map((m) => [m.from, m.text])).toEqual([['customer', 'Unread question']]);
    expect((await asAdmin('POST', `/threads/${row.id}/read`, { through: thread.messages.at(-1)!.id })).status).toBe(200);
    const after = (await asAdmin('GET', '/unread')).body;
    expect([after.unreadThreads, after.unreadMessages]).toEqual([before.unreadThreads - 1, before.unreadMessages - 1]);
    // A new message is unread again; an older "read" does not undo a newer one.
    await send({ text: 'One more thing' }, withToken(fresh.body.threadToken));
    expect((await asAdmin('POST', `/threads/${row.id}/read`, { through: 1 })).status).toBe(200);
    expect((await asAdmin('GET', '/threads?page=1&pageSize=100')).body.find((t: { id: number }) => t.id === row.id).unread).toBe(1);

    expect((await asAdmin('GET', '/threads/987654')).status).toBe(404);
    expect((await asAdmin('POST', '/threads/987654/read', { through: 1 })).status).toBe(404);
  });

  it("an answer reaches a visitor's e-mail (the outbox, then the local mail outbox) and shows in their chat", async () => {
    const order = await createOrder('answer.me@example.net');
    const question = await send({ text: 'Where is my airtime?', email: 'answer.me@example.net', paymentId: order.paymentId }, owning(order));
    const threadId = (await asAdmin('GET', '/threads?page=1&pageSize=100')).body.find(
      (t: { contactEmail: string }) => t.contactEmail === 'answer.me@example.net',
    ).id;

    expect((await asAdmin('POST', `/threads/${threadId}/reply`, { text: '  ' })).body.message).toBe('text: Please write an answer.');
    const res = await asAdmin('POST', `/threads/${threadId}/reply`, { text: 'It was delivered at 10:02; please restart the phone.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      replyTo: { channel: 'email', address: 'answer.me@example.net' },
      message: 'Answer sent to answer.me@example.net.',
    });

    const [queued] = await api.database.db.select().from(notifications).where(eq(notifications.recipient, 'answer.me@example.net'));
    expect(queued).toMatchObject({
      channel: 'email',
      orderId: null,
      status: null,
      deliveredAt: null,
      payload: { type: 'support_reply', threadId, orderId: order.orderId, question: 'Where is my airtime?' },
    });
    await sendEmails();
    const [mail] = mailsTo(api, 'answer.me@example.net');
    expect(mail!.subject).toBe(`Re: your message to support about order #${order.orderId}`);
    expect(mail!.body).toContain('It was delivered at 10:02');
    expect(mail!.body).toContain('> Where is my airtime?');
    // The order's own address: the answer links its page.
    expect(mail!.body).toContain(`/orders/${order.paymentId}?token=`);
    expect(await api.database.db.select().from(jobs).where(eq(jobs.queue, QUEUES.email))).toEqual([]);

    // The chat shows the answer next time it is opened.
    const chat = (await read(withToken(question.body.threadToken))).body;
    expect(chat.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['customer', 'Where is my airtime?'],
      ['support', 'It was delivered at 10:02; please restart the phone.'],
    ]);
    // The admins see it delivered, and it is audited.
    const thread = ZSupportThread.parse((await asAdmin('GET', `/threads/${threadId}`)).body);
    expect(thread.messages[1]).toMatchObject({
      from: 'admin',
      adminEmail: 'admin@example.com',
      delivery: { channel: 'email', recipient: 'answer.me@example.net', deliveredAt: expect.any(Date) },
    });
    expect(thread.messages[0]!.order).toEqual({ id: order.orderId, paymentId: order.paymentId, status: 'pending_crypto_payment' });
    const [audit] = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `support:${threadId}`));
    expect(audit).toMatchObject({ action: 'support.reply', after: { sentBy: 'email' } });
  });

  it("a stranger who names another customer's order is not linked to it and never receives a link to it, even after an answer", async () => {
    const victim = await createOrder('victim@example.net');
    // The payment id alone (what a status call or a screenshot shows) proves nothing.
    const asked = await send({ text: 'Show me my order', email: 'attacker@example.net', paymentId: victim.paymentId });
    expect(asked.status).toBe(201);
    expect(asked.body.messages[0]).toMatchObject({ paymentId: null });
    // A forged or another order's token does not help either.
    const own = await createOrder('attacker@example.net');
    const again = await send({ text: 'And now?', paymentId: victim.paymentId }, { ...withToken(asked.body.threadToken), ...owning(own) });
    expect(again.body.messages.at(-1)).toMatchObject({ paymentId: null });

    const threadId = (await asAdmin('GET', '/threads?page=1&pageSize=100')).body.find(
      (t: { contactEmail: string }) => t.contactEmail === 'attacker@example.net',
    ).id;
    const thread = ZSupportThread.parse((await asAdmin('GET', `/threads/${threadId}`)).body);
    expect(thread.messages.map((m) => m.order)).toEqual([null, null]);
    expect((await asAdmin('POST', `/threads/${threadId}/reply`, { text: 'Here is what we see.' })).status).toBe(200);
    await sendEmails();
    const mails = mailsTo(api, 'attacker@example.net');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).not.toContain(victim.paymentId);
    expect(mails[0]!.body).not.toContain('token=');
    expect(mails[0]!.subject).not.toContain(`#${victim.orderId}`);
  });

  it("an owner's order named from another address is linked, but its page link is mailed only to the order's own address", async () => {
    const order = await createOrder('owner@example.net');
    const asked = await send({ text: 'Answer me elsewhere', email: 'elsewhere@example.net', paymentId: order.paymentId }, owning(order));
    expect(asked.body.messages[0]).toMatchObject({ paymentId: order.paymentId });
    const threadId = (await asAdmin('GET', '/threads?page=1&pageSize=100')).body.find(
      (t: { contactEmail: string }) => t.contactEmail === 'elsewhere@example.net',
    ).id;
    await asAdmin('POST', `/threads/${threadId}/reply`, { text: 'Answered.' });
    await sendEmails();
    const [mail] = mailsTo(api, 'elsewhere@example.net');
    expect(mail!.body).toContain('Answered.');
    expect(mail!.body).not.toContain('token=');
  });

  it("an answer to a Telegram user goes to the bot's outbox, to their chat", async () => {
    const tg = asTelegramUser(770011);
    const asked = await send({ text: 'Asked from Telegram' }, tg);
    expect(asked.status).toBe(201);
    expect(asked.body.replyTo).toEqual({ channel: 'telegram' });
    const threadId = (await asAdmin('GET', '/threads?page=1&pageSize=100')).body.find(
      (t: { customer: { telegramUserId: number } | null }) => t.customer?.telegramUserId === 770011,
    ).id;
    const res = await asAdmin('POST', `/threads/${threadId}/reply`, { text: 'Answered <b>in</b> Telegram' });
    expect(res.body.replyTo).toEqual({ channel: 'telegram' });

    const taken = await api.call('GET', '/api/bot/notifications?limit=100', { headers: { 'x-service-token': api.config.botApiSecret } });
    const reply = (taken.body.notifications as { chatId: string; payload: { type?: string; threadId?: number } }[]).find(
      (n) => n.payload.type === 'support_reply' && n.payload.threadId === threadId,
    );
    expect(reply).toMatchObject({
      chatId: '770011',
      messageId: null,
      payload: { type: 'support_reply', text: 'Answered <b>in</b> Telegram', question: 'Asked from Telegram', orderId: null },
    });
    expect((await read(tg)).body.messages.at(-1)).toMatchObject({ from: 'support', text: 'Answered <b>in</b> Telegram' });
  });

  it('every inbox route needs an admin session', async () => {
    for (const [method, path] of [
      ['GET', '/threads'],
      ['GET', '/unread'],
      ['GET', '/threads/1'],
      ['POST', '/threads/1/read'],
      ['POST', '/threads/1/reply'],
    ] as const) {
      expect((await api.call(method, `/api/admin/support${path}`, { body: method === 'POST' ? {} : undefined })).status).toBe(401);
    }
  });
});
