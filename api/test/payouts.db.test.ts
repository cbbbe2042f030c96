import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { and, eq, like } from 'drizzle-orm';
import { CHAINS, type TNetwork, type TPaymentCreated } from '@topup/shared';
import { payFromDevnet } from '../src/chain/devnet';
import { auditLog, ledgerEntries } from '../src/db/schema';
import { EvmSweepPlanner } from '../src/scripts/sweep/evm';
import { SweepApi } from '../src/scripts/sweep/api';
import { SweepKeys } from '../src/scripts/sweep/keys';
import { runSweep } from '../src/scripts/sweep/run';
import { startChainTest, type ChainTest } from './chain-harness';
import { adminToken } from './harness';

/**
 * Payouts: the credit held on an anonymous order (another coin sent to its address) goes back to an
 * address of the customer's choice, after an admin's approval, paid by the sweep tool's signer, once.
 */

const DEV_PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CUSTOMER_WALLET = '0x2000000000000000000000000000000000000002';
const ERC20 = new Interface(['function balanceOf(address owner) view returns (uint256)']);
const keys = new SweepKeys(DEV_PHRASE);

let t: ChainTest;
let token: string;
let order: TPaymentCreated;

const asAdmin = (method: string, path: string, body?: unknown) => t.api.call(method, `/api/admin${path}`, { body, headers: { 'x-admin-token': token } });
const usdtOf = async (address: string) =>
  BigInt(
    await t
      .rpc('ethereum')
      .call<string>('eth_call', [{ to: t.networks.ethereum!.tokens.USDT, data: ERC20.encodeFunctionData('balanceOf', [address]) }, 'latest']),
  );

beforeAll(async () => {
  t = await startChainTest();
  token = await adminToken(t.api);
  // An anonymous USDT order paid in USDC: the USDC's value is held on the order for its owner.
  order = await t.createOrder('USDT', 10);
  await t.pay(order, { coin: 'USDC', units: 5_000_000n });
  await t.confirm('ethereum');
  // The operator's signer holds USDT and ether for payouts.
  const eth = t.networks.ethereum!;
  await payFromDevnet({ rpcUrl: eth.rpcUrl, chainId: eth.chainId, to: keys.signer.address, tokenContract: null, units: 10n ** 19n, accountIndex: 8 });
  await payFromDevnet({
    rpcUrl: eth.rpcUrl,
    chainId: eth.chainId,
    to: keys.signer.address,
    tokenContract: eth.tokens.USDT!,
    units: 100_000_000n,
    accountIndex: 8,
  });
}, 180_000);
afterAll(() => t?.close(), 60_000);

const held = async () => (await t.ledger(order.orderId)).filter((l) => l.customerId === null).reduce((s, l) => s + l.amountCents, 0);

describe('payouts', () => {
  let payoutId: number;

  it('refuses a payout out of the limits or beyond what is held, and one without proof of the order', async () => {
    expect(await held()).toBe(500);
    const ask = { orderToken: order.orderToken, network: 'ethereum', coin: 'USDT', address: CUSTOMER_WALLET };
    expect((await t.api.call('POST', '/api/payouts', { body: { ...ask, amount: 0.5 } })).status).toBe(400);
    expect((await t.api.call('POST', '/api/payouts', { body: { ...ask, amount: 6 } })).status).toBe(409);
    expect((await t.api.call('POST', '/api/payouts', { body: { ...ask, coin: 'BNB' } })).status).toBe(400);
    expect((await t.api.call('POST', '/api/payouts', { body: { ...ask, orderToken: undefined } })).status).toBe(401);
  });

  it('is asked by the customer, approved once even when approved twice at the same time, and debited once', async () => {
    const asked = await t.api.call('POST', '/api/payouts', {
      body: { orderToken: order.orderToken, network: 'ethereum', coin: 'USDT', address: CUSTOMER_WALLET },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.payout).toMatchObject({ amount: 5, status: 'requested', orderId: order.orderId, requestedBy: 'customer' });
    payoutId = asked.body.payout.id;
    // What is asked is not available to ask again.
    expect(
      (await t.api.call('POST', '/api/payouts', { body: { orderToken: order.orderToken, network: 'ethereum', coin: 'USDT', address: CUSTOMER_WALLET } }))
        .status,
    ).toBe(400);

    const both = await Promise.all([asAdmin('POST', `/payouts/${payoutId}/approve`, {}), asAdmin('POST', `/payouts/${payoutId}/approve`, {})]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const approved = both.find((r) => r.status === 200)!.body.payout;
    expect(approved).toMatchObject({ status: 'approved', cryptoAmount: '5000000' });
    const debits = (await t.ledger(order.orderId)).filter((l) => l.reason === 'payout');
    expect(debits.map((l) => l.amountCents)).toEqual([-500]);
    expect(await held()).toBe(0);
    expect((await asAdmin('POST', `/payouts/${payoutId}/reject`, {})).status).toBe(409);
  });

  it('is paid by the sweep tool once, with its transaction recorded, and shown in the order story', async () => {
    const api = new SweepApi(t.api.url, token);
    const pay = async () =>
      runSweep({
        sources: await api.sources('ethereum'),
        journal: api,
        execute: true,
        payouts: await api.approvedPayouts(),
        decimals: (coin) => CHAINS.coin(coin)?.decimals ?? 18,
        print: () => undefined,
        planners: {
          evm: (n) => new EvmSweepPlanner({ rpc: t.rpc(n.network as TNetwork), network: t.networks[n.network as TNetwork]!, keys, treasury: CUSTOMER_WALLET }),
        },
      });
    await pay();
    await pay();
    expect(await usdtOf(CUSTOMER_WALLET)).toBe(5_000_000n);

    const [payout] = (await asAdmin('GET', '/payouts')).body.payouts;
    expect(payout).toMatchObject({ id: payoutId, status: 'paid' });
    expect(payout.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(payout.fee)).toBeGreaterThan(0n);
    const receipt = await t.rpc('ethereum').call<{ status: string }>('eth_getTransactionReceipt', [payout.txHash]);
    expect(receipt.status).toBe('0x1');

    const story = await t.api.call('GET', `/api/orders/${order.paymentId}/story`, { headers: { 'x-order-token': order.orderToken } });
    expect(story.status).toBe(200);
    expect(story.body.timeline.filter((i: { kind: string }) => i.kind === 'paid_out')).toMatchObject([{ amount: 5 }]);

    const audit = await t.api.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.target, `payout:${payoutId}`));
    expect(audit.map((a) => a.action)).toEqual(['payout.request', 'payout.approve', 'payout.send', 'payout.paid']);
    const entries = await t.api.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'payout'), eq(ledgerEntries.referenceId, String(payoutId))));
    expect(entries).toHaveLength(1);
  });
});
