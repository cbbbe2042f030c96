import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAINS, type TPaymentCreated } from '@topup/shared';
import { adminToken } from '../../../test/harness';
import { startTronTest, type TronTest } from '../../../test/tron-harness';
import { orders, treasuryTransfers } from '../../db/schema';
import { SweepApi } from '../../scripts/sweep/api';
import { SweepKeys } from '../../scripts/sweep/keys';
import type { SweepJournal } from '../../scripts/sweep/planner';
import { runSweep } from '../../scripts/sweep/run';
import { payOnTronDouble } from './devnet';
import { addressOfName } from './double';
import { TronHttpClient } from './http';
import { tokenBalance } from './sweep-cost';
import { TRON_KEYS, TronSweepPlanner } from './sweep-planner';

/**
 * The sweep tool on Tron: ten orders paid in USDT on the Tron double through the API, planned from
 * the chain (each address's energy, the TRX its transfer burns, its activation, and the total), then
 * executed with transactions signed here and checked by the double, interrupted once and resumed.
 */

/** The development Tron key's phrase (DEV_TRON_DEPOSIT_XPUB is its m/44'/195'/0'/0). */
const DEV_PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TREASURY = addressOfName('treasury');

let t: TronTest;
let api: SweepApi;
let token: string;
const paid: TPaymentCreated[] = [];
let open: TPaymentCreated;

beforeAll(async () => {
  t = await startTronTest();
  token = await adminToken(t.api);
  api = new SweepApi(t.api.url, token);
  for (let i = 0; i < 10; i++) {
    const order = await t.createOrder('USDT-TRON', 10 + i);
    await t.pay(order);
    paid.push(order);
  }
  // Paid in part: it stays open, waiting for the rest.
  open = await t.createOrder('USDT-TRON', 20);
  await t.pay(open, { units: BigInt(open.cryptoAmountBaseUnits) / 2n });
  // The treasury already holds USDT: a transfer to it writes no fresh balance slot (64,285 energy, not 130,285).
  await payOnTronDouble(t.double.rpcUrl, { to: TREASURY, tokenContract: t.double.tokens['USDT-TRON']!, units: 1n });
  await t.scan();
  await t.confirm();
  // A day later: the watcher no longer looks at these addresses.
  await t.api.database.db.update(orders).set({ watchUntil: sql`now() - interval '1 minute'` });
}, 240_000);
afterAll(() => t?.close());

/** runSweep with the Tron planner, as `npm run sweep` builds it; its printout in `lines`. */
async function run(execute: boolean, o: { phrase?: string; journal?: SweepJournal } = {}) {
  const lines: string[] = [];
  const client = new TronHttpClient([t.double.rpcUrl]);
  const keys = new SweepKeys(o.phrase ?? DEV_PHRASE, TRON_KEYS);
  const network = t.api.config.networks.tron!;
  const outcome = await runSweep({
    sources: await api.sources(),
    journal: o.journal ?? api,
    execute,
    decimals: (coin) => CHAINS.requireCoin(coin).decimals,
    print: (line) => lines.push(line),
    planners: { tron: () => new TronSweepPlanner({ client, network, keys, treasury: TREASURY }) },
  });
  return { lines, ...outcome };
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

const double = (path: string, body: object) =>
  fetch(`${t.double.rpcUrl}${path}`, { method: 'POST', body: JSON.stringify({ visible: true, ...body }) }).then((r) => r.json());
const trxOf = async (address: string) => BigInt(((await double('/wallet/getaccount', { address })) as { balance?: number }).balance ?? 0);
const usdtOf = (address: string) => tokenBalance(new TronHttpClient([t.double.rpcUrl]), t.double.tokens['USDT-TRON']!, address);

/** `npm run sweep` (plan only) against the test API and the double, with the seed and admin token in its environment. */
function sweepCli(extra: Record<string, string>) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    DEVNET: 'true',
    DATA_DIR: path.join(os.tmpdir(), 'sweep-cli-none'),
    SWEEP_SEED_PHRASE: DEV_PHRASE,
    SWEEP_ADMIN_TOKEN: token,
    TRON_RPC_URL: t.double.rpcUrl,
    ...extra,
  };
  const root = path.resolve(import.meta.dirname, '../../../..');
  return promisify(execFile)('npm', ['run', '--silent', 'sweep', '--', '--api', t.api.url], { cwd: root, env, timeout: 120_000 });
}

