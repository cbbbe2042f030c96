import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { inArray, sql } from 'drizzle-orm';
import { CHAINS, type TCoinSymbol, type TNetwork, type TPaymentCreated } from '@topup/shared';
import { payFromDevnet } from '../src/chain/devnet';
import { orders, treasuryTransfers } from '../src/db/schema';
import { EvmSweepPlanner } from '../src/scripts/sweep/evm';
import { SweepApi } from '../src/scripts/sweep/api';
import { SweepKeys } from '../src/scripts/sweep/keys';
import { runSweep, type SweepRun } from '../src/scripts/sweep/run';
import type { SweepJournal } from '../src/scripts/sweep/planner';
import { startChainTest, type ChainTest } from './chain-harness';
import { adminToken } from './harness';

/**
 * The sweep tool on the devnet: paid orders on three networks swept to a treasury address, planned
 * then executed, interrupted once and resumed; an open order's address left alone.
 */

/** The development deposit key's phrase (DEV_DEPOSIT_XPUB is its m/44'/60'/0'/0). */
const DEV_PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TREASURY = '0x1000000000000000000000000000000000000001';
const ERC20 = new Interface(['function balanceOf(address owner) view returns (uint256)']);

const MIX: Record<'ethereum' | 'bsc' | 'polygon', TCoinSymbol[]> = {
  ethereum: ['USDT', 'USDT', 'USDT', 'USDT', 'USDC', 'USDC', 'USDC', 'ETH', 'ETH', 'ETH'],
  bsc: ['USDT-BEP20', 'USDT-BEP20', 'USDT-BEP20', 'USDT-BEP20', 'USDT-BEP20', 'USDT-BEP20', 'BNB', 'BNB', 'BNB', 'BNB'],
  polygon: ['USDT-POLYGON', 'USDT-POLYGON', 'USDT-POLYGON', 'USDT-POLYGON', 'USDC-POLYGON', 'USDC-POLYGON', 'USDC-POLYGON', 'POL', 'POL', 'POL'],
};
const NETWORKS = Object.keys(MIX) as (keyof typeof MIX)[];

let t: ChainTest;
let api: SweepApi;
let token: string;
const keys = new SweepKeys(DEV_PHRASE);
const paid: TPaymentCreated[] = [];
let open: TPaymentCreated;

beforeAll(async () => {
  t = await startChainTest();
  token = await adminToken(t.api);
  api = new SweepApi(t.api.url, token);
  for (const network of NETWORKS) {
    for (const [i, coin] of MIX[network].entries()) {
      const order = await t.createOrder(coin, 10 + i);
      await t.pay(order, { accountIndex: 1 + NETWORKS.indexOf(network) });
      paid.push(order);
    }
  }
  // An order paid in part: it stays open, waiting for the rest.
  open = await t.createOrder('USDT', 20);
  await t.pay(open, { units: BigInt(open.cryptoAmountBaseUnits) / 2n, accountIndex: 4 });
  for (const network of NETWORKS) await t.confirm(network);
  // A day later: the watcher no longer looks at these addresses.
  await t.api.database.db.update(orders).set({ watchUntil: sql`now() - interval '1 minute'` });
  // The operator funds the sweep signer with each network's native coin (for gas).
  for (const network of NETWORKS) {
    const n = t.networks[network]!;
    await payFromDevnet({ rpcUrl: n.rpcUrl, chainId: n.chainId, to: keys.signer.address, tokenContract: null, units: 10n ** 20n, accountIndex: 9 });
  }
}, 240_000);
afterAll(() => t?.close(), 60_000);

const nativeOf = async (network: TNetwork, address: string) => BigInt(await t.rpc(network).call<string>('eth_getBalance', [address, 'latest']));
const tokenOf = async (network: TNetwork, coin: string, address: string) =>
  BigInt(
    await t
      .rpc(network)
      .call<string>('eth_call', [{ to: t.networks[network]!.tokens[coin], data: ERC20.encodeFunctionData('balanceOf', [address]) }, 'latest']),
  );

