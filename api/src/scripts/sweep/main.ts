/**
 * The sweep tool, run where the seed phrase is (never on the API server):
 *
 *   npm run sweep -- [--execute] [--network <id>] [--api <url>]
 *
 * Reads from the API (SWEEP_ADMIN_TOKEN, an admin session token) which deposit addresses received
 * money, reads their balances on chain, and prints per network the plan and its total fee: gas for the
 * addresses that hold tokens, then the tokens and the native coin to TREASURY_ADDRESS. With --execute
 * it signs and sends, recording every transaction through the API first, and pays the approved
 * payouts. The seed phrase comes from SWEEP_SEED_FILE or SWEEP_SEED_PHRASE; the RPC nodes from the
 * same <NETWORK>_RPC_URL settings the API reads (or the running devnet's).
 */
import { parseArgs } from 'node:util';
import { isAddress } from 'ethers';
import { loadConfig } from '../../config';
import { JsonRpcClient } from '../../chain/evm/json-rpc';
import { readDevnetState } from '../../chain/devnet/state';
import { SweepApi } from './api';
import { EvmSweepPlanner } from './evm';
import { SweepKeys, loadSeedPhrase } from './keys';
import { runSweep } from './run';

async function main() {
  const { values } = parseArgs({ options: { execute: { type: 'boolean' }, network: { type: 'string' }, api: { type: 'string' } } });
  const config = loadConfig();
  const running = readDevnetState(config.dataDir);
  const apiUrl = values.api ?? running?.api ?? `http://127.0.0.1:${config.port}`;
  const token = process.env.SWEEP_ADMIN_TOKEN;
  if (!token) throw new Error('set SWEEP_ADMIN_TOKEN to an admin session token (POST /api/admin/login)');
  const treasury = process.env.TREASURY_ADDRESS ?? '';
  if (!isAddress(treasury)) throw new Error('set TREASURY_ADDRESS to the address the funds are swept to');
  const keys = new SweepKeys(loadSeedPhrase());
  const api = new SweepApi(apiUrl, token);
  const sources = await api.sources(values.network);
  const execute = values.execute === true;
  console.log(`sweep signer (gas and payouts): ${keys.signer.address}; treasury: ${treasury}${execute ? '' : ' (plan only: add --execute to send)'}`);
  await runSweep({
    sources,
    journal: api,
    execute,
    payouts: execute ? await api.approvedPayouts() : [],
    decimals: (coin) => config.registry.coin(coin)?.decimals ?? 18,
    print: (line) => console.log(line),
    planners: {
      evm: (n) => {
        const node = running?.networks[n.network];
        const network = { ...config.networks[n.network]!, ...(node ? { rpcUrl: node.rpcUrl, tokens: node.tokens } : {}) };
        if (network.chainId !== n.chainId) throw new Error(`${n.network}: the API says chain ${n.chainId}, this tool's settings chain ${network.chainId}`);
        return new EvmSweepPlanner({ rpc: new JsonRpcClient(network.rpcUrl), network, keys, treasury });
      },
    },
  });
}

main().catch((err: unknown) => {
  console.error(`sweep failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
