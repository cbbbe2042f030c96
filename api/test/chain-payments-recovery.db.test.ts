import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../src/db/client';
import { chainBlocks, payments } from '../src/db/schema';
import { PaymentService, type ObservedPayment } from '../src/services/payments';
import { FailingRpcClient, until } from './chain-harness';
import { lastEvent, paymentRows, startChainPayments, t, usdt } from './chain-payments-fixture';

/**
 * On-chain payments end to end (docs/design.md section 5) on the local devnet: real nodes, real tokens, the
 * real API, database and watchers. Confirmations: Ethereum 3, BSC 2, Polygon 2; tolerance 0.5%.
 * This file: chain reorganisations, a watcher killed mid-scan, and two watchers on one network.
 */

startChainPayments();

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

  override async settle(orderId: number): Promise<boolean> {
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
      const [{ count } = { count: -1 }] = rowsOf<{ count: number }>(
        await t.api.database.db.execute(sql`select count(*)::int as count from ${payments} where tx_hash in (${sentFirst.txHash}, ${sentNext.txHash})`),
      );
      expect(count).toBe(2);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
  });
});
