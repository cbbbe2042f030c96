import { Address, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { CHAINS, ZPaymentCreated, ZPaymentStatus, ZWalletTransaction, type TPaymentCreated } from '@topup/shared';
import { startTestApi, type TestApi } from '../../../test/harness';
import { admins, ledgerEntries, orders, payments } from '../../db/schema';
import { FixedPriceFeed } from '../../services/price-feed';
import type { RunningDouble } from '../port';
import { TonCenterClient } from './api';
import { doubleWallet, fakeJettonMaster, payOnTonDouble, sendFromDoubleWallet, startTonDouble } from './devnet';
import { jettonWalletOf } from './jetton';
import { TonWatcher } from './watcher';

/**
 * TON payments end to end: the real API on a test database, the TON double (TON Center's API v3 in
 * front of @ton/sandbox) on a free port, and the TON watcher built as the workers build it, driven by
 * explicit passes. Every order shares the receiving wallet; its comment names it.
 */

const silent = pino({ level: 'silent' });
let api: TestApi;
let double: RunningDouble;
let watcher: TonWatcher;

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
    env: { TON_RPC_URL: rpcUrl, ETHEREUM_ENABLED: 'false', BSC_ENABLED: 'false', POLYGON_ENABLED: 'false', TRON_ENABLED: 'false', PRICE_CACHE_SECONDS: '1' },
    priceFeed: new FixedPriceFeed({ ETH: '3000', BNB: '600', POL: '0.5', TRX: '0.25', TON: '2.5' }),
  });
  double = await startTonDouble(api.config.networks.ton!, CHAINS, 0);
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
  const network = api.config.networks.ton!;
  return new TonWatcher(
    {
      network,
      nativeCoin: 'TON',
      familyNetworks: ['ton'],
      database: api.database,
      payments: api.services.payments,
      alerts: api.services.alerts,
      log: silent,
      devnet: true,
    },
    new TonCenterClient(network.rpcUrls),
    api.services.chains.adapter('ton').depositIdentity(network, 0).address,
  );
}

async function createOrder(coin: string, amountUsd = 10): Promise<TPaymentCreated> {
  const res = await api.call('POST', '/api/crypto-payment', {
    body: { amount: amountUsd, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: coin },
  });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return ZPaymentCreated.parse(res.body);
}

function pay(order: TPaymentCreated, o: { units?: bigint; coin?: string; jetton?: string; memo?: string | null } = {}) {
  const coin = o.coin ?? order.cryptocurrency;
  return payOnTonDouble(double.rpcUrl, {
    to: order.walletAddress,
    tokenContract: o.jetton ?? (coin === 'TON' ? null : api.config.networks.ton!.tokens[coin]!),
    units: o.units ?? BigInt(order.cryptoAmountBaseUnits),
    memo: o.memo === undefined ? order.memo : o.memo,
  });
}

/** Scans what the double holds (a payment's block is committed at once; confirmations: 1 on the devnet). */
async function scan() {
  while (await watcher.pass());
}

async function status(order: TPaymentCreated) {
  return ZPaymentStatus.parse((await api.call('GET', `/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } })).body);
}

const ledger = (orderId: number) => api.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
const paymentRows = (orderId: number) => api.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const unattributed = (txHash: string) =>
  api.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.txHash, txHash), isNull(payments.orderId)));

describe('TON on the embedded defaults', () => {
  it('GET /api/payment-options offers USDT on TON and Toncoin', async () => {
    const body = (await api.call('GET', '/api/payment-options')).body as {
      assets: { asset: string; networks: { symbol: string; network: string }[] }[];
    };
    const offered = body.assets.flatMap((a) => a.networks.map((n) => [a.asset, n.symbol, n.network]));
    expect(offered).toContainEqual(['USDT', 'USDT-TON', 'ton']);
    expect(offered).toContainEqual(['TON', 'TON', 'ton']);
  });

  it.each(['USDT-TON', 'TON'])('an order in %s answers the receiving wallet, its own comment, base units and a ton:// link', async (coin) => {
    const order = await createOrder(coin);
    const other = await createOrder(coin);
    expect(order.walletAddress).toMatch(/^UQ[A-Za-z0-9_-]{46}$/);
    expect(other.walletAddress).toBe(order.walletAddress);
    expect(order.memo).toMatch(/^topup-\d+$/);
    expect(other.memo).not.toBe(order.memo);
    expect(order.cryptoAmountBaseUnits).toMatch(/^\d+$/);
    const jetton = coin === 'TON' ? '' : `&jetton=${api.config.networks.ton!.tokens[coin]}`;
    // No wallet button on the double, which no wallet knows; the link keeps its form.
    expect(order.walletLinks).toMatchObject({
      uri: `ton://transfer/${order.walletAddress}?amount=${order.cryptoAmountBaseUnits}${jetton}&text=${order.memo}`,
      apps: [],
    });
    // Payable through TON Connect: its transaction is asked once the wallet is connected (below).
    expect(order.walletLinks.tonConnect).toBe(true);
  });
});

