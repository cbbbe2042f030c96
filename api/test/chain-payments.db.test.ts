import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { JsonRpcProvider } from 'ethers';
import pino from 'pino';
import { COINS, formatUnits, type TCoinSymbol, type TPaymentCreated } from '@topup/shared';
import { devnetAccount } from '../src/chain/devnet';
import type { Tx } from '../src/db/client';
import { chainBlocks, jobs, orders, payments } from '../src/db/schema';
import { JobWorker } from '../src/jobs/queue';
import { PaymentService, type ObservedPayment } from '../src/services/payments';
import { QUEUES } from '../src/jobs/queues';
import { FailingRpcClient, startChainTest, until, type ChainTest } from './chain-harness';

/**
 * On-chain payments end to end (DESIGN.md section 5) on the local devnet: real nodes, real tokens, the
 * real API, database and watchers. Confirmations: Ethereum 3, BSC 2, Polygon 2; tolerance 0.5%.
 */

let t: ChainTest;
beforeAll(async () => {
  t = await startChainTest();
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

const usdt = (text: string) => BigInt(Math.round(Number(text) * 1e6));

/** The order's payment rows, the fields that matter. */
async function paymentRows(order: TPaymentCreated) {
  return (await t.payments(order.orderId)).map((p) => ({
    txHash: p.txHash,
    coin: p.coin,
    network: p.network,
    amount: p.amount,
    status: p.status,
    disposition: p.disposition,
  }));
}

async function transitions(order: TPaymentCreated) {
  return (await t.events(order.orderId)).map((e) => `${e.fromStatus ?? '-'} -> ${e.toStatus}`);
}

async function lastEvent(order: TPaymentCreated) {
  return (await t.events(order.orderId)).at(-1)!;
}

/** Ends an order's payment window now, and runs the expiry job's handler as the job worker would. */
async function endWindow(order: TPaymentCreated) {
  await t.api.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, order.orderId));
  await t.api.services.orders.expire(order.orderId);
}

/** The payment service of a process that dies at a chosen step of a scan pass. */
class CrashingPayments extends PaymentService {
  crashAt: 'record' | 'settle' | null = null;
  /** The order whose settlement is cut short. */
  orderId = 0;

  override async record(tx: Tx, observed: ObservedPayment[]): Promise<void> {
    await super.record(tx, observed);
    // After the rows are written, before the transaction commits.
    if (this.crashAt === 'record' && observed.length) {
      this.crashAt = null;
      throw new Error('simulated crash while writing the pass');
    }
  }

  override async settle(orderId: number): Promise<void> {
    // After the pass committed, before the order is settled.
    if (this.crashAt === 'settle' && orderId === this.orderId) {
      this.crashAt = null;
      throw new Error('simulated crash before settling');
    }
    return super.settle(orderId);
  }
}

function crashingPayments() {
  return new CrashingPayments({
    db: t.api.database.db,
    pricing: t.api.services.pricing,
    registry: t.api.config.registry,
    toleranceBps: t.api.config.paymentToleranceBps,
  });
}

