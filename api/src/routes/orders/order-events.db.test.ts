import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPaymentCreated, ZPaymentStatus } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { sseReader } from '../../../test/sse';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('GET /api/orders/{id}/events', () => {
  it('streams the status now and again on every change', async () => {
    const created = ZPaymentCreated.parse(
      (await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' } })).body,
    );
    const controller = new AbortController();
    const res = await fetch(`${api.url}/api/orders/${created.paymentId}/events`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const next = sseReader(res.body!);
    const first = await next();
    expect(first.event).toBe('status');
    expect(ZPaymentStatus.parse(first.data)).toMatchObject({ orderId: created.orderId, status: 'pending_crypto_payment' });

    await api.call('POST', '/api/cancel-transaction', { body: { paymentId: created.paymentId }, headers: { 'x-order-token': created.orderToken } });
    const second = await next();
    expect(second.data).toMatchObject({ orderId: created.orderId, status: 'cancelled' });
    controller.abort();
  });

  it('also answers by order id, and 404 for an unknown order before streaming', async () => {
    const created = ZPaymentCreated.parse(
      (await api.call('POST', '/api/create-payment', { body: { phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' } })).body,
    );
    const controller = new AbortController();
    const res = await fetch(`${api.url}/api/orders/${created.orderId}/events`, { headers: { 'x-order-token': created.orderToken }, signal: controller.signal });
    expect((await sseReader(res.body!)()).data).toMatchObject({ paymentId: created.paymentId });
    controller.abort();
    expect((await api.call('GET', '/api/orders/424242/events')).status).toBe(404);
    expect((await api.call('GET', '/api/orders/not-an-id/events')).status).toBe(400);
  });
});
