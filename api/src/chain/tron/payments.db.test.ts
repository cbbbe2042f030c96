import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { TronWeb } from 'tronweb';
import { ZPaymentStatus, type TPaymentCreated } from '@topup/shared';
import type { TestApi } from '../../../test/harness';
import { startTronTest, type TronTest } from '../../../test/tron-harness';
import { depositAddresses, ledgerEntries, orders, payments } from '../../db/schema';
import { TRON_ACCOUNT_PATH } from './deposit-key';
import { fakeUsdtAddress } from './devnet';

/** Tron payments end to end (test/tron-harness.ts: the API, the Tron double, the watcher driven by explicit passes). */

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
let t: TronTest;
let api: TestApi;

beforeAll(async () => {
  t = await startTronTest();
  api = t.api;
  // A fresh test database takes its migrations first: slow on a busy machine.
}, 180_000);
afterAll(() => t?.close());

async function status(order: TPaymentCreated) {
  return ZPaymentStatus.parse((await api.call('GET', `/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } })).body);
}

const ledger = (orderId: number) => api.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
const paymentRows = (orderId: number) => api.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));

describe('Tron on the embedded defaults', () => {
  it('GET /api/payment-options offers USDT on Tron and TRX', async () => {
    const body = (await api.call('GET', '/api/payment-options')).body as {
      assets: { asset: string; networks: { symbol: string; network: string; networkLabel: string }[] }[];
    };
    const offered = body.assets.flatMap((a) => a.networks.map((n) => [a.asset, n.symbol, n.network]));
    expect(offered).toContainEqual(['USDT', 'USDT-TRON', 'tron']);
    expect(offered).toContainEqual(['TRX', 'TRX', 'tron']);
  });

  it("an order answers a T… address that tronweb derives from the same key's seed phrase", async () => {
    const order = await t.createOrder('USDT-TRON');
    expect(order.walletAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const [row] = await api.database.db.select().from(depositAddresses).where(eq(depositAddresses.address, order.walletAddress));
    expect(row).toMatchObject({ family: 'tron' });
    expect(TronWeb.fromMnemonic(PHRASE, `${TRON_ACCOUNT_PATH}/${row!.derivationIndex}`).address).toBe(order.walletAddress);
    // Trust Wallet's send link: the QR code's payload; no wallet button on the double, which no wallet knows.
    const contract = api.config.networks.tron!.tokens['USDT-TRON'];
    expect(order.walletLinks).toEqual({
      uri: `https://link.trustwallet.com/send?asset=c195_t${contract}&address=${order.walletAddress}&amount=${order.cryptoAmount}`,
      apps: [],
    });
    expect(order.paymentUri).toBe(order.walletLinks.uri);
  });
});

describe('Tron payments: order -> payment -> confirming -> paid (solidified) -> completed', () => {
  it.each(['USDT-TRON', 'TRX'])('%s, the exact amount', async (coin) => {
    const order = await t.createOrder(coin);
    const sent = await t.pay(order);
    await t.scan();
    expect(await status(order)).toMatchObject({ status: 'confirming', receivedAmount: order.cryptoAmount });
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([
      { txHash: sent.txHash, network: 'tron', coin, amount: order.cryptoAmountBaseUnits, status: 'confirmed', disposition: 'order' },
    ]);
    await api.services.fulfilment.run(order.orderId, 1);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('completed');
  });

  it('a USDT transfer made by another contract (an exchange) pays too', async () => {
    const order = await t.createOrder('USDT-TRON');
    await t.pay(order, { viaContract: true });
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
  });
});

describe('Tron off-path payments behave as on EVM', () => {
  it('a fake TRC-20 token called USDT pays nothing', async () => {
    const order = await t.createOrder('USDT-TRON');
    await t.pay(order, { contract: fakeUsdtAddress('tron') });
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await paymentRows(order.orderId)).toEqual([]);
    expect(await ledger(order.orderId)).toEqual([]);
  });

  it('partial: waits for the rest, then is paid', async () => {
    const order = await t.createOrder('USDT-TRON');
    const due = BigInt(order.cryptoAmountBaseUnits);
    await t.pay(order, { units: due / 2n });
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: (Number(due / 2n) / 1e6).toString() });
    await t.pay(order, { units: due - due / 2n });
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await ledger(order.orderId)).toEqual([]);
  });

  it('over: paid, the excess credited', async () => {
    const order = await t.createOrder('USDT-TRON');
    await t.pay(order, { units: BigInt(order.cryptoAmountBaseUnits) + 5_000_000n });
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
    expect(await ledger(order.orderId)).toMatchObject([{ reason: 'overpayment', amountCents: 500 }]);
  });

  it('late: after the window, paid when it still covers the quote', async () => {
    const order = await t.createOrder('USDT-TRON');
    await api.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.orderId));
    await api.services.orders.expire(order.orderId);
    expect((await status(order)).status).toBe('payment_expired');
    await t.pay(order);
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
  });

  it('wrong coin: TRX to a USDT order is credited, the order unaffected', async () => {
    const order = await t.createOrder('USDT-TRON');
    await t.pay(order, { coin: 'TRX', units: 8_000_000n });
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([{ coin: 'TRX', amount: '8000000', disposition: 'credited' }]);
    // 8 TRX at $0.25.
    expect(await ledger(order.orderId)).toMatchObject([{ reason: 'wrong_coin', amountCents: 200 }]);
  });

  it('a restarted watcher resumes at its cursor: nothing lost, nothing doubled', async () => {
    const order = await t.createOrder('TRX');
    await t.watcher.stop();
    await t.pay(order);
    await t.confirm(); // the old watcher never saw this block
    t.watcher = t.buildWatcher();
    await t.scan();
    await t.confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
    expect(await paymentRows(order.orderId)).toHaveLength(1);
  });
});
