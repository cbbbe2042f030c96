import express from 'express';
import { openDatabase } from '../api/src/db/client';
import { OrderInserter } from '../api/src/services/order-inserter';
import type { NewOrder } from '../api/src/services/order-state';

/**
 * The floor under order creation: Express, the JSON body, and the API's own insert of a new order (the
 * order, its first event, its expiry job and its deposit address, batched as the API batches them), with
 * none of the order's rules: no validation, price, derivation or rate limit. The API's order creation
 * does all of this and more, so it cannot be faster on the same machine and database.
 */
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, poolSize: 20 });
const inserter = new OrderInserter(database.db);
/** Far above the deposit sequence the API draws from in the same database. */
const FIRST_INDEX = 1_500_000_000;
let next = 0;

function newOrder(): NewOrder {
  const n = next++;
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + 1_800_000);
  return {
    row: {
      paymentId: `pay_floor_${n}`,
      kind: 'recharge',
      source: 'web',
      countryCode: 'CM',
      countryId: 37,
      operatorId: 53,
      operatorName: 'MTN Cameroon',
      serviceType: 'airtime',
      phoneNumber: '+237671234567',
      localAmount: '6000',
      localCurrency: 'XAF',
      amountCents: 1000,
      feeCents: 0,
      totalCents: 1000,
      createdAt,
      depositAddress: `0xf${n.toString(16).padStart(39, '0')}`,
      expiresAt,
      watchUntil: new Date(createdAt.getTime() + 3_600_000),
      coin: 'USDT',
      network: 'ethereum',
      chainId: 31337,
      tokenContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      cryptoAmount: '10000000',
      priceUsdE8: '100000000',
    },
    derived: { family: 'evm', index: FIRST_INDEX + n },
    cause: 'order created (bench floor)',
    expiry: { queue: 'expire-order', runAt: expiresAt },
  };
}

const app = express();
app.use(express.json());
app.post('/api/create-payment', async (req, res, next) => {
  try {
    const order = await inserter.insert(newOrder());
    res.status(201).json({ paymentId: order.paymentId, depositAddress: order.depositAddress, request: req.body });
  } catch (err) {
    next(err);
  }
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening ${address.port}`);
});
process.once('SIGTERM', () => process.exit(0));