describe('each of the six coins: order -> payment -> confirming -> paid', () => {
  it.each<TCoinSymbol>(['USDT', 'USDC', 'ETH', 'USDT-BEP20', 'BNB', 'POL'])('%s', async (coin) => {
    const order = await t.createOrder(coin);
    const network = COINS[coin]!.network;
    const required = t.required(network);
    const due = BigInt(order.cryptoAmountBaseUnits);
    const dueText = formatUnits(due, COINS[coin]!.decimals);
    expect(order).toMatchObject({ status: 'pending_crypto_payment', cryptocurrency: coin, network });
    expect(await t.status(order)).toMatchObject({
      status: 'pending_crypto_payment',
      receivedAmount: '0',
      remainingAmount: dueText,
      confirmations: 0,
      requiredConfirmations: required,
    });

    const sent = await t.pay(order);
    await t.scan(network);
    expect(await t.status(order)).toMatchObject({
      status: 'confirming',
      receivedAmount: dueText,
      remainingAmount: '0',
      confirmations: 1,
      requiredConfirmations: required,
    });
    for (let n = 2; n < required; n++) {
      await t.mine(network, 1);
      await t.scan(network);
      expect(await t.status(order)).toMatchObject({ status: 'confirming', confirmations: n, requiredConfirmations: required });
    }
    await t.mine(network, 1);
    await t.scan(network);
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: dueText, remainingAmount: '0', confirmations: required });

    expect(await transitions(order)).toEqual(['- -> pending_crypto_payment', 'pending_crypto_payment -> confirming', 'confirming -> paid']);
    const events = await t.events(order.orderId);
    expect(events[1]!.cause).toBe(`payment seen: ${dueText} ${coin} in block ${sent.blockNumber}`);
    expect(events[1]!.detail).toEqual({ txHash: sent.txHash, late: false });
    expect(events[2]).toMatchObject({ cause: 'payment confirmed', detail: { received: due.toString(), expected: due.toString() } });
    const rows = await t.payments(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      txHash: sent.txHash,
      network,
      coin,
      amount: due.toString(),
      blockNumber: sent.blockNumber,
      fromAddress: expect.stringMatching(new RegExp(`^${sent.from}$`, 'i')),
      status: 'confirmed',
      disposition: 'order',
    });
    expect(rows[0]!.logIndex).toBe(COINS[coin]!.kind === 'native' ? -1 : 0);
    expect(await t.ledger(order.orderId)).toEqual([]);
  });
});

