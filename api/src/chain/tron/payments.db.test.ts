import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { TronWeb } from 'tronweb';
import { ZPaymentCreated, ZPaymentStatus, type TPaymentCreated } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { depositAddresses, ledgerEntries, orders, payments } from '../../db/schema';
import { FixedPriceFeed } from '../../services/price-feed';
import { TRON_ACCOUNT_PATH } from './deposit-key';
import { fakeUsdtAddress, payOnTronDouble, startTronDouble, type RunningTronDouble } from './devnet';
import { TronHttpClient } from './http';
import { TronWatcher } from './watcher';
import { CHAINS } from '@topup/shared';

/**
 * Tron payments end to end: the real API on a test database, the Tron double on a free port as the
 * network's node, and the Tron watcher built as the workers build it, driven by explicit passes. The
 * double's solidified block trails its head by one block, as on the devnet.
 */

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const silent = pino({ level: 'silent' });
let api: TestApi;
let double: RunningTronDouble;
let watcher: TronWatcher;

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const rpcUrl = `http://127.0.0.1:${await freePort()}`;
  api = await startTestApi({
    env: { TRON_RPC_URL: rpcUrl, ETHEREUM_ENABLED: 'false', BSC_ENABLED: 'false', POLYGON_ENABLED: 'false', PRICE_CACHE_SECONDS: '1' },
    priceFeed: new FixedPriceFeed({ ETH: '3000', BNB: '600', POL: '0.5', TRX: '0.25' }),
  });
  double = await startTronDouble(api.config.networks.tron!, CHAINS, 0);
  watcher = buildWatcher();
  await watcher.pass();
  // A fresh test database takes its migrations first: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await watcher?.stop();
  await double?.stop();
  await api?.close();
});

function buildWatcher() {
  const network = api.config.networks.tron!;
  return new TronWatcher(
    {
      network,
      nativeCoin: 'TRX',
      familyNetworks: ['tron'],
      database: api.database,
      payments: api.services.payments,
      alerts: api.services.alerts,
      log: silent,
      devnet: true,
    },
    new TronHttpClient(network.rpcUrls),
  );
}

async function createOrder(coin: string, amountUsd = 10): Promise<TPaymentCreated> {
  const res = await api.call('POST', '/api/crypto-payment', {
    body: { amount: amountUsd, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: coin },
  });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return ZPaymentCreated.parse(res.body);
}

function pay(order: TPaymentCreated, o: { units?: bigint; coin?: string; contract?: string; viaContract?: boolean } = {}) {
  const coin = o.coin ?? order.cryptocurrency;
  const tokenContract = o.contract ?? (coin === 'TRX' ? null : api.config.networks.tron!.tokens[coin]!);
  return payOnTronDouble(double.rpcUrl, {
    to: order.walletAddress,
    tokenContract,
    units: o.units ?? BigInt(order.cryptoAmountBaseUnits),
    viaContract: o.viaContract,
  });
}

async function scan() {
  while (await watcher.pass());
}

/** One more block (so the payment's block is solidified) and a scan. */
async function confirm() {
  await fetch(`${double.rpcUrl}/double/transfer`, { method: 'POST', body: JSON.stringify({ to: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', amount: '1' }) });
  await scan();
}

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
    const order = await createOrder('USDT-TRON');
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
    const order = await createOrder(coin);
    const sent = await pay(order);
    await scan();
    expect(await status(order)).toMatchObject({ status: 'confirming', receivedAmount: order.cryptoAmount });
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([
      { txHash: sent.txHash, network: 'tron', coin, amount: order.cryptoAmountBaseUnits, status: 'confirmed', disposition: 'order' },
    ]);
    await api.services.fulfilment.run(order.orderId, 1);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('completed');
  });

  it('a USDT transfer made by another contract (an exchange) pays too', async () => {
    const order = await createOrder('USDT-TRON');
    await pay(order, { viaContract: true });
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
  });
});

describe('Tron off-path payments behave as on EVM', () => {
  it('a fake TRC-20 token called USDT pays nothing', async () => {
    const order = await createOrder('USDT-TRON');
    await pay(order, { contract: fakeUsdtAddress('tron') });
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await paymentRows(order.orderId)).toEqual([]);
    expect(await ledger(order.orderId)).toEqual([]);
  });

  it('partial: waits for the rest, then is paid', async () => {
    const order = await createOrder('USDT-TRON');
    const due = BigInt(order.cryptoAmountBaseUnits);
    await pay(order, { units: due / 2n });
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: (Number(due / 2n) / 1e6).toString() });
    await pay(order, { units: due - due / 2n });
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await ledger(order.orderId)).toEqual([]);
  });

  it('over: paid, the excess credited', async () => {
    const order = await createOrder('USDT-TRON');
    await pay(order, { units: BigInt(order.cryptoAmountBaseUnits) + 5_000_000n });
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
    expect(await ledger(order.orderId)).toMatchObject([{ reason: 'overpayment', amountCents: 500 }]);
  });

  it('late: after the window, paid when it still covers the quote', async () => {
    const order = await createOrder('USDT-TRON');
    await api.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.orderId));
    await api.services.orders.expire(order.orderId);
    expect((await status(order)).status).toBe('payment_expired');
    await pay(order);
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
  });

  it('wrong coin: TRX to a USDT order is credited, the order unaffected', async () => {
    const order = await createOrder('USDT-TRON');
    await pay(order, { coin: 'TRX', units: 8_000_000n });
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([{ coin: 'TRX', amount: '8000000', disposition: 'credited' }]);
    // 8 TRX at $0.25.
    expect(await ledger(order.orderId)).toMatchObject([{ reason: 'wrong_coin', amountCents: 200 }]);
  });

  it('a restarted watcher resumes at its cursor: nothing lost, nothing doubled', async () => {
    const order = await createOrder('TRX');
    await watcher.stop();
    await pay(order);
    await confirm(); // the old watcher never saw this block
    watcher = buildWatcher();
    await scan();
    await confirm();
    expect(await status(order)).toMatchObject({ status: 'paid' });
    expect(await paymentRows(order.orderId)).toHaveLength(1);
  });
});
