/**
 * The sweep tool, run where the seed phrase is (never on the API server):
 *
 *   npm run sweep -- [--execute] [--network <id>] [--api <url>]
 *
 * Reads from the API (SWEEP_ADMIN_TOKEN, an admin session token) which deposit addresses received
 * money, reads their balances on chain, and prints per network the plan and its total fee: gas for the
 * addresses that hold tokens, then the tokens and the native coin to the treasury of the network's
 * chain family (TREASURY_ADDRESS for EVM networks, TRON_TREASURY_ADDRESS for Tron). With --execute
 * it signs and sends, recording every transaction through the API first, and pays the approved
 * payouts (on EVM networks). The seed phrase comes from SWEEP_SEED_FILE or SWEEP_SEED_PHRASE; the
 * nodes from the same <NETWORK>_RPC_URL settings the API reads (or the running devnet's).
 */
import { parseArgs } from 'node:util';
import { loadConfig, type NetworkConfig } from '../../config';
import { FAMILIES } from '../../chain/families';
import { JsonRpcClient } from '../../chain/evm/json-rpc';
import { readDevnetState } from '../../chain/devnet/state';
import { TronHttpClient } from '../../chain/tron/http';
import { TRON_KEYS, TronSweepPlanner } from '../../chain/tron/sweep-planner';
import { SweepApi } from './api';
import { EvmSweepPlanner } from './evm';
import { EVM_KEYS, SweepKeys, loadSeedPhrase, type DepositKeyScheme } from './keys';
import type { FamilyPlanner } from './planner';
import { runSweep } from './run';

interface SweepFamily {
  /** The environment variable with the address the family's networks are swept to. */
  treasurySetting: string;
  keys: DepositKeyScheme;
  planner(network: NetworkConfig, keys: SweepKeys, treasury: string): FamilyPlanner;
}

/** The chain families this tool sweeps, by the family the API names for each network. */
const SWEEP_FAMILIES: Record<string, SweepFamily> = {
  evm: {
    treasurySetting: 'TREASURY_ADDRESS',
    keys: EVM_KEYS,
    planner: (network, keys, treasury) => new EvmSweepPlanner({ rpc: new JsonRpcClient(network.rpcUrl), network, keys, treasury }),
  },
  tron: {
    treasurySetting: 'TRON_TREASURY_ADDRESS',
    keys: TRON_KEYS,
    planner: (network, keys, treasury) =>
      new TronSweepPlanner({ client: new TronHttpClient(network.rpcUrls, { apiKey: network.apiKey }), network, keys, treasury }),
  },
};

async function main() {
  const { values } = parseArgs({ options: { execute: { type: 'boolean' }, network: { type: 'string' }, api: { type: 'string' } } });
  const config = loadConfig();
  const running = readDevnetState(config.dataDir);
  const apiUrl = values.api ?? running?.api ?? `http://127.0.0.1:${config.port}`;
  const token = process.env.SWEEP_ADMIN_TOKEN;
  if (!token) throw new Error('set SWEEP_ADMIN_TOKEN to an admin session token (POST /api/admin/login)');
  const phrase = loadSeedPhrase();
  const api = new SweepApi(apiUrl, token);
  const sources = await api.sources(values.network);
  const execute = values.execute === true;

  // Each family the API lists a network of: its treasury (checked as the family checks an address) and its keys.
  const families = new Map<string, { keys: SweepKeys; treasury: string }>();
  for (const id of new Set(sources.networks.map((n) => n.family))) {
    const family = SWEEP_FAMILIES[id];
    if (!family) continue;
    const treasury = process.env[family.treasurySetting] ?? '';
    const problem = FAMILIES[id]!.checkAddress(treasury);
    if (problem) throw new Error(`set ${family.treasurySetting} to the address the funds of ${id} networks are swept to: ${problem}`);
    const keys = new SweepKeys(phrase, family.keys);
    families.set(id, { keys, treasury });
    console.log(`${id} sweep signer (gas and payouts): ${keys.signerAddress}; treasury: ${treasury}${execute ? '' : ' (plan only: add --execute to send)'}`);
  }

  await runSweep({
    sources,
    journal: api,
    execute,
    payouts: execute ? await api.approvedPayouts() : [],
    decimals: (coin) => config.registry.coin(coin)?.decimals ?? 18,
    print: (line) => console.log(line),
    planners: Object.fromEntries(
      [...families].map(([id, { keys, treasury }]) => [
        id,
        (n) => {
          const node = running?.networks[n.network];
          const network = { ...config.networks[n.network]!, ...(node ? { rpcUrl: node.rpcUrl, rpcUrls: [node.rpcUrl], tokens: node.tokens } : {}) };
          if (network.chainId !== n.chainId) throw new Error(`${n.network}: the API says chain ${n.chainId}, this tool's settings chain ${network.chainId}`);
          return SWEEP_FAMILIES[id]!.planner(network, keys, treasury);
        },
      ]),
    ),
  });
}

main().catch((err: unknown) => {
  console.error(`sweep failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
