import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TPaymentCreated } from '@topup/shared';
import { orders } from '../src/db/schema';
import { JsonRpcClient, RpcError } from '../src/chain/evm/json-rpc';
import { startChainTest, type ChainTest } from './chain-harness';

/**
 * What the watcher does beyond scanning: it checks its node's chain id, waits for
 * the chain's own finality, and finds native coins that arrive by internal transfers.
 */

let t: ChainTest;
beforeAll(async () => {
  t = await startChainTest();
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

/** A node client that can be cut off and pointed at another node (a failover behind one URL). */
class SwitchableRpc extends JsonRpcClient {
  down = false;
  constructor(public target: JsonRpcClient) {
    super(target.url);
  }
  override batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    if (this.down) return Promise.reject(new RpcError(`RPC node ${this.url} unreachable: connection refused`));
    return this.target.batch<T>(calls);
  }
}

/** A node that answers the finality tag with a block we choose, or does not know the tag. */
class FinalityRpc extends JsonRpcClient {
  finalized: number | 'unknown tag' = 0;
  tagAsked = 0;
  override async batch<T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> {
    const tagged = calls.findIndex((c) => c.method === 'eth_getBlockByNumber' && c.params[0] === 'finalized');
    if (tagged === -1) return super.batch<T>(calls);
    this.tagAsked++;
    if (this.finalized === 'unknown tag') throw new RpcError('eth_getBlockByNumber: invalid block tag finalized', -32602);
    const [block] = await super.batch<T>([{ method: 'eth_getBlockByNumber', params: [`0x${this.finalized.toString(16)}`, false] }]);
    return [block!];
  }
}

async function alerts() {
  return (await t.api.services.alerts.open()).map((a) => a.kind);
}

describe('chain id check', () => {
  it('refuses to scan a node of another chain, at start and after a reconnect, with an admin alert', async () => {
    const rpc = new SwitchableRpc(t.rpc('ethereum'));
    const watcher = t.watcher('ethereum', { rpc });
    await t.scan('ethereum', watcher);
    const scannedTo = await t.cursor('ethereum');

    // The connection drops; behind the same URL a node of another chain (BSC's devnet) answers.
    rpc.down = true;
    await expect(watcher.pass()).rejects.toThrow(/unreachable/);
    rpc.down = false;
    rpc.target = t.rpc('bsc');
    expect(await watcher.pass()).toBe(false);
    expect(await t.cursor('ethereum')).toBe(scannedTo);
    expect(await alerts()).toContain('chain_id_mismatch:ethereum');
    const [alert] = (await t.api.services.alerts.open()).filter((a) => a.kind === 'chain_id_mismatch:ethereum');
    expect(alert!.message).toMatch(/is chain 31338, the configuration says 31337/);

    // A watcher that starts on the wrong node scans nothing either.
    const wrong = t.watcher('ethereum', { rpc: new SwitchableRpc(t.rpc('polygon')) });
    expect(await wrong.pass()).toBe(false);
    expect(await t.cursor('ethereum')).toBe(scannedTo);
  });
});

describe('finality', () => {
  const finalityWatcher = (rpc: JsonRpcClient) => t.watcher('ethereum', { rpc, network: { ...t.networks.ethereum!, finality: 'finalized', confirmations: 3 } });

  it('a payment counts once the node says its block is finalized, not at a block count', async () => {
    const rpc = new FinalityRpc(t.networks.ethereum!.rpcUrl);
    const watcher = finalityWatcher(rpc);
    await t.scan('ethereum', watcher);
    const order = await t.createOrder('USDT');
    const sent = await t.pay(order);
    rpc.finalized = sent.blockNumber - 1;
    await t.mine('ethereum', 5);
    await t.scan('ethereum', watcher);
    // Six blocks deep, three would do by count: the chain has not finalized it.
    expect(await t.status(order)).toMatchObject({ status: 'confirming', confirmations: 6 });
    rpc.finalized = sent.blockNumber;
    await t.mine('ethereum', 1);
    await t.scan('ethereum', watcher);
    expect(await t.orderStatus(order.orderId)).toBe('paid');
  });

  it('asks for the tag only while a payment waits, and counts blocks where the node does not know it', async () => {
    const rpc = new FinalityRpc(t.networks.ethereum!.rpcUrl);
    const watcher = finalityWatcher(rpc);
    await t.mine('ethereum', 3);
    await t.scan('ethereum', watcher);
    expect(rpc.tagAsked).toBe(0);
    rpc.finalized = 'unknown tag';
    const order = await t.createOrder('USDC');
    await t.pay(order);
    await t.scan('ethereum', watcher);
    expect(rpc.tagAsked).toBe(1);
    await t.mine('ethereum', 2);
    await t.scan('ethereum', watcher);
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    expect(rpc.tagAsked).toBe(1);
  });
});

describe('native coins sent by a contract', () => {
  /** Moves the order's window (or its watch) to end within the balance check's lead. */
  async function endsSoon(order: TPaymentCreated, what: 'window' | 'watch') {
    const soon = new Date(Date.now() + 10_000);
    await t.api.database.db
      .update(orders)
      .set(what === 'window' ? { expiresAt: soon } : { watchUntil: soon })
      .where(eq(orders.id, order.orderId));
  }

  it('an internal transfer is found by the balance check before the window ends, pays the order, and is credited once', async () => {
    const order = await t.createOrder('ETH');
    await t.pay(order, { viaContract: true });
    await t.scan('ethereum');
    // No transaction is addressed to the deposit address: scanning blocks does not see it.
    expect(await t.status(order)).toMatchObject({ status: 'pending_crypto_payment', receivedAmount: '0' });

    await endsSoon(order, 'window');
    await t.mine('ethereum', 1);
    await t.scan('ethereum');
    expect(await t.status(order)).toMatchObject({ status: 'confirming', receivedAmount: order.cryptoAmount });
    await t.confirm('ethereum');
    expect(await t.orderStatus(order.orderId)).toBe('paid');
    const [payment] = await t.payments(order.orderId);
    expect(payment).toMatchObject({
      coin: 'ETH',
      amount: order.cryptoAmountBaseUnits,
      logIndex: -2,
      fromAddress: null,
      status: 'confirmed',
      disposition: 'order',
    });

    // The check before the watch ends finds nothing more: the balance is explained by that payment.
    await endsSoon(order, 'watch');
    await t.mine('ethereum', 1);
    await t.scan('ethereum');
    expect(await t.payments(order.orderId)).toHaveLength(1);
    expect(await t.ledger(order.orderId)).toEqual([]);
  });

  it('a later internal transfer to a paid order is found by the next balance check and credited to the balance', async () => {
    const order = await t.createOrder('ETH');
    await t.pay(order);
    await t.confirm('ethereum');
    await endsSoon(order, 'window');
    await t.pay(order, { viaContract: true, units: 10n ** 15n });
    await t.scan('ethereum');
    // Before its window ended the balance held the recorded payment and the new one.
    await t.confirm('ethereum');
    expect((await t.payments(order.orderId)).map((p) => [p.logIndex, p.amount, p.disposition])).toEqual([
      [-1, order.cryptoAmountBaseUnits, 'order'],
      [-2, String(10n ** 15n), 'credited'],
    ]);
    expect((await t.ledger(order.orderId)).map((l) => [l.reason, l.amountCents])).toEqual([['overpayment', 300]]);
  });
});
