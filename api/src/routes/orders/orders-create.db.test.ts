import { rowsOf } from '../../db/client';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { HDNodeWallet } from 'ethers';
import { ZPaymentCreated } from '@topup/shared';
import { startTestApi } from '../../../test/harness';
import { orders } from '../../db/schema';
import { api, create, fiveStep, phone, startOrdersApi } from '../../../test/orders-fixture';

/** The order API: creating orders (both payloads of the spec), idempotency, the rate limit, concurrency. */

startOrdersApi();

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
    const metamask = `https://link.metamask.io/send/${created.tokenContract}@31337/transfer?address=${created.walletAddress}&uint256=11000000`;
    expect(created.walletLinks).toEqual({
      uri: created.paymentUri,
      apps: [{ id: 'metamask', name: 'MetaMask', url: metamask }],
      eip681: created.paymentUri,
      metamask,
      trust: null,
    });
    expect(created.memo).toBeNull();
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(6 * 60 * 1000);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(row).toMatchObject({ phoneNumber: '+237671234567', countryCode: 'CM', email: 'buyer@example.com', localCurrency: 'XAF' });
  });

  it('derives the address from the configured extended public key', async () => {
    const created = ZPaymentCreated.parse((await create(fiveStep)).body);
    const [row] = await api.database.db
      .execute(sql`select derivation_index from deposit_addresses where address = ${created.walletAddress}`)
      .then((r) => rowsOf<{ derivation_index: number }>(r));
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
      .then((r) => rowsOf<{ n: number }>(r));
    expect(dupes!.n).toBe(0);
  });
});
