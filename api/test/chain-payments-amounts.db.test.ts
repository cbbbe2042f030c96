import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JsonRpcProvider } from 'ethers';
import pino from 'pino';
import { COINS, formatUnits, type TCoinSymbol, type TPaymentCreated } from '@topup/shared';
import { devnetAccount } from '../src/chain/devnet';
import { jobs, orders } from '../src/db/schema';
import { JobWorker } from '../src/jobs/queue';
import { QUEUES } from '../src/jobs/queues';
import { lastEvent, paymentRows, startChainPayments, t, usdt } from './chain-payments-fixture';

/**
 * On-chain payments end to end (docs/design.md section 5) on the local devnet: real nodes, real tokens, the
 * real API, database and watchers. Confirmations: Ethereum 3, BSC 2, Polygon 2; tolerance 0.5%.
 * This file: each coin, the amounts paid (short, over, late, wrong coin) and failed transactions.
 */

startChainPayments();

async function transitions(order: TPaymentCreated) {
  return (await t.events(order.orderId)).map((e) => `${e.fromStatus ?? '-'} -> ${e.toStatus}`);
}

/** Ends an order's payment window now, and runs the expiry job's handler as the job worker would. */
async function endWindow(order: TPaymentCreated) {
  await t.api.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, order.orderId));
  await t.api.services.orders.expire(order.orderId);
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
    // The display says so, and the payment screen asks for the rest only, its link carrying exactly that.
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
