import type { Logger } from 'pino';
import { ConfigError, type Config } from './config';
import { JsonRpcClient } from './chain/json-rpc';

/** How long a start-up check waits for a node before leaving the question to the watcher. */
const RPC_TIMEOUT_MS = 5_000;

/**
 * Checks production makes at start that need the network (the settings alone are checked in
 * config.ts, PRODUCTION_CHECKS). Each returns its problems, each naming the setting.
 */
export const PRODUCTION_START_CHECKS: Record<string, (config: Config, log: Logger) => Promise<string[]>> = {
  /**
   * Each enabled network's node is on the configured chain: a testnet or devnet URL by mistake would
   * let payments that cost nothing pay real orders. A node that does not answer is left to its
   * watcher, which asks again before its first scan and after every failed contact.
   */
  async chainIds(config, log) {
    const problems: string[] = [];
    for (const net of Object.values(config.networks).filter((n) => n.enabled)) {
      const prefix = net.network.toUpperCase().replace(/[^A-Z0-9]/g, '_');
      let actual: number;
      try {
        actual = Number(await new JsonRpcClient(net.rpcUrl, RPC_TIMEOUT_MS).call<string>('eth_chainId'));
      } catch (err) {
        log.warn({ err, network: net.network }, 'could not ask the node its chain id at start; the watcher will before it scans');
        continue;
      }
      if (actual !== net.chainId) {
        problems.push(`${prefix}_RPC_URL: the node at ${new URL(net.rpcUrl).host} is chain ${actual}, but ${prefix}_CHAIN_ID is ${net.chainId}`);
      }
    }
    return problems;
  },
};

export async function refuseProductionProblems(config: Config, log: Logger): Promise<void> {
  if (!config.production) return;
  const problems = (await Promise.all(Object.values(PRODUCTION_START_CHECKS).map((check) => check(config, log)))).flat();
  if (problems.length) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}