describe('underpayment', () => {
  it('waits for the rest with received and remaining shown, then is paid', async () => {
    const order = await t.createOrder('USDT');
    const first = await t.pay(order, { units: usdt('5.5') });
    await t.scan('ethereum');
    expect(await t.status(order)).toMatchObject({
      status: 'confirming',
      receivedAmount: '5.5',
      remainingAmount: '5.5',
      confirmations: 1,
      requiredConfirmations: 3,
    });

    await t.confirm('ethereum');
    const partly = await t.status(order);
    expect(partly).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '5.5', remainingAmount: '5.5' });
    // Issue 13: the display says so, and the payment screen asks for the rest only, its link carrying exactly that.
    expect(partly.display).toMatchObject({ state: 'partly_paid', sub: 'in_window', received: '5.5', remaining: '5.5', due: '11' });
    expect(partly.toPay).toMatchObject({ amount: '5.5', amountBaseUnits: '5500000' });
    expect(partly.toPay!.paymentUri).toMatch(/uint256=5500000$/);
    expect(await lastEvent(order)).toMatchObject({ fromStatus: 'confirming', toStatus: 'pending_crypto_payment', cause: 'underpaid: received 5.5 of 11 USDT' });
    const [closeJob] = await t.api.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${QUEUES.closeWatch}:${order.orderId}`));
    const [row] = await t.api.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(closeJob?.runAt.getTime()).toBe(row!.watchUntil!.getTime());

    const rest = await t.pay(order, { units: usdt('5.5') });
    await t.scan('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', receivedAmount: '11', remainingAmount: '0', confirmations: 1 });
    await t.confirm('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: '11', remainingAmount: '0', toPay: null });
    expect(await lastEvent(order)).toMatchObject({ toStatus: 'paid', cause: 'payment confirmed', detail: { received: '11000000', expected: '11000000' } });
    const story = await t.api.call('GET', `/api/orders/${order.paymentId}/story`, { headers: { 'x-order-token': order.orderToken } });
    expect(story.body.timeline.map((i: { kind: string }) => i.kind)).toEqual(['created', 'payment_seen', 'underpaid', 'payment_seen', 'paid']);
    expect(story.body.payments.map((p: { txHash: string; status: string; use: string }) => [p.txHash, p.status, p.use])).toEqual([
      [first.txHash, 'confirmed', 'order'],
      [rest.txHash, 'confirmed', 'order'],
    ]);
    expect(await paymentRows(order)).toEqual([
      { txHash: first.txHash, coin: 'USDT', network: 'ethereum', amount: '5500000', status: 'confirmed', disposition: 'order' },
      { txHash: rest.txHash, coin: 'USDT', network: 'ethereum', amount: '5500000', status: 'confirmed', disposition: 'order' },
    ]);
    expect(await t.ledger(order.orderId)).toEqual([]);
  });

  it('a shortfall within the tolerance (0.5%) counts as paid', async () => {
    const order = await t.createOrder('USDT');
    await t.pay(order, { units: usdt('10.95') });
    await t.scan('ethereum');
    await t.confirm('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: '10.95', remainingAmount: '0.05' });
    expect(await t.ledger(order.orderId)).toEqual([]);
  });

  it('first seen already confirmed (the watcher was behind) still gets its close-watch job', async () => {
    const order = await t.createOrder('USDT');
    await t.pay(order, { units: usdt('4') });
    // The confirmations are there before the watcher first looks: the payment never shows as confirming.
    await t.mine('ethereum', t.required('ethereum'));
    await t.scan('ethereum');
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');
    const [job] = await t.api.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${QUEUES.closeWatch}:${order.orderId}`));
    expect(job).toBeDefined();
    await t.api.services.payments.closeWatch(order.orderId);
    expect(await t.status(order)).toMatchObject({ status: 'payment_expired', receivedAmount: '4' });
    expect(await t.ledger(order.orderId)).toMatchObject([{ reason: 'underpayment', amountCents: 400 }]);
  });

  it('is credited to the balance when the watch period ends (close-watch job), once', async () => {
    const order = await t.createOrder('USDT');
    const sent = await t.pay(order, { units: usdt('4') });
    await t.scan('ethereum');
    await t.confirm('ethereum');
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');

    // The watch period ends: the job enqueued at the underpayment runs, as the job worker runs it.
    await t.api.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, `${QUEUES.closeWatch}:${order.orderId}`));
    const worker = new JobWorker(
      t.api.database,
      { [QUEUES.closeWatch]: (p) => t.api.services.payments.closeWatch((p as { orderId: number }).orderId) },
      { pollMs: 50, log: pino({ level: 'silent' }) },
    );
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);

    expect(await t.status(order)).toMatchObject({ status: 'payment_expired', receivedAmount: '4', remainingAmount: '7' });
    expect(await lastEvent(order)).toMatchObject({
      fromStatus: 'pending_crypto_payment',
      toStatus: 'payment_expired',
      cause: 'watch period ended short of the amount due: received funds credited',
    });
    const [payment] = await t.payments(order.orderId);
    expect(payment).toMatchObject({ txHash: sent.txHash, status: 'confirmed', disposition: 'credited' });
    const credit = { reason: 'underpayment', amountCents: 400, referenceType: 'payment', referenceId: String(payment!.id), customerId: null };
    expect(await t.ledger(order.orderId)).toMatchObject([credit]);

    // Run again (a job may run twice) and scan again: nothing more.
    await t.api.services.payments.closeWatch(order.orderId);
    await t.mine('ethereum', 1);
    await t.scan('ethereum');
    await t.api.services.payments.settle(order.orderId);
    expect(await t.ledger(order.orderId)).toMatchObject([credit]);
    expect(await t.orderStatus(order.orderId)).toBe('payment_expired');
  });
});

