import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { HDNodeWallet } from 'ethers';
import { CANCEL_REFUSED_FUNDS_MESSAGE, stillPayableMessage, ZCancelResponse, ZOrderView, ZPaymentCreated, ZPaymentStatus } from '@topup/shared';
import { adminToken, startTestApi, type TestApi } from '../../../test/harness';
import { auditLog, jobs, orderEvents, orders, payments } from '../../db/schema';
import { JobWorker } from '../../jobs/queue';
import { jobHandlers } from '../../workers';
import { QUEUES } from '../../jobs/queues';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const phone = '671234567';
/** The spec's five-step payload, as written in its section 7. */
const fiveStep = {
  amount: 10,
  phoneNumber: phone,
  operatorId: 53,
  countryId: 120,
  cryptoCurrency: 'USDT',
  cryptoAmount: '0.000001',
  walletAddress: '0x000000000000000000000000000000000000dEaD',
  email: 'buyer@example.com',
};

async function create(body: unknown, path = '/api/crypto-payment', headers: Record<string, string> = {}) {
  return api.call('POST', path, { body, headers });
}

describe('POST /api/crypto-payment', () => {
  it('accepts the five-step payload as the spec writes it and decides everything itself', async () => {
    const res = await create(fiveStep);
    expect(res.status).toBe(201);
    const created = ZPaymentCreated.parse(res.body);
    expect(created).toMatchObject({
      status: 'pending_crypto_payment',
      cryptocurrency: 'USDT',
      cryptoAmount: '11',
      cryptoAmountBaseUnits: '11000000',
      amount: 10,
      serviceFee: 1,
      totalAmount: 11,
      network: 'ethereum',
      chainId: 31337,
    });
    expect(created.walletAddress).not.toBe(fiveStep.walletAddress);
    expect(created.paymentUri).toBe(`ethereum:${created.tokenContract}@31337/transfer?address=${created.walletAddress}&uint256=11000000`);
    // "Open in wallet": the same payment as MetaMask's link; no Trust Wallet link on a devnet it cannot know.
    expect(created.walletLinks).toEqual({
      eip681: created.paymentUri,
      metamask: `https://link.metamask.io/send/${created.tokenContract}@31337/transfer?address=${created.walletAddress}&uint256=11000000`,
      trust: null,
    });
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(6 * 60 * 1000);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(row).toMatchObject({ phoneNumber: '+237671234567', countryCode: 'CM', email: 'buyer@example.com', localCurrency: 'XAF' });
  });

  it('derives the address from the configured extended public key', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const [row] = await api.database.db
      .execute(sql`select derivation_index from deposit_addresses where address = ${created.walletAddress}`)
      .then((r) => (r as unknown as { rows: { derivation_index: number }[] }).rows);
    const node = HDNodeWallet.fromExtendedKey(api.config.depositXpub);
    expect(node.deriveChild(Number(row!.derivation_index)).address).toBe(created.walletAddress);
  });

  it('accepts the Telegram payload as the spec writes it', async () => {
    const res = await create({ countryId: 120, operatorId: 53, amount: 5, phoneNumber: '+237671234567', customerEmail: 'someone@telegram.org' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cryptocurrency: 'USDT', amount: 5, totalAmount: 6 });
  });

  it('quotes volatile coins from the price feed with a payment link carrying the value', async () => {
    const res = await create({ ...fiveStep, cryptoCurrency: 'ETH' });
    expect(res.status).toBe(201);
    expect(res.body.cryptoAmount).toBe('0.00366667');
    expect(res.body.tokenContract).toBeNull();
    expect(res.body.paymentUri).toBe(`ethereum:${res.body.walletAddress}@31337?value=3666670000000000`);
    const bnb = await create({ ...fiveStep, cryptoCurrency: 'USDT-BEP20' });
    expect(bnb.body).toMatchObject({ network: 'bsc', chainId: 31338, cryptoAmount: '11', cryptoAmountBaseUnits: '11000000000000000000' });
  });

  it('creates a balance top-up without a phone number, without a fee', async () => {
    const res = await create({ amount: 20, phoneNumber: 'balance_topup', cryptoCurrency: 'USDC' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 20, serviceFee: 0, totalAmount: 20, cryptoAmount: '20' });
  });

  it.each([
    [{ ...fiveStep, amount: 4 }, 'AMOUNT_OUT_OF_RANGE', 'Amount must be between $5.00 and $500.00.'],
    [{ ...fiveStep, amount: 501 }, 'AMOUNT_OUT_OF_RANGE', 'Amount must be between $5.00 and $500.00.'],
    [{ ...fiveStep, amount: 300 }, 'AMOUNT_OUT_OF_RANGE', 'MTN Cameroon accepts amounts between'],
    [{ ...fiveStep, amount: 10.123 }, 'VALIDATION_ERROR', 'amount'],
    [{ ...fiveStep, amount: 'ten' }, 'VALIDATION_ERROR', 'amount'],
    [{ ...fiveStep, phoneNumber: '12' }, 'INVALID_PHONE', 'Invalid phone number format'],
    [{ ...fiveStep, phoneNumber: '' }, 'VALIDATION_ERROR', 'Phone number is required'],
    [{ ...fiveStep, phoneNumber: '+447400123456' }, 'INVALID_PHONE', 'does not belong'],
    [{ ...fiveStep, operatorId: 999999 }, 'VALIDATION_ERROR', 'operator 999999 does not exist'],
    [{ ...fiveStep, countryId: 840 }, 'VALIDATION_ERROR', 'does not serve the selected country'],
    [{ ...fiveStep, cryptoCurrency: 'BTC' }, 'VALIDATION_ERROR', 'cryptoCurrency'],
    [{ ...fiveStep, email: 'not-an-email' }, 'VALIDATION_ERROR', 'Please enter a valid email address.'],
    [{ ...fiveStep, operatorId: undefined }, 'VALIDATION_ERROR', 'operatorId'],
    [{}, 'VALIDATION_ERROR', 'amount'],
  ])('refuses bad input with a 4xx and a clear message (%#)', async (body, code, message) => {
    const res = await create(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toContain(message);
    expect(res.body.message).toBe(res.body.error.message);
  });

  it('refuses a fixed-denomination operator amount that is not a denomination', async () => {
    const amounts = (await api.call('GET', '/api/operators/54/amounts')).body as { amount: number }[];
    const denomination = amounts.find((a) => a.amount >= 5)!.amount;
    // An Orange Cameroon number (69…): an MTN one would be refused as another operator's.
    const ok = await create({ ...fiveStep, operatorId: 54, phoneNumber: '699123456', amount: denomination });
    expect(ok.status).toBe(201);
    const odd = await create({ ...fiveStep, operatorId: 54, phoneNumber: '699123456', amount: denomination + 0.5 });
    expect(odd.status).toBe(400);
    expect(odd.body.error.message).toContain('accepts amounts one of');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api.call('POST', '/api/crypto-payment', { raw: '{"amount":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const text = await api.call('POST', '/api/crypto-payment', { raw: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
  });
});

describe('POST /api/create-payment (compact)', () => {
  it('accepts the compact payload and finds the country from the operator; MATIC, as old clients send it, is POL', async () => {
    const res = await create({ phoneNumber: phone, operatorId: 53, amount: 15, currency: 'MATIC' }, '/api/create-payment');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cryptocurrency: 'POL', network: 'polygon', chainId: 31339, cryptoAmount: '32', orderId: expect.any(Number) });
    expect(res.body.walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('refuses a missing operator', async () => {
    const res = await create({ phoneNumber: phone, amount: 15, currency: 'USDT' }, '/api/create-payment');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('operatorId: is required');
  });
});

describe('Idempotency-Key', () => {
  it('returns the same order for a retry with the same key', async () => {
    const headers = { 'idempotency-key': 'retry-1-0123456789abcdef' };
    const first = await create(fiveStep, undefined, headers);
    const second = await create({ ...fiveStep, cryptoAmount: 'changed by the client' }, undefined, headers);
    expect(first.status).toBe(201);
    expect(second.body.orderId).toBe(first.body.orderId);
    expect(second.body.orderToken).toBe(first.body.orderToken);
    expect(second.body.walletAddress).toBe(first.body.walletAddress);
  });

  it('gives one order to concurrent requests with one key', async () => {
    const headers = { 'idempotency-key': 'race-1-0123456789abcdef' };
    const results = await Promise.all(Array.from({ length: 8 }, () => create(fiveStep, undefined, headers)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
  });

  it('refuses the same key with another request', async () => {
    const headers = { 'idempotency-key': 'retry-2-0123456789abcdef' };
    await create(fiveStep, undefined, headers);
    const other = await create({ ...fiveStep, amount: 20 }, undefined, headers);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
  });
});

describe('status endpoints', () => {
  it('report a new order as waiting with nothing received', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    for (const path of [`/api/payment-status/${created.orderId}`, `/api/orders/${created.paymentId}/status`]) {
      const res = await api.call('GET', path);
      expect(res.status).toBe(200);
      expect(ZPaymentStatus.parse(res.body)).toMatchObject({
        status: 'pending_crypto_payment',
        providerTransactionId: null,
        reloadlyTransactionId: null,
        receivedAmount: '0',
        remainingAmount: '11',
        confirmations: 0,
        requiredConfirmations: 1,
        walletAddress: created.walletAddress,
        paymentUri: created.paymentUri,
        walletLinks: created.walletLinks,
      });
      expect(res.body).not.toHaveProperty('phoneNumber');
    }
  });

  it('answer 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await api.call('GET', '/api/payment-status/987654')).status).toBe(404);
    expect((await api.call('GET', '/api/payment-status/abc')).status).toBe(400);
    expect((await api.call('GET', '/api/orders/pay_unknownunknownunknown/status')).status).toBe(404);
    expect((await api.call('GET', '/api/orders/nope/status')).status).toBe(400);
  });
});

describe('GET /api/orders', () => {
  it("returns only the caller's orders, by the order tokens it holds", async () => {
    const a = ZPaymentCreated.parse((await create(fiveStep)).body);
    const b = ZPaymentCreated.parse((await create({ ...fiveStep, amount: 20 })).body);
    expect((await api.call('GET', '/api/orders')).body).toEqual([]);
    const mine = await api.call('GET', '/api/orders', { headers: { 'x-order-token': `${a.orderToken}, ${b.orderToken}` } });
    const list = ZOrderView.array().parse(mine.body);
    expect(list.map((o) => o.id).sort()).toEqual([a.orderId, b.orderId].sort());
    expect(list.find((o) => o.id === b.orderId)).toMatchObject({ amount: 20, phoneNumber: '+237671234567', status: 'pending_crypto_payment' });
    const forged = await api.call('GET', '/api/orders', { headers: { 'x-order-token': `${a.paymentId}.forged` } });
    expect(forged.body).toEqual([]);
  });
});

/**
 * Issue 13 point 2: leaving is not cancelling. The spec's client cancelled when the page was hidden or
 * unloaded and on Back, so a customer who reloaded or switched to the wallet app and then paid lost the
 * order. Now those calls answer and leave the order payable; only the explicit Cancel cancels.
 */
describe('leaving an unpaid order', () => {
  it('release-wallet (Back) answers and leaves the order payable until its window ends', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const owner = { 'x-order-token': created.orderToken };
    const res = await api.call('POST', '/api/release-wallet', { body: { paymentId: created.paymentId, cryptocurrency: 'USDT' }, headers: owner });
    expect(res.status).toBe(200);
    expect(ZCancelResponse.parse(res.body)).toEqual({
      success: true,
      orderId: created.orderId,
      status: 'pending_crypto_payment',
      message: stillPayableMessage(created.expiresAt),
    });
    expect((await api.call('POST', '/api/release-wallet', { body: { paymentId: created.paymentId }, headers: owner })).status).toBe(200);
    const events = await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, created.orderId));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'pending_crypto_payment']]);
    // Still expires on time if nothing comes.
    expect(
      await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${QUEUES.expireOrder}:${created.orderId}`)),
    ).toHaveLength(1);
    expect(ZPaymentStatus.parse((await api.call('GET', `/api/payment-status/${created.orderId}`)).body).display.state).toBe('awaiting_payment');
  });

  it('cancel-transaction takes the spec payload and checks the order id', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const owner = { 'x-order-token': created.orderToken };
    const wrong = await api.call('POST', '/api/cancel-transaction', {
      body: { orderId: created.orderId + 1000, paymentId: created.paymentId },
      headers: owner,
    });
    expect(wrong.status).toBe(404);
    const ok = await api.call('POST', '/api/cancel-transaction', {
      body: { orderId: created.orderId, paymentId: created.paymentId, amount: 10, cryptocurrency: 'USDT', transactionType: 'recharge' },
      headers: owner,
    });
    expect(ok.body.status).toBe('cancelled');
    expect(
      await api.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${QUEUES.expireOrder}:${created.orderId}`)),
    ).toEqual([]);
    expect(ZPaymentStatus.parse((await api.call('GET', `/api/payment-status/${created.orderId}`)).body).display).toMatchObject({
      state: 'cancelled',
      sub: null,
    });
  });

  it('auto-cancel-order (a beacon with a text/plain body, the page hidden or unloaded) answers and cancels nothing', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const beacon = JSON.stringify({ paymentId: created.paymentId, orderToken: created.orderToken });
    const res = await api.call('POST', '/api/auto-cancel-order', { raw: beacon, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'pending_crypto_payment' });
    expect((await api.call('GET', `/api/payment-status/${created.orderId}`)).body.status).toBe('pending_crypto_payment');
    expect((await api.call('POST', '/api/auto-cancel-order', { raw: 'garbage', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    expect((await api.call('POST', '/api/auto-cancel-order', { body: {} })).status).toBe(400);
  });

  it('Cancel never cancels an order that has received funds, and says why and what happens to them', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    await api.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'1'.repeat(64)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'2'.repeat(64)}`,
      blockTime: new Date(),
      toAddress: created.walletAddress,
      coin: 'USDT',
      amount: '1000000',
      orderId: created.orderId,
    });
    const res = await api.call('POST', '/api/cancel-transaction', {
      body: { paymentId: created.paymentId, orderId: created.orderId, orderToken: created.orderToken },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'INVALID_STATE', message: CANCEL_REFUSED_FUNDS_MESSAGE });
    expect(res.body.message).toBe(CANCEL_REFUSED_FUNDS_MESSAGE);
    const status = await api.call('GET', `/api/payment-status/${created.orderId}`);
    expect(status.body).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '1', remainingAmount: '10' });
  });
});

describe('expiry', () => {
  it('a durable job expires an order whose window passed with nothing received', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const past = new Date(Date.now() - 1000);
    await api.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, created.orderId));
    await api.database.db
      .update(jobs)
      .set({ runAt: past })
      .where(eq(jobs.key, `${QUEUES.expireOrder}:${created.orderId}`));
    const worker = new JobWorker(
      api.database,
      { [QUEUES.expireOrder]: jobHandlers(api.database, api.services)[QUEUES.expireOrder] },
      { pollMs: 50, log: pino({ level: 'silent' }) },
    );
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const status = await api.call('GET', `/api/payment-status/${created.orderId}`);
    expect(status.body.status).toBe('payment_expired');
    const [event] = await api.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, created.orderId))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(event).toMatchObject({ fromStatus: 'pending_crypto_payment', toStatus: 'payment_expired', cause: 'payment window ended with nothing received' });
  });
});

describe('DELETE /api/orders/{id}', () => {
  it('is for admins only', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    expect((await api.call('DELETE', `/api/orders/${created.orderId}`)).status).toBe(401);
    expect((await api.call('DELETE', `/api/orders/${created.orderId}`, { headers: { 'x-admin-token': 'guess' } })).status).toBe(401);
  });

  it('deletes an unpaid order, audited; refuses one that received funds', async () => {
    const token = await adminToken(api);
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const res = await api.call('DELETE', `/api/orders/${created.orderId}`, { headers: { 'x-admin-token': token } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Order #${created.orderId} has been permanently removed from the database.`);
    expect((await api.call('DELETE', `/api/orders/${created.orderId}`, { headers: { 'x-admin-token': token } })).status).toBe(404);
    const audit = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${created.orderId}`));
    expect(audit).toHaveLength(1);

    const paid = ZPaymentCreated.parse((await create(fiveStep)).body);
    await api.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'3'.repeat(64)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'4'.repeat(64)}`,
      blockTime: new Date(),
      toAddress: paid.walletAddress,
      coin: 'USDT',
      amount: '11000000',
      orderId: paid.orderId,
    });
    const refused = await api.call('DELETE', `/api/orders/${paid.orderId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(409);
    expect((await api.call('DELETE', '/api/orders/abc', { headers: { 'x-admin-token': token } })).status).toBe(400);
  });
});

describe('rate limit', () => {
  it('limits order creation per client', async () => {
    const limited = await startTestApi({ env: { ORDER_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.call('POST', '/api/crypto-payment', { body: fiveStep })).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('concurrency on the PostgreSQL server', () => {
  it('gives 500 concurrent orders 500 different addresses', async () => {
    const results = await Promise.all(Array.from({ length: 500 }, () => create(fiveStep)));
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    const addresses = new Set(results.map((r) => r.body.walletAddress));
    expect(addresses.size).toBe(500);
    const [dupes] = await api.database.db
      .execute(sql`select count(*)::int as n from (select deposit_address from orders group by 1 having count(*) > 1) d`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(dupes!.n).toBe(0);
  });
});

describe('GET /api/admin/payments/unmatched', () => {
  it('lists money that paid no fulfilled order, for admins only', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    await api.database.db.insert(payments).values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${'5'.repeat(64)}`,
      logIndex: 0,
      blockNumber: 1,
      blockHash: `0x${'6'.repeat(64)}`,
      blockTime: new Date(),
      toAddress: created.walletAddress,
      coin: 'USDC',
      amount: '2000000',
      orderId: created.orderId,
    });
    expect((await api.call('GET', '/api/admin/payments/unmatched')).status).toBe(401);
    const res = await api.call('GET', '/api/admin/payments/unmatched', { headers: { 'x-admin-token': await adminToken(api) } });
    expect(res.status).toBe(200);
    expect(res.body.find((p: { txHash: string }) => p.txHash === `0x${'5'.repeat(64)}`)).toMatchObject({
      coin: 'USDC',
      amount: '2000000',
      orderId: created.orderId,
      orderStatus: 'pending_crypto_payment',
    });
  });
});
