import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '../../api/src/jobs/queue';
import { botHeaders, createOrder, deliveryWorker, mailsTo, markPaid } from '../../api/test/delivery-helpers';
import { startHarness, user, type Call, type Harness } from './harness';

/**
 * A PIN operator's top-up (sandbox "Tracfone PIN United States", id 103) is worth nothing until its
 * owner has the voucher: the owner reads it in the bot's message, on the order page (the story) and in
 * the e-mail receipt; nobody else gets it.
 */
let h: Harness;
let worker: JobWorker;
beforeAll(async () => {
  h = await startHarness();
  worker = deliveryWorker(h.api);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const captionOf = (c: Call) => (c.payload.caption ?? c.payload.media?.caption ?? c.payload.text ?? '') as string;

describe('a PIN top-up', () => {
  it('shows its PIN to its owner in the chat, on the order page and in the receipt; a stranger gets 403', async () => {
    const owner = user(8301, 'Pia');
    const email = 'pia.pin@gmail.com';
    const created = await createOrder(h.api, { amount: 5, phoneNumber: '2025550123', operatorId: 103, email }, botHeaders(h.api, owner.id));
    await markPaid(h.api, created.orderId);
    await worker.drain();

    // The order page's story, for its owner.
    const story = await h.client.as(owner).orderStory(created.orderId);
    expect(story.order.status).toBe('completed');
    const pin = story.order.pin!;
    expect(pin).toMatchObject({ code: expect.stringMatching(/^\d{12}$/), serial: expect.stringMatching(/^SBX-PIN-/), validity: '90 days', dial: '*611' });
    // The same through the order token the creator holds (the web's anonymous owner).
    const byToken = await h.api.call('GET', `/api/orders/${created.paymentId}/story`, { headers: { 'x-order-token': created.orderToken } });
    expect(byToken.status).toBe(200);
    expect(byToken.body.order.pin.code).toBe(pin.code);

    // The bot's message for the completed order.
    const mark = h.tg.calls.length;
    await h.poller.pollOnce();
    const told = h.tg.since(mark).filter((c) => c.payload.chat_id === owner.id && captionOf(c).includes('Top-up Completed'));
    expect(told.length).toBeGreaterThan(0);
    const caption = captionOf(told.at(-1)!);
    expect(caption).toContain(`PIN: <code>${pin.code}</code>`);
    expect(caption).toContain('Number to dial: <code>*611</code>');
    expect(caption).toContain('Serial number: SBX-PIN-');

    // The e-mail receipt of the completed order.
    const receipt = mailsTo(h.api, email).find((m) => m.subject.startsWith('Your top-up was sent'));
    expect(receipt?.body).toContain(`PIN: ${pin.code}`);
    expect(receipt?.body).toContain('Valid for: 90 days');

    // Nobody else: another Telegram user, a caller without proof, the public status calls.
    const stranger = await h.api.call('GET', `/api/orders/${created.orderId}/story`, { headers: botHeaders(h.api, 8399) });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain(pin.code);
    expect((await h.api.call('GET', `/api/orders/${created.paymentId}/story`)).status).toBe(403);
    for (const path of [`/api/payment-status/${created.orderId}`, `/api/orders/${created.paymentId}/status`]) {
      const res = await h.api.call('GET', path);
      expect(JSON.stringify(res.body)).not.toContain(pin.code);
    }
  });

  it('an order without a PIN carries none', async () => {
    const owner = user(8302, 'Noa');
    const created = await createOrder(h.api, { amount: 10, phoneNumber: '670000123', operatorId: 53 }, botHeaders(h.api, owner.id));
    await markPaid(h.api, created.orderId);
    await worker.drain();
    const story = await h.client.as(owner).orderStory(created.orderId);
    expect(story.order.status).toBe('completed');
    expect(story.order.pin).toBeNull();
  });
});