describe('TON Connect: the transaction the connected wallet sends', () => {
  let payer: string;
  beforeAll(async () => {
    payer = await doubleWallet(double.rpcUrl, 'connected-customer');
    // The customer's USDT, from the double's faucet.
    await payOnTonDouble(double.rpcUrl, { to: payer, tokenContract: api.config.networks.ton!.tokens['USDT-TON']!, units: 1_000_000_000n });
  });

  const ask = (order: TPaymentCreated, body: unknown, token: string | null = order.orderToken) =>
    api.call('POST', `/api/orders/${order.paymentId}/wallet-transaction`, { body, headers: token ? { 'x-order-token': token } : {} });

  it('USDT on TON: a TEP-74 transfer through the payer’s own jetton wallet, sent as is from the wallet, pays the order', async () => {
    const order = await createOrder('USDT-TON');
    const res = await ask(order, { payer });
    expect(res.status).toBe(200);
    const { messages } = ZWalletTransaction.parse(res.body);
    const master = api.config.networks.ton!.tokens['USDT-TON']!;
    const payersJettonWallet = await jettonWalletOf(new TonCenterClient([double.rpcUrl]), master, payer);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(Address.parse(message!.address).equals(payersJettonWallet)).toBe(true);
    expect(BigInt(message!.amount)).toBe(50_000_000n);
    const body = Cell.fromBase64(message!.payload!).beginParse();
    expect(body.loadUint(32)).toBe(0x0f8a7ea5);
    body.loadUintBig(64);
    expect(body.loadCoins()).toBe(BigInt(order.cryptoAmountBaseUnits));
    expect(body.loadAddress().equals(Address.parse(order.walletAddress))).toBe(true);
    expect(body.loadAddress().equals(Address.parse(payer))).toBe(true);

    await sendFromDoubleWallet(double.rpcUrl, 'connected-customer', messages);
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([{ coin: 'USDT-TON', amount: order.cryptoAmountBaseUnits, fromAddress: expect.any(String) }]);
  });

  it('Toncoin: one message to the receiving wallet with the amount and the comment, which pays the order', async () => {
    const order = await createOrder('TON');
    const { messages } = ZWalletTransaction.parse((await ask(order, { payer })).body);
    expect(messages).toMatchObject([{ address: order.walletAddress, amount: order.cryptoAmountBaseUnits }]);
    const payload = Cell.fromBase64(messages[0]!.payload!).beginParse();
    expect([payload.loadUint(32), payload.loadStringTail()]).toEqual([0, order.memo]);
    await sendFromDoubleWallet(double.rpcUrl, 'connected-customer', messages);
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid' });
  });

  it('after a partial payment, asks for the rest only', async () => {
    const order = await createOrder('USDT-TON');
    const due = BigInt(order.cryptoAmountBaseUnits);
    await pay(order, { units: due / 2n });
    await scan();
    const { messages } = ZWalletTransaction.parse((await ask(order, { payer })).body);
    const body = Cell.fromBase64(messages[0]!.payload!)
      .beginParse()
      .skip(32 + 64);
    expect(body.loadCoins()).toBe(due - due / 2n);
  });

  it('only the order’s owner may ask; a payer that is not a TON address, or an order already paid, is refused', async () => {
    const order = await createOrder('USDT-TON');
    expect((await ask(order, { payer }, null)).status).toBe(403);
    expect((await ask(order, { payer: '0x52908400098527886E0F7030069857D2E4169EE7' })).status).toBe(400);
    await pay(order);
    await scan();
    expect((await ask(order, { payer })).status).toBe(409);
  });
});