describe('npm run sweep on Tron (the Tron double)', () => {
  it('the plan for 10 paid orders lists each address with its energy cost, and the total', async () => {
    const { lines, plans } = await run(false);
    expect(plans).toHaveLength(1);
    const [plan] = plans;
    expect(plan!.addresses.map((a) => a.address).sort()).toEqual(paid.map((o) => o.walletAddress).sort());
    expect(plan!.skipped).toEqual([{ address: open.walletAddress, orderId: open.orderId }]);
    // Per address: 64,285 energy burnt at 100 sun (6.4285 TRX), the 1.1 TRX activation, and the signer's 0.267 TRX funding transfer.
    for (const order of paid) {
      const amount = order.cryptoAmount;
      expect(lines).toContain(
        `  ${order.walletAddress}: ${amount} USDT-TRON; energy 64285 needed, 0 delegated; burns 6.4285 TRX; activation 1.1 TRX; costs 7.7955 TRX`,
      );
    }
    expect(lines).toContain('  tron: 10 address(es), total 77.955 TRX');
    expect(lines).toContain('tron: 20 transfer(s), total fee at most 77.955 TRX');
  });

  it('energy delegated to an address lowers what its sweep burns', async () => {
    const [first] = paid;
    await fetch(`${t.double.rpcUrl}/double/delegate-energy`, { method: 'POST', body: JSON.stringify({ address: first!.walletAddress, energy: 65_000 }) });
    const { lines } = await run(false);
    // It burns nothing; the signer's transfer of 1 sun still activates it.
    expect(lines).toContain(
      `  ${first!.walletAddress}: ${first!.cryptoAmount} USDT-TRON; energy 64285 needed, 65000 delegated; burns 0 TRX; activation 1.1 TRX; costs 1.367 TRX`,
    );
    expect(lines).toContain(`  tron: 10 address(es), total 71.5265 TRX`);
  });

  it("a seed that is not the API key's stops the plan", async () => {
    await expect(run(false, { phrase: 'legal winner thank year wave sausage worth useful legal winner thank yellow' })).rejects.toThrow(
      /deposit address #\d+ of this seed phrase is T\w+, not T\w+/,
    );
  });

  it('runs as npm run sweep: the seed, token and Tron treasury from the environment, the plan printed', async () => {
    const { stdout } = await sweepCli({ TRON_TREASURY_ADDRESS: TREASURY });
    expect(stdout).toContain(`tron sweep signer (gas and payouts): ${new SweepKeys(DEV_PHRASE, TRON_KEYS).signerAddress}; treasury: ${TREASURY}`);
    for (const order of paid.slice(1)) expect(stdout).toContain(`  ${order.walletAddress}: ${order.cryptoAmount} USDT-TRON; energy 64285 needed`);
    expect(stdout).toContain('  tron: 10 address(es), total 71.5265 TRX');
  }, 150_000);

  it('npm run sweep refuses a Tron treasury that is not a Tron address', async () => {
    const failed = await sweepCli({ TRON_TREASURY_ADDRESS: '0x1000000000000000000000000000000000000001' }).catch((err: { stderr: string }) => err);
    expect(failed.stderr).toContain('set TRON_TREASURY_ADDRESS to the address the funds of tron networks are swept to: must be a Tron address');
  }, 150_000);

  it('the API refuses a transfer or a leftover on Tron whose address is not a Tron one', async () => {
    const evm = '0x1000000000000000000000000000000000000001';
    const transfer = { network: 'tron', chainId: t.api.config.networks.tron!.chainId, kind: 'token' as const, coin: 'USDT-TRON', amount: '1', nonce: 0 };
    await expect(api.record({ ...transfer, from: paid[0]!.walletAddress, to: evm, txHash: 'ab'.repeat(32), rawTx: 'ab' })).rejects.toThrow(
      `${evm} on tron: must be a Tron address`,
    );
    await expect(api.leftovers('tron', [{ address: evm, coin: 'TRX', amount: '0' }])).rejects.toThrow('must be a Tron address');
  });

  it('executes: funds, sweeps the USDT to the treasury, is interrupted once, resumes, every fee recorded as burnt', async () => {
    const signer = new SweepKeys(DEV_PHRASE, TRON_KEYS).signerAddress;
    await payOnTronDouble(t.double.rpcUrl, { to: signer, tokenContract: null, units: 1_000_000_000n });
    const signerBefore = await trxOf(signer);
    await expect(run(true, { journal: crashingAt(5) })).rejects.toThrow('simulated crash');
    expect((await api.sources()).networks[0]!.unsettled.length).toBeGreaterThan(0);

    const { lines } = await run(true);
    expect(lines.join('\n')).toMatch(/tron: finished \d+ transaction\(s\) of an interrupted run/);

    // Every USDT paid is at the treasury (beside the 1 unit it held); the deposit addresses hold none.
    const due = paid.reduce((sum, o) => sum + BigInt(o.cryptoAmountBaseUnits), 0n);
    expect(await usdtOf(TREASURY)).toBe(due + 1n);
    for (const order of paid) expect(await usdtOf(order.walletAddress)).toBe(0n);

    // Each transaction settled with what it burnt: an activation 1.1 TRX, a USDT transfer 64,285 energy at 100 sun (none where energy was delegated).
    const rows = await t.api.database.db.select().from(treasuryTransfers);
    expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
    const gas = rows.filter((r) => r.kind === 'gas');
    const tokens = rows.filter((r) => r.kind === 'token');
    expect(gas.map((r) => r.fee)).toEqual(Array(10).fill('1100000'));
    expect(tokens.map((r) => r.fee).sort()).toEqual(['0', ...Array(9).fill('6428500')]);
    expect(new Set(tokens.map((r) => r.fromAddress)).size).toBe(10);
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
    // The signer's TRX went exactly to the funding and its fees; the deposit addresses burnt all but the delegated one's 1 sun.
    expect(signerBefore - (await trxOf(signer))).toBe(sum(gas.map((r) => BigInt(r.amount) + BigInt(r.fee!))));
    const left = sum(await Promise.all(paid.map((o) => trxOf(o.walletAddress))));
    expect(sum(gas.map((r) => BigInt(r.amount)))).toBe(sum(tokens.map((r) => BigInt(r.fee!))) + left);
    expect(left).toBe(1n);
  }, 120_000);

  it('finds nothing more to do on a second run; the open order keeps its money', async () => {
    const { plans } = await run(true);
    expect(plans[0]!.transfers).toEqual([]);
    expect(plans[0]!.skipped).toEqual([{ address: open.walletAddress, orderId: open.orderId }]);
    expect(await usdtOf(open.walletAddress)).toBe(BigInt(open.cryptoAmountBaseUnits) / 2n);
  });
});
