import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainRegistry, REGISTRY, ZCoinsResponse, ZPaymentCreated, ZPaymentStatus, type TPaymentCreated } from '@topup/shared';
import { Chains } from '../src/chain/chains';
import { FAMILIES } from '../src/chain/families';
import type { NetworkWatcher } from '../src/chain/port';
import { loadConfig } from '../src/config';
import { FixedPriceFeed, type PriceAnswer, type PriceFeed, type VolatileCoin } from '../src/services/price-feed';
import { fakeFamily } from './fake-family/adapter';
import { FakeLedger } from './fake-family/ledger';
import { startTestApi, type TestApi } from './harness';

/**
 * A chain family is one folder and one registry line: the test family of fake-family/ (attributed by
 * memo to one shared address, as TON is) plugs in beside EVM, and an order paid in it completes. Its
 * network has no devnet entry: it is offered because its RPC URL is set.
 */
const registry = new ChainRegistry({
  assets: [...REGISTRY.assets, { symbol: 'FAKE', name: 'Fake coin' }],
  networks: [
    ...REGISTRY.networks,
    {
      id: 'fakenet',
      label: 'Fake Network',
      family: 'fake',
      chainId: 424_242,
      finality: null,
      confirmations: 2,
      blockSeconds: 5,
      timeToCount: 'a few seconds',
      countSeconds: 10,
    },
  ],
  coins: [
    ...REGISTRY.coins,
    { symbol: 'FAKE', name: 'Fake coin', asset: 'FAKE', network: 'fakenet', networkText: 'Fake Network', kind: 'native', decimals: 9, stable: false },
    {
      symbol: 'USDT-FAKE',
      name: 'Tether USDT (Fake)',
      asset: 'USDT',
      network: 'fakenet',
      networkText: 'Fake Network',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDT', tokenName: 'Tether USD', contract: null },
    },
  ],
});

const env = {
  FAKE_RECEIVING_ADDRESS: 'fake:operator',
  FAKENET_RPC_URL: 'http://127.0.0.1:9/unused-by-the-fake-node',
  FAKENET_USDT_CONTRACT: 'fake:usdtmaster',
  FAKENET_CONFIRMATIONS: '2',
  PRICE_CACHE_SECONDS: '1',
  PRICE_MAX_AGE_SECONDS: '1',
};

/** The fixed price table, until the test takes the feed down. */
class SwitchableFeed implements PriceFeed {
  readonly name = 'switchable test feed';
  down = false;
  private readonly fixed = new FixedPriceFeed({ ETH: '3000', BNB: '600', POL: '0.5', FAKE: '2' });
  fetchPrices(coins: readonly VolatileCoin[]): Promise<PriceAnswer> {
    if (this.down) return Promise.reject(new Error('price feed down (test)'));
    return this.fixed.fetchPrices(coins);
  }
}

const ledger = new FakeLedger();
const feed = new SwitchableFeed();
let api: TestApi;
let watcher: NetworkWatcher;

beforeAll(async () => {
  // The registry line of the test family, beside the built-in ones.
  api = await startTestApi({ registry, families: { ...FAMILIES, fake: fakeFamily(ledger) }, env, priceFeed: feed });
  watcher = api.services.chains.watcher('fakenet', {
    database: api.database,
    payments: api.services.payments,
    alerts: api.services.alerts,
    log: pino({ level: 'silent' }),
  });
  await watcher.pass();
}, 120_000);
afterAll(async () => {
  await api?.close();
}, 60_000);

async function createOrder(coin: string, amount = 10): Promise<TPaymentCreated> {
  const res = await api.call('POST', '/api/crypto-payment', {
    body: { amount, phoneNumber: '+237671234567', operatorId: 53, countryId: 120, cryptoCurrency: coin },
  });
  if (res.status !== 201) throw new Error(`order for ${coin} refused: ${res.status} ${JSON.stringify(res.body)}`);
  return ZPaymentCreated.parse(res.body);
}

async function status(order: TPaymentCreated) {
  return ZPaymentStatus.parse((await api.call('GET', `/api/payment-status/${order.orderId}`, { headers: { 'x-order-token': order.orderToken } })).body);
}

