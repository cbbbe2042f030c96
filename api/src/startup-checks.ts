import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, readConfig, type Config } from './config';
import { JsonRpcClient } from './chain/evm/json-rpc';

/** How long a start-up check waits for a node before leaving the question to the watcher. */
const RPC_TIMEOUT_MS = 5_000;

interface StartDeps {
  log: Logger;
  hasAdmin(): Promise<boolean>;
}

/**
 * Production refusals that need more than the environment (the settings alone are checked in
 * config-checks.ts, PRODUCTION_CHECKS): the nodes, the data folder, the database. Each is a small named check
 * returning its problems, each naming its setting; each refusal names every problem of its stage at once.
 *
 * Each enabled network's nodes are on the configured chain: a testnet or devnet URL by mistake would
 * let payments that cost nothing pay real orders. A node that does not answer is left to its
 * watcher, which asks again before its first scan and after every failed contact.
 */
export async function nodesOnAnotherChain(config: Pick<Config, 'networks'>, { log }: Pick<StartDeps, 'log'>): Promise<string[]> {
  const problems: string[] = [];
  for (const net of Object.values(config.networks).filter((n) => n.enabled)) {
    const prefix = net.network.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    for (const url of net.rpcUrls) {
      let actual: number;
      try {
        actual = Number(await new JsonRpcClient(url, RPC_TIMEOUT_MS).call<string>('eth_chainId'));
      } catch (err) {
        log.warn({ err, network: net.network, endpoint: new URL(url).host }, 'could not ask a node its chain id at start; the watcher will before it uses it');
        continue;
      }
      if (actual !== net.chainId) {
        problems.push(`${prefix}_RPC_URL: the node at ${new URL(url).host} is chain ${actual}, but ${prefix}_CHAIN_ID is ${net.chainId}`);
      }
    }
  }
  return problems;
}

/** The data folder holds the local mail outbox and the devnet file: a process that cannot write there fails later, silently. */
export async function dataDirNotWritable(config: Pick<Config, 'dataDir'>): Promise<string[]> {
  const probe = path.join(config.dataDir, `.write-check-${crypto.randomBytes(4).toString('hex')}`);
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(probe, '');
    await fs.rm(probe);
    return [];
  } catch (err) {
    return [
      `DATA_DIR: ${config.dataDir} is not writable by this process (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give it to the user the service runs as`,
    ];
  }
}

/** Without ADMIN_PASSWORD the first admin is never created: a service with no admin cannot be run. */
export async function noAdminAtAll(config: Pick<Config, 'admin'>, deps: Pick<StartDeps, 'hasAdmin'>): Promise<string[]> {
  if (config.admin.password || (await deps.hasAdmin())) return [];
  return ['ADMIN_PASSWORD: there is no admin in the database and none to create; set ADMIN_EMAIL and ADMIN_PASSWORD for the first start'];
}

function refuse(problems: string[]): void {
  if (problems.length) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}

/** What the nodes and the data folder say. */
async function environmentProblems(config: Config, deps: Pick<StartDeps, 'log'>): Promise<string[]> {
  return (await Promise.all([nodesOnAnotherChain(config, deps), dataDirNotWritable(config)])).flat();
}

/** Before anything is opened: what the nodes and the data folder say. */
export async function refuseUnsafeEnvironment(config: Config, deps: Pick<StartDeps, 'log'>): Promise<void> {
  refuse(await environmentProblems(config, deps));
}

/**
 * The configuration of a start, and every problem with it at once: the environment's values and, in
 * production, also what the nodes and the data folder say (checked even when the values are refused,
 * so that an operator fixes everything in one round, not one refusal per start).
 */
export async function startConfig(env: NodeJS.ProcessEnv, deps: Pick<StartDeps, 'log'>): Promise<{ config: Config; problems: string[] }> {
  const { config, problems } = readConfig(env);
  if (problems.length && config.production) problems.push(...(await environmentProblems(config, deps)));
  return { config, problems };
}

/** Once the database is open: what it holds. */
export async function refuseUnsafeDatabase(config: Config, deps: Pick<StartDeps, 'hasAdmin'>): Promise<void> {
  refuse(await noAdminAtAll(config, deps));
}