describe('TON payments: order -> payment with its comment -> paid -> completed', () => {
  it.each(['USDT-TON', 'TON'])('%s, the exact amount', async (coin) => {
    const order = await createOrder(coin);
    const sent = await pay(order);
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([
      { txHash: sent.txHash, network: 'ton', coin, amount: order.cryptoAmountBaseUnits, status: 'confirmed', disposition: 'order' },
    ]);
    await api.services.fulfilment.run(order.orderId, 1);
    const [row] = await api.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.status).toBe('completed');
  });
});

describe('TON off-path payments behave as on EVM', () => {
  it('partial: waits for the rest, then is paid', async () => {
    const order = await createOrder('USDT-TON');
    const due = BigInt(order.cryptoAmountBaseUnits);
    await pay(order, { units: due / 2n });
    await scan();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: (Number(due / 2n) / 1e6).toString() });
    await pay(order, { units: due - due / 2n });
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await ledger(order.orderId)).toEqual([]);
  });

  it('over: paid, the excess credited', async () => {
    const order = await createOrder('USDT-TON');
    await pay(order, { units: BigInt(order.cryptoAmountBaseUnits) + 5_000_000n });
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid' });
    expect(await ledger(order.orderId)).toMatchObject([{ reason: 'overpayment', amountCents: 500 }]);
  });

  it('late: after the window, paid when it still covers the quote', async () => {
    const order = await createOrder('USDT-TON');
    await api.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.orderId));
    await api.services.orders.expire(order.orderId);
    expect((await status(order)).status).toBe('payment_expired');
    await pay(order);
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid' });
  });

  it('wrong coin: Toncoin with a USDT order’s comment is credited, the order unaffected', async () => {
    const order = await createOrder('USDT-TON');
    await pay(order, { coin: 'TON', units: 2_000_000_000n });
    await scan();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([{ coin: 'TON', amount: '2000000000', disposition: 'credited' }]);
    // 2 TON at $2.50.
    expect(await ledger(order.orderId)).toMatchObject([{ reason: 'wrong_coin', amountCents: 500 }]);
  });

  it.each([
    ['no comment', null],
    ['an unknown comment', 'topup-999999'],
  ])('%s: pays no order, and is among the admin’s unmatched payments with its sender', async (_case, memo) => {
    const order = await createOrder('USDT-TON');
    const sent = await pay(order, { memo });
    await scan();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await unattributed(sent.txHash)).toMatchObject([
      { coin: 'USDT-TON', amount: order.cryptoAmountBaseUnits, status: 'confirmed', fromAddress: sent.from },
    ]);
    const unmatched = await api.services.payments.unmatched();
    expect(unmatched.find((p) => p.txHash === sent.txHash)).toMatchObject({ orderId: null, coin: 'USDT-TON', network: 'ton' });
  });

  it('no comment, then matched by an admin to the order it was for: paid, as if it had carried the comment', async () => {
    const order = await createOrder('TON');
    const sent = await pay(order, { memo: null });
    await scan();
    const [stray] = await unattributed(sent.txHash);
    const [admin] = await api.database.db.select({ id: admins.id }).from(admins).limit(1);
    const done = await api.services.payments.matchToOrder(admin!.id, stray!.id, order.orderId, 'the payer wrote to support');
    expect(done).toMatchObject({ orderId: order.orderId, status: 'paid', disposition: 'order' });
    expect(await status(order)).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(await paymentRows(order.orderId)).toMatchObject([{ txHash: sent.txHash, fromAddress: sent.from, disposition: 'order' }]);
  });

  it('a fake jetton that calls itself USDT pays nothing, and is not recorded', async () => {
    const order = await createOrder('USDT-TON');
    const sent = await pay(order, { jetton: fakeJettonMaster('ton') });
    await scan();
    expect(await status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
    expect(await paymentRows(order.orderId)).toEqual([]);
    expect(await api.database.db.select().from(payments).where(eq(payments.txHash, sent.txHash))).toEqual([]);
  });

  it('a restarted watcher resumes at its cursor: nothing lost, nothing doubled', async () => {
    const order = await createOrder('TON');
    await watcher.stop();
    await pay(order);
    watcher = buildWatcher();
    await scan();
    await scan();
    expect(await status(order)).toMatchObject({ status: 'paid' });
    expect(await paymentRows(order.orderId)).toHaveLength(1);
  });
});