/** The transfer a wallet makes from the order's links: to the shared address, with the order's memo. */
function pay(order: TPaymentCreated, o: { coin?: string; amount?: bigint; memo?: string | null } = {}): string {
  return ledger.send({
    from: 'fake:customer',
    to: order.walletAddress,
    memo: o.memo === undefined ? order.memo! : o.memo,
    coin: o.coin ?? order.cryptocurrency,
    amount: o.amount ?? BigInt(order.cryptoAmountBaseUnits),
  });
}

describe('a chain family added in one folder and one registry line', () => {
  it('offers its coins, gives each order the shared address and its own memo, and completes an order paid with it', async () => {
    const { coins } = ZCoinsResponse.parse((await api.call('GET', '/api/coins')).body);
    expect(coins.find((c) => c.symbol === 'USDT-FAKE')).toMatchObject({ network: 'fakenet', chainId: 424_242, tokenContract: 'fake:usdtmaster' });

    const order = await createOrder('USDT-FAKE');
    const other = await createOrder('USDT-FAKE');
    expect(order).toMatchObject({ walletAddress: 'fake:operator', network: 'fakenet', cryptoAmount: '11', chainId: 424_242 });
    expect(other.walletAddress).toBe('fake:operator');
    expect(order.memo).toMatch(/^order-\d+$/);
    expect(other.memo).not.toBe(order.memo);
    // The adapter's own links, the memo in them.
    expect(order.paymentUri).toBe(`fake://transfer/fake:operator?amount=11000000&text=${order.memo}&jetton=fake:usdtmaster`);
    expect(order.walletLinks).toEqual({
      uri: order.paymentUri,
      apps: [{ id: 'fakewallet', name: 'Fake Wallet', url: `https://wallet.fake.example/${encodeURIComponent(order.paymentUri)}` }],
    });
    expect((await status(order)).toPay).toMatchObject({ address: 'fake:operator', memo: order.memo });

    // Paid with its memo; a transfer to the same address with a memo nobody has pays no order.
    pay(order);
    pay(other, { memo: 'order-nobody' });
    ledger.mine();
    await watcher.pass();
    expect(await status(order)).toMatchObject({ status: 'confirming', receivedAmount: '11' });
    ledger.mine();
    await watcher.pass();
    expect((await status(order)).status).toBe('paid');
    expect((await status(other)).status).toBe('pending_crypto_payment');

    await api.services.fulfilment.run(order.orderId, 1);
    expect((await status(order)).status).toBe('completed');
  });

  it('refuses a registry that names a family without an adapter, and switches off on the devnet a network without a double or an RPC URL', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...env }, registry);
    expect(() => Chains.fromConfig(config)).toThrow('the registry names chain family "fake", which has no adapter');
    expect(loadConfig({ NODE_ENV: 'test', ...env, FAKENET_RPC_URL: '' }, registry, { ...FAMILIES, fake: fakeFamily(ledger) }).networks.fakenet!.enabled).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'test', ...env }, registry, { ...FAMILIES, fake: fakeFamily(ledger) }).networks.fakenet!.enabled).toBe(true);
    expect(api.services.chains.networks.ethereum!.enabled).toBe(true);
  });
});

describe('a payment that cannot be valued now (price feed down)', () => {
  it('waits, while the network goes on seeing and paying its other orders', async () => {
    const order = await createOrder('USDT-FAKE');
    const other = await createOrder('USDT-FAKE');
    // The feed goes down and its last prices age past their limit: FAKE cannot be valued.
    feed.down = true;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // A wrong coin to the first order: its value can only be credited at a price.
    pay(order, { coin: 'FAKE', amount: 5n * 10n ** 9n });
    ledger.mine(2);
    await watcher.pass();
    // The other order, paid after it, is seen and paid on the same network all the same.
    pay(other);
    ledger.mine();
    await watcher.pass();
    ledger.mine();
    await watcher.pass();
    expect((await status(other)).status).toBe('paid');
    const waiting = await api.database.db.query.payments.findMany({ where: (p, { eq }) => eq(p.orderId, order.orderId) });
    expect(waiting.map((p) => [p.coin, p.status, p.disposition])).toEqual([['FAKE', 'confirmed', null]]);

    // Prices are back: the wrong coin is credited ($10 of FAKE at $2) on a later pass.
    feed.down = false;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    ledger.mine();
    await watcher.pass();
    const credited = await api.database.db.query.payments.findMany({ where: (p, { eq }) => eq(p.orderId, order.orderId) });
    expect(credited.map((p) => p.disposition)).toEqual(['credited']);
  });
});
