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
import { runSweep } from '../../scripts/sweep/run';
import { payOnTronDouble } from './devnet';
import { addressOfName } from './double';
import { TronHttpClient } from './http';
import { TRON_KEYS, TronSweepPlanner } from './sweep-planner';

/**
 * The sweep tool on Tron: ten orders paid in USDT on the Tron double through the API, planned from
 * the chain: each address's energy, the TRX its transfer burns, its activation, and the total.
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
async function run(execute: boolean, phrase = DEV_PHRASE) {
  const lines: string[] = [];
  const client = new TronHttpClient([t.double.rpcUrl]);
  const keys = new SweepKeys(phrase, TRON_KEYS);
  const outcome = await runSweep({
    sources: await api.sources(),
    journal: api,
    execute,
    decimals: (coin) => CHAINS.requireCoin(coin).decimals,
    print: (line) => lines.push(line),
    planners: { tron: () => new TronSweepPlanner({ client, keys, treasury: TREASURY }) },
  });
  return { lines, ...outcome };
}

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
    await expect(run(false, 'legal winner thank year wave sausage worth useful legal winner thank yellow')).rejects.toThrow(
      /deposit address #\d+ of this seed phrase is T\w+, not T\w+/,
    );
  });

  it('--execute says the Tron plan is not signed, and sends nothing', async () => {
    const { lines } = await run(true);
    expect(lines).toContain(
      'tron: planned only, nothing sent: this tool plans Tron sweeps but does not sign them yet (move the coins with a Tron wallet of the same seed, as the plan says)',
    );
    expect(await t.api.database.db.select().from(treasuryTransfers)).toEqual([]);
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
});
