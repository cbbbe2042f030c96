import net from 'node:net';
import pino from 'pino';
import { CHAINS, ZPaymentCreated, type TPaymentCreated } from '@topup/shared';
import { payOnTronDouble, startTronDouble, type RunningTronDouble } from '../src/chain/tron/devnet';
import { addressOfName } from '../src/chain/tron/double';
import { TronHttpClient } from '../src/chain/tron/http';
import { TronWatcher } from '../src/chain/tron/watcher';
import { FixedPriceFeed } from '../src/services/price-feed';
import { startTestApi, type TestApi } from './harness';

/**
 * Tron end to end: the real API on a test database with Tron only, the Tron double on a free port as
 * the network's node, and the Tron watcher built as the workers build it, driven by explicit passes.
 * The double's solidified block trails its head by one block, as on the devnet.
 */
export interface TronTest {
  api: TestApi;
  double: RunningTronDouble;
  /** The watcher scan() drives; a test replaces it with buildWatcher() to restart it. */
  watcher: TronWatcher;
  buildWatcher(): TronWatcher;
  createOrder(coin: string, amountUsd?: number): Promise<TPaymentCreated>;
  /** Pays the order (default: its coin and amount) from the double's faucet, as a customer's wallet would. */
  pay(order: TPaymentCreated, o?: { units?: bigint; coin?: string; contract?: string; viaContract?: boolean }): ReturnType<typeof payOnTronDouble>;
  /** Watcher passes until it has caught up. */
  scan(): Promise<void>;
  /** One more block (so the payment's block is solidified) and a scan. */
  confirm(): Promise<void>;
  close(): Promise<void>;
}

const silent = pino({ level: 'silent' });
/** Where confirm()'s block-making transfer goes. */
const BLOCK_MAKER = addressOfName('block-maker');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startTronTest(): Promise<TronTest> {
  const rpcUrl = `http://127.0.0.1:${await freePort()}`;
  const api = await startTestApi({
    env: { TRON_RPC_URL: rpcUrl, ETHEREUM_ENABLED: 'false', BSC_ENABLED: 'false', POLYGON_ENABLED: 'false', PRICE_CACHE_SECONDS: '1' },
    priceFeed: new FixedPriceFeed({ ETH: '3000', BNB: '600', POL: '0.5', TRX: '0.25' }),
  });
  const network = api.config.networks.tron!;
  const double = await startTronDouble(network, CHAINS, 0).catch(async (err: unknown) => {
    await api.close();
    throw err;
  });
  const buildWatcher = () =>
    new TronWatcher(
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
  const t: TronTest = {
    api,
    double,
    watcher: buildWatcher(),
    buildWatcher,

    async createOrder(coin, amountUsd = 10) {
      const res = await api.call('POST', '/api/crypto-payment', {
        body: { amount: amountUsd, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: coin },
      });
      if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
      return ZPaymentCreated.parse(res.body);
    },

    pay(order, o = {}) {
      const coin = o.coin ?? order.cryptocurrency;
      const tokenContract = o.contract ?? (coin === 'TRX' ? null : network.tokens[coin]!);
      return payOnTronDouble(double.rpcUrl, {
        to: order.walletAddress,
        tokenContract,
        units: o.units ?? BigInt(order.cryptoAmountBaseUnits),
        viaContract: o.viaContract,
      });
    },

    async scan() {
      while (await t.watcher.pass());
    },

    async confirm() {
      // To an address no order has (deposit address #0 would be given TRX, which the sweep would see).
      await payOnTronDouble(double.rpcUrl, { to: BLOCK_MAKER, tokenContract: null, units: 1n });
      await t.scan();
    },

    async close() {
      await t.watcher.stop();
      await double.stop();
      await api.close();
    },
  };
  // The first pass starts the watcher at the head of the chain.
  await t.watcher.pass();
  return t;
}