describe('overpayment', () => {
  it('pays the order and credits the excess; money after paid is credited too', async () => {
    const order = await t.createOrder('USDT');
    await t.pay(order, { units: usdt('15') });
    await t.scan('ethereum');
    await t.confirm('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: '15', remainingAmount: '0' });
    expect(await t.ledger(order.orderId)).toMatchObject([
      { reason: 'overpayment', amountCents: 400, referenceType: 'order', referenceId: String(order.orderId) },
    ]);

    const more = await t.pay(order, { units: usdt('2') });
    await t.scan('ethereum');
    await t.confirm('ethereum');
    const extra = (await t.payments(order.orderId)).find((p) => p.txHash === more.txHash)!;
    expect(extra).toMatchObject({ status: 'confirmed', disposition: 'credited' });
    expect(await t.ledger(order.orderId)).toMatchObject([
      { reason: 'overpayment', amountCents: 400, referenceType: 'order' },
      { reason: 'overpayment', amountCents: 200, referenceType: 'payment', referenceId: String(extra.id) },
    ]);
    expect(await t.orderStatus(order.orderId)).toBe('paid');
  });

  it('values the excess of a volatile coin at the order’s own quote', async () => {
    const order = await t.createOrder('ETH'); // $11 at $3000: 0.00366667 ETH
    await t.pay(order, { units: 5_000_000_000_000_000n }); // 0.005 ETH: 0.00133333 ETH too much, $3.99999
    await t.scan('ethereum');
    await t.confirm('ethereum');
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    expect(await t.ledger(order.orderId)).toMatchObject([{ reason: 'overpayment', amountCents: 399, referenceType: 'order' }]);
  });
});

describe('late payment (after the 6-minute window, within the 24 h watch)', () => {
  it('in a stablecoin still pays the order: it covers a fresh quote', async () => {
    const order = await t.createOrder('USDT');
    await endWindow(order);
    expect(await lastEvent(order)).toMatchObject({ toStatus: 'payment_expired', cause: 'payment window ended with nothing received' });

    const sent = await t.pay(order);
    await t.scan('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', confirmations: 1 });
    expect(await lastEvent(order)).toMatchObject({ fromStatus: 'payment_expired', toStatus: 'confirming', detail: { txHash: sent.txHash, late: true } });
    await t.confirm('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: '11' });
    expect(await lastEvent(order)).toMatchObject({ toStatus: 'paid', cause: 'late payment confirmed and still covers the price' });
    expect(await t.ledger(order.orderId)).toEqual([]);
  });

  it('in a volatile coin whose price fell below the quote is credited, and the order stays expired', async () => {
    const order = await t.createOrder('ETH'); // 0.00366667 ETH for $11 at $3000
    await endWindow(order);
    t.prices.ETH = '2000'; // the same ETH is now worth $7.33: a fresh quote would ask 0.0055 ETH
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // PRICE_CACHE_SECONDS=1
      const sent = await t.pay(order);
      await t.scan('ethereum');
      expect(await t.orderStatus(order.orderId)).toBe('confirming');
      await t.confirm('ethereum');
      expect(await t.status(order)).toMatchObject({ status: 'payment_expired', receivedAmount: '0.00366667' });
      expect(await transitions(order)).toEqual([
        '- -> pending_crypto_payment',
        'pending_crypto_payment -> payment_expired',
        'payment_expired -> confirming',
        'confirming -> payment_expired',
      ]);
      expect(await lastEvent(order)).toMatchObject({ cause: 'late payment no longer covers the price: credited to the balance' });
      const [payment] = await t.payments(order.orderId);
      expect(payment).toMatchObject({ txHash: sent.txHash, disposition: 'credited' });
      // Valued at today's price: 0.00366667 ETH × $2000 = $7.33.
      expect(await t.ledger(order.orderId)).toMatchObject([
        { reason: 'late_payment', amountCents: 733, referenceType: 'payment', referenceId: String(payment!.id) },
      ]);
    } finally {
      t.prices.ETH = '3000';
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
  });
});

describe('wrong coin', () => {
  it('another token or another network’s native coin to the address is recorded and credited; the order is unaffected', async () => {
    const order = await t.createOrder('USDT');
    const usdc = await t.pay(order, { coin: 'USDC', units: usdt('11') });
    await t.scan('ethereum');
    expect(await paymentRows(order)).toEqual([
      { txHash: usdc.txHash, coin: 'USDC', network: 'ethereum', amount: '11000000', status: 'seen', disposition: null },
    ]);
    expect(await t.status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0', remainingAmount: '11' });
    await t.confirm('ethereum');
    expect(await t.ledger(order.orderId)).toMatchObject([{ reason: 'wrong_coin', amountCents: 1100, referenceType: 'payment' }]);

    // BNB on the BSC node to the address of an Ethereum order.
    const bnb = await t.pay(order, { coin: 'BNB', units: 10_000_000_000_000_000n }); // 0.01 BNB = $6
    await t.scan('bsc');
    await t.confirm('bsc');
    expect(await paymentRows(order)).toEqual([
      { txHash: usdc.txHash, coin: 'USDC', network: 'ethereum', amount: '11000000', status: 'confirmed', disposition: 'credited' },
      { txHash: bnb.txHash, coin: 'BNB', network: 'bsc', amount: '10000000000000000', status: 'confirmed', disposition: 'credited' },
    ]);
    expect(await t.ledger(order.orderId)).toMatchObject([
      { reason: 'wrong_coin', amountCents: 1100 },
      { reason: 'wrong_coin', amountCents: 600, note: `0.01 BNB in ${bnb.txHash}` },
    ]);
    expect(await transitions(order)).toEqual(['- -> pending_crypto_payment']);
    expect(await t.status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0', remainingAmount: '11' });

    // The order itself can still be paid.
    await t.pay(order);
    await t.scan('ethereum');
    await t.confirm('ethereum');
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    expect(await t.ledger(order.orderId)).toHaveLength(2);
  });
});

describe('failed transactions', () => {
  it('a reverted native transfer or token transfer to the address is never recorded or credited', async () => {
    const order = await t.createOrder('ETH');
    const rpcUrl = t.networks.ethereum!.rpcUrl;
    const provider = new JsonRpcProvider(rpcUrl, t.networks.ethereum!.chainId, { staticNetwork: true, cacheTimeout: -1 });
    try {
      // Code that always reverts, at the deposit address for a moment: the value transfer fails on chain.
      await t.rpc('ethereum').call('hardhat_setCode', [order.walletAddress, '0x60006000fd']);
      // Mined by hand: an automined failure comes back from Hardhat as an RPC error instead of a hash.
      await t.rpc('ethereum').call('evm_setAutomine', [false]);
      const payer = devnetAccount(4).connect(provider);
      const native = await payer.sendTransaction({ to: order.walletAddress, value: BigInt(order.cryptoAmountBaseUnits), gasLimit: 100_000 });
      // Account #12 holds no tokens: its transfer reverts.
      const broke = devnetAccount(12).connect(provider);
      const token = await broke.sendTransaction({
        to: t.networks.ethereum!.tokens.USDT!,
        data: `0xa9059cbb${order.walletAddress.slice(2).toLowerCase().padStart(64, '0')}${11_000_000n.toString(16).padStart(64, '0')}`,
        gasLimit: 100_000,
      });
      await t.mine('ethereum', 1);
      await t.rpc('ethereum').call('evm_setAutomine', [true]);
      for (const tx of [native, token]) expect((await provider.getTransactionReceipt(tx.hash))?.status).toBe(0);
      await t.rpc('ethereum').call('hardhat_setCode', [order.walletAddress, '0x']);

      await t.scan('ethereum');
      await t.confirm('ethereum');
      expect(await t.payments(order.orderId)).toEqual([]);
      expect(await t.status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });
      expect(await t.ledger(order.orderId)).toEqual([]);

      await t.pay(order);
      await t.scan('ethereum');
      await t.confirm('ethereum');
      expect(await t.orderStatus(order.orderId)).toBe('paid');
      expect(await t.payments(order.orderId)).toHaveLength(1);
    } finally {
      await t.rpc('ethereum').call('evm_setAutomine', [true]);
      provider.destroy();
    }
  });
});

describe('chain reorganisation', () => {
  it('removes a payment seen before depth; it is never credited and the order waits again', async () => {
    const order = await t.createOrder('USDT');
    const snapshot = await t.snapshot('ethereum');
    const sent = await t.pay(order);
    await t.scan('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', confirmations: 1, requiredConfirmations: 3, receivedAmount: '11' });

    // The block with the payment is replaced by a longer chain without it.
    await t.revert('ethereum', snapshot);
    await t.mine('ethereum', 3);
    expect(await t.rpc('ethereum').call('eth_getTransactionReceipt', [sent.txHash])).toBeNull();
    await t.scan('ethereum');
    expect(await paymentRows(order)).toEqual([
      { txHash: sent.txHash, coin: 'USDT', network: 'ethereum', amount: '11000000', status: 'removed', disposition: null },
    ]);
    expect(await t.status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0', remainingAmount: '11', confirmations: 0 });
    expect(await lastEvent(order)).toMatchObject({
      fromStatus: 'confirming',
      toStatus: 'pending_crypto_payment',
      cause: 'payment removed by a chain reorganisation',
    });

    // Deeper than the required depth now: still nothing credited, nothing confirmed.
    await t.mine('ethereum', 5);
    await t.scan('ethereum');
    expect(await t.cursor('ethereum')).toBe(await t.head('ethereum'));
    // The watcher holds the new chain's blocks, not the old one's.
    const [held] = await t.api.database.db
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.network, 'ethereum'), eq(chainBlocks.number, sent.blockNumber)));
    const onChain = await t.rpc('ethereum').getBlock(sent.blockNumber, false);
    expect(held?.hash).toBe(onChain?.hash);
    expect((await t.payments(order.orderId))[0]?.status).toBe('removed');
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');
    expect(await t.ledger(order.orderId)).toEqual([]);
  });

  it('also when the new chain is shorter than what was scanned; the transaction mined again later is live again', async () => {
    const order = await t.createOrder('USDT-BEP20');
    const snapshot = await t.snapshot('bsc');
    const sent = await t.pay(order);
    const first = (await t.rpc('bsc').getBlock(sent.blockNumber, false))!;
    await t.scan('bsc');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', confirmations: 1, requiredConfirmations: 2 });
    await t.revert('bsc', snapshot); // the head is now below the watcher's cursor
    expect(await t.head('bsc')).toBeLessThan((await t.cursor('bsc'))!);
    await t.scan('bsc');
    expect((await t.payments(order.orderId)).map((p) => [p.txHash, p.status])).toEqual([[sent.txHash, 'removed']]);
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');

    // The same signed transaction (same account, nonce and content) returns in another block, as a
    // reorganised transaction comes back from the mempool on a real chain.
    await t.rpc('bsc').call('evm_setNextBlockTimestamp', [Number(first.timestamp) + 7]);
    const again = await t.pay(order);
    expect(again.txHash).toBe(sent.txHash);
    expect((await t.rpc('bsc').getBlock(again.blockNumber, false))!.hash).not.toBe(first.hash);
    await t.scan('bsc');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', receivedAmount: '11', confirmations: 1 });
    await t.confirm('bsc');
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: '11', confirmations: 2 });
    const rows = await t.payments(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      txHash: sent.txHash,
      status: 'confirmed',
      disposition: 'order',
      blockHash: (await t.rpc('bsc').getBlock(again.blockNumber, false))!.hash,
    });
    expect(await t.ledger(order.orderId)).toEqual([]);
  });

  it('when the chain switches back to the fork holding the payment, the payment is live again and pays the order', async () => {
    const order = await t.createOrder('USDT');
    const beforePayment = await t.snapshot('ethereum');
    const sent = await t.pay(order);
    const blockA = (await t.rpc('ethereum').getBlock(sent.blockNumber, false))!;
    await t.scan('ethereum');
    expect(await t.orderStatus(order.orderId)).toBe('confirming');

    // Fork B, without the payment, overtakes: the payment is removed.
    await t.revert('ethereum', beforePayment);
    const forkPoint = await t.snapshot('ethereum');
    await t.rpc('ethereum').call('evm_setNextBlockTimestamp', [Number(blockA.timestamp) + 3]);
    await t.mine('ethereum', 2);
    await t.scan('ethereum');
    expect((await t.payments(order.orderId))[0]?.status).toBe('removed');
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');

    // Fork A comes back longer: the very block that held the payment is canonical again.
    await t.revert('ethereum', forkPoint);
    await t.rpc('ethereum').call('evm_setNextBlockTimestamp', [Number(blockA.timestamp)]);
    const again = await t.pay(order);
    expect(again.txHash).toBe(sent.txHash);
    expect((await t.rpc('ethereum').getBlock(again.blockNumber, false))!.hash).toBe(blockA.hash);
    await t.mine('ethereum', 3);
    await t.scan('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'paid', receivedAmount: '11' });
    expect(await paymentRows(order)).toEqual([
      { txHash: sent.txHash, coin: 'USDT', network: 'ethereum', amount: '11000000', status: 'confirmed', disposition: 'order' },
    ]);
    expect(await t.ledger(order.orderId)).toEqual([]);
  });
});