function run(journal: SweepJournal, execute: boolean, lines: string[] = []) {
  return async () => {
    const r: SweepRun = {
      sources: await api.sources(),
      journal,
      execute,
      decimals: (coin) => CHAINS.coin(coin)?.decimals ?? 18,
      print: (line) => lines.push(line),
      planners: {
        evm: (n) =>
          new EvmSweepPlanner({ rpc: t.rpc(n.network as TNetwork), network: t.networks[n.network as TNetwork]!, keys, treasury: TREASURY, batchSize: 4 }),
      },
    };
    return runSweep(r);
  };
}

/** The API as the journal, but the process dies at the n-th settlement: transactions are out, not all settled. */
function crashingAt(n: number): SweepJournal {
  let settled = 0;
  return {
    record: (x) => api.record(x),
    leftovers: (network, rows) => api.leftovers(network, rows),
    async settle(id, outcome) {
      if (++settled === n) throw new Error('simulated crash');
      await api.settle(id, outcome);
    },
  };
}

describe('npm run sweep on the devnet', () => {
  it('plans first (with its total fee) without moving anything; the open order is not in the plan', async () => {
    const lines: string[] = [];
    const { plans } = await run(api, false, lines)();
    expect(plans.map((p) => p.network)).toEqual(NETWORKS);
    for (const plan of plans) {
      expect(plan.addresses).toHaveLength(10);
      expect(plan.totalFee).toBe(plan.transfers.reduce((s, x) => s + x.fee, 0n));
      expect(plan.totalFee).toBeGreaterThan(0n);
      // Each token holder is funded with gas; each address's coins go to the treasury.
      const tokens = plan.transfers.filter((x) => x.kind === 'token');
      expect(tokens).toHaveLength(MIX[plan.network as keyof typeof MIX].filter((c) => CHAINS.coin(c)!.kind === 'token').length);
      expect(plan.transfers.filter((x) => x.kind === 'gas')).toHaveLength(tokens.length);
      expect(plan.transfers.filter((x) => x.kind === 'native')).toHaveLength(3 + (plan.network === 'bsc' ? 1 : 0));
    }
    const ethereum = plans.find((p) => p.network === 'ethereum')!;
    expect(ethereum.skipped).toEqual([{ address: open.walletAddress, orderId: open.orderId }]);
    expect(lines.join('\n')).toMatch(/ethereum: \d+ transfer\(s\), total fee at most [\d.]+ ETH/);
    expect(await tokenOf('ethereum', 'USDT', TREASURY)).toBe(0n);
  });

  it('executes, is interrupted once, resumes, and leaves nothing but dust with every fee recorded', async () => {
    const signerBefore = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await nativeOf(n, keys.signer.address)] as const)));
    await expect(run(crashingAt(10), true)()).rejects.toThrow('simulated crash');
    const interrupted = await api.sources();
    expect(interrupted.networks.flatMap((n) => n.unsettled).length).toBeGreaterThan(0);

    const lines: string[] = [];
    await run(api, true, lines)();
    expect(lines.join('\n')).toMatch(/finished \d+ transaction\(s\) of an interrupted run/);

    // Every token paid arrived at the treasury; every address holds at most dust.
    for (const order of paid) {
      const coin = CHAINS.requireCoin(order.cryptocurrency);
      const network = coin.network as TNetwork;
      if (coin.kind === 'token') expect(await tokenOf(network, coin.symbol, order.walletAddress), order.cryptocurrency).toBe(0n);
      expect(await nativeOf(network, order.walletAddress)).toBeLessThan(10n ** 14n);
    }
    for (const network of NETWORKS) {
      for (const symbol of Object.keys(t.networks[network]!.tokens)) {
        const due = paid.filter((o) => o.cryptocurrency === symbol).reduce((s, o) => s + BigInt(o.cryptoAmountBaseUnits), 0n);
        expect(await tokenOf(network, symbol, TREASURY), symbol).toBe(due);
      }
    }

    // Every transaction settled with its fee, and the fees account for every wei exactly.
    const rows = await t.api.database.db.select().from(treasuryTransfers);
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.every((r) => r.status === 'confirmed' && r.fee !== null && BigInt(r.fee) > 0n)).toBe(true);
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    for (const network of NETWORKS) {
      const mine = rows.filter((r) => r.network === network);
      const gas = mine.filter((r) => r.kind === 'gas');
      // The signer's coins went exactly to gas and its transactions' fees.
      expect(signerBefore[network]! - (await nativeOf(network, keys.signer.address))).toBe(sum(gas.map((r) => BigInt(r.amount) + BigInt(r.fee!))));
      // At the deposit addresses: native paid + gas received = swept to the treasury + fees + what is left.
      const addresses = paid.filter((o) => CHAINS.requireCoin(o.cryptocurrency).network === network);
      const nativePaid = sum(addresses.filter((o) => CHAINS.requireCoin(o.cryptocurrency).kind === 'native').map((o) => BigInt(o.cryptoAmountBaseUnits)));
      const swept = sum(mine.filter((r) => r.kind === 'native').map((r) => BigInt(r.amount)));
      const fees = sum(mine.filter((r) => r.kind !== 'gas').map((r) => BigInt(r.fee!)));
      const left = sum(await Promise.all(addresses.map((o) => nativeOf(network, o.walletAddress))));
      expect(nativePaid + sum(gas.map((r) => BigInt(r.amount)))).toBe(swept + fees + left);
      expect(await nativeOf(network, TREASURY)).toBe(swept);
    }
    // No transaction was sent twice: one per address and coin moved, one gas transfer per token holder.
    const tokenRows = rows.filter((r) => r.kind === 'token');
    expect(new Set(tokenRows.map((r) => `${r.network}:${r.fromAddress}:${r.coin}`)).size).toBe(tokenRows.length);

    // The admin's summary: tokens all swept, nothing pending but the open order's, dust recorded.
    const summary = (await t.api.call('GET', '/api/admin/sweeps', { headers: { 'x-admin-token': token } })).body;
    const usdt = summary.rows.find((r: { network: string; coin: string }) => r.network === 'ethereum' && r.coin === 'USDT');
    expect(BigInt(usdt.pending)).toBe(BigInt(open.cryptoAmountBaseUnits) / 2n);
    expect(BigInt(usdt.swept)).toBe(BigInt(usdt.received) - BigInt(usdt.pending));
    expect(summary.fees.map((f: { network: string }) => f.network).sort()).toEqual([...NETWORKS].sort());
  }, 240_000);

  it('finds nothing more to do on a second run; the open order keeps its money', async () => {
    const { plans } = await run(api, true)();
    for (const plan of plans) expect(plan.transfers).toEqual([]);
    expect(await tokenOf('ethereum', 'USDT', open.walletAddress)).toBe(BigInt(open.cryptoAmountBaseUnits) / 2n);
    const [row] = await t.api.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [open.orderId]));
    expect(row!.status).toBe('pending_crypto_payment');
  });

  it('runs as npm run sweep: the seed, token and treasury from the environment, the plan printed', async () => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      DEVNET: 'true',
      DATA_DIR: path.join(os.tmpdir(), 'sweep-cli-none'),
      SWEEP_SEED_PHRASE: DEV_PHRASE,
      SWEEP_ADMIN_TOKEN: token,
      TREASURY_ADDRESS: TREASURY,
    };
    for (const network of Object.keys(t.networks)) env[`${network.toUpperCase()}_RPC_URL`] = t.networks[network as TNetwork]!.rpcUrl;
    const root = path.resolve(import.meta.dirname, '../..');
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'sweep', '--', '--api', t.api.url], { cwd: root, env, timeout: 120_000 });
    expect(stdout).toContain(`sweep signer (gas and payouts): ${keys.signer.address}`);
    expect(stdout).toMatch(/ethereum: 0 transfer\(s\), total fee at most 0 ETH/);
    expect(stdout).toContain(`open   ${open.walletAddress} (order ${open.orderId}) not swept`);
  }, 150_000);
});