describe('watcher killed and restarted mid-scan', () => {
  it('crash between fetching and writing: the restarted watcher records every payment once and skips nothing', async () => {
    const rpc = new FailingRpcClient(t.networks.ethereum!.rpcUrl);
    const crashing = t.watcher('ethereum', { rpc, maxBlockRange: 1 });
    const start = (await t.cursor('ethereum'))!;
    expect(start).toBe(await t.head('ethereum'));
    const batch = [await t.createOrder('USDT'), await t.createOrder('USDT'), await t.createOrder('USDC')];
    const sent = [];
    for (const order of batch) sent.push(await t.pay(order)); // one block each

    expect(await crashing.pass()).toBe(true); // first block: the first payment
    rpc.failNext.add('eth_getLogs');
    await expect(crashing.pass()).rejects.toThrow('simulated crash during eth_getLogs');
    expect(rpc.calls.slice(-2)).toEqual(['eth_getBlockByNumber', 'eth_getLogs']); // it had fetched the block
    expect(await t.cursor('ethereum')).toBe(start + 1);
    expect(await t.payments(batch[1]!.orderId)).toEqual([]);

    const restarted = t.watcher('ethereum', { maxBlockRange: 1 });
    expect(await t.scan('ethereum', restarted)).toBe(2);
    expect(await t.cursor('ethereum')).toBe(await t.head('ethereum'));
    await t.mine('ethereum', 2);
    await t.scan('ethereum', restarted);
    for (const [i, order] of batch.entries()) {
      expect(await paymentRows(order)).toEqual([
        { txHash: sent[i]!.txHash, coin: order.cryptocurrency, network: 'ethereum', amount: '11000000', status: 'confirmed', disposition: 'order' },
      ]);
      expect(await t.orderStatus(order.orderId)).toBe('paid');
      expect(await t.ledger(order.orderId)).toEqual([]);
    }
  });

  it('crash while writing the pass: nothing of it is kept, and the restarted watcher records it once', async () => {
    const payments = crashingPayments();
    const crashing = t.watcher('ethereum', { payments });
    const before = (await t.cursor('ethereum'))!;
    const order = await t.createOrder('USDT');
    const sent = await t.pay(order, { units: usdt('12') });
    await t.mine('ethereum', 2); // at depth within the same pass

    payments.crashAt = 'record';
    await expect(crashing.pass()).rejects.toThrow('simulated crash while writing the pass');
    expect(await t.cursor('ethereum')).toBe(before);
    expect(await t.payments(order.orderId)).toEqual([]);
    const kept = await t.api.database.db
      .select()
      .from(chainBlocks)
      .where(and(eq(chainBlocks.network, 'ethereum'), sql`${chainBlocks.number} > ${before}`));
    expect(kept).toEqual([]);

    await t.scan('ethereum', t.watcher('ethereum'));
    await t.scan('ethereum', t.watcher('ethereum'));
    expect(await paymentRows(order)).toEqual([
      { txHash: sent.txHash, coin: 'USDT', network: 'ethereum', amount: '12000000', status: 'confirmed', disposition: 'order' },
    ]);
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    expect(await t.ledger(order.orderId)).toMatchObject([{ reason: 'overpayment', amountCents: 100 }]);
  });

  it('crash after the pass is written but before the order is settled: the restarted watcher settles it, once', async () => {
    const payments = crashingPayments();
    const crashing = t.watcher('ethereum', { payments });
    const order = await t.createOrder('USDT');
    const sent = await t.pay(order, { units: usdt('12') });
    await t.mine('ethereum', 2); // recorded and confirmed by the same pass (a watcher catching up does this)

    payments.crashAt = 'settle';
    payments.orderId = order.orderId;
    await expect(crashing.pass()).rejects.toThrow('simulated crash before settling');
    expect(await t.cursor('ethereum')).toBe(await t.head('ethereum'));
    expect(await paymentRows(order)).toEqual([
      { txHash: sent.txHash, coin: 'USDT', network: 'ethereum', amount: '12000000', status: 'confirmed', disposition: null },
    ]);
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');

    const restarted = t.watcher('ethereum');
    await t.scan('ethereum', restarted);
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    await t.mine('ethereum', 1);
    await t.scan('ethereum', restarted);
    await t.scan('ethereum', t.watcher('ethereum'));
    expect(await paymentRows(order)).toEqual([
      { txHash: sent.txHash, coin: 'USDT', network: 'ethereum', amount: '12000000', status: 'confirmed', disposition: 'order' },
    ]);
    expect(await t.ledger(order.orderId)).toMatchObject([{ reason: 'overpayment', amountCents: 100 }]);
  });

  it('crash after a reorganisation is written but before the order is settled: the order does not stay confirming', async () => {
    const payments = crashingPayments();
    const crashing = t.watcher('polygon', { payments });
    const order = await t.createOrder('POL');
    const snapshot = await t.snapshot('polygon');
    await t.pay(order);
    await t.scan('polygon', crashing);
    expect(await t.orderStatus(order.orderId)).toBe('confirming');
    await t.revert('polygon', snapshot);
    await t.mine('polygon', 3);

    payments.crashAt = 'settle';
    payments.orderId = order.orderId;
    await expect(t.scan('polygon', crashing)).rejects.toThrow('simulated crash before settling');
    expect((await t.payments(order.orderId))[0]?.status).toBe('removed');

    await t.scan('polygon', t.watcher('polygon'));
    expect(await t.orderStatus(order.orderId)).toBe('pending_crypto_payment');
    expect(await t.ledger(order.orderId)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two watcher processes on one network', () => {
  it('only the one holding the lock scans; when it stops, the other takes over; nothing is recorded twice', async () => {
    const second = await t.secondProcess();
    const attempts = { first: 0, second: 0 };
    const countAttempts = (database: typeof second.database, who: keyof typeof attempts) => {
      const tryLock = database.tryLock.bind(database);
      return { ...database, tryLock: (key: number) => (attempts[who]++, tryLock(key)) };
    };
    const rpcA = new FailingRpcClient(t.networks.ethereum!.rpcUrl);
    const rpcB = new FailingRpcClient(t.networks.ethereum!.rpcUrl);
    const a = t.watcher('ethereum', { rpc: rpcA, pollMs: 50, database: countAttempts(t.api.database, 'first') });
    const b = second.watcher('ethereum', { rpc: rpcB, pollMs: 50, database: countAttempts(second.database, 'second') });
    try {
      a.start();
      await until(() => a.scanning, 'the first watcher holds the lock');
      b.start();
      await until(() => attempts.second >= 3, 'the second watcher has tried the lock three times');
      expect(b.scanning).toBe(false);
      expect(rpcB.calls).toEqual([]);

      const first = await t.createOrder('USDT');
      const sentFirst = await t.pay(first);
      await t.mine('ethereum', 2);
      await until(async () => (await t.orderStatus(first.orderId)) === 'paid', 'the first watcher pays the order');
      expect(rpcA.calls).toContain('eth_getLogs');
      expect(rpcB.calls).toEqual([]);
      expect(b.scanning).toBe(false);

      await a.stop();
      expect(a.scanning).toBe(false);
      await until(() => b.scanning, 'the second watcher takes over');
      const next = await t.createOrder('USDC');
      const sentNext = await t.pay(next);
      await t.mine('ethereum', 2);
      await until(async () => (await t.orderStatus(next.orderId)) === 'paid', 'the second watcher pays the next order');
      expect(rpcB.calls).toContain('eth_getLogs');

      // The first comes back and waits its turn.
      const callsA = rpcA.calls.length;
      const attemptsA = attempts.first;
      a.start();
      await until(() => attempts.first >= attemptsA + 3, 'the first watcher has tried the lock again');
      expect(a.scanning).toBe(false);
      expect(rpcA.calls.length).toBe(callsA);

      await until(async () => (await t.cursor('ethereum')) === (await t.head('ethereum')), 'the scan has caught up');
      for (const [order, sent] of [
        [first, sentFirst],
        [next, sentNext],
      ] as const) {
        expect(await paymentRows(order)).toEqual([
          { txHash: sent.txHash, coin: order.cryptocurrency, network: 'ethereum', amount: '11000000', status: 'confirmed', disposition: 'order' },
        ]);
      }
      const [{ count } = { count: -1 }] = (
        (await t.api.database.db.execute(
          sql`select count(*)::int as count from ${payments} where tx_hash in (${sentFirst.txHash}, ${sentNext.txHash})`,
        )) as unknown as { rows: { count: number }[] }
      ).rows;
      expect(count).toBe(2);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
  });
});
