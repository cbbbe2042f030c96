import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CHAINS, COINS, type TCoinSymbol } from '@topup/shared';
import { loadConfig, type Config } from '../../api/src/config';
import { startServer, type RunningServer } from '../../api/src/server';
import { freeDevnetNetworks, payFromDevnet, startDevnet, type Devnet, type SentPayment } from '../../api/src/chain/devnet';
import { parseUnits } from '../../shared/src/money';
import { TEST_BOT_TOKEN } from './telegram';

export interface Stack {
  url: string;
  config: Config;
  server: RunningServer;
  /**
   * Pays `amount` (decimal text) of `coin` to `address` from a funded devnet account (`payer`: one of
   * FUNDED_ACCOUNT_INDEXES; tests that pay at the same time each use their own, so nonces never clash).
   */
  pay(coin: TCoinSymbol, address: string, amount: string, payer?: number): Promise<SentPayment>;
  close(): Promise<void>;
}

/**
 * The whole service in this process, as `npm start` runs it: the local chain (Ethereum only unless
 * `networks` names more: the others are switched off to save the machine their nodes), then startServer
 * (API, job worker, chain watchers) on a free port with a fresh embedded database, serving the built web
 * app. With `chain: false`, only the API and the pages (no devnet, no workers).
 */
export async function startStack(env: Record<string, string> = {}, opts: { chain?: boolean; networks?: readonly string[] } = {}): Promise<Stack> {
  const chain = opts.chain ?? true;
  const enabled = new Set(['ethereum', ...(opts.networks ?? [])]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webapp-e2e-'));
  const closers: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await c().catch((err: unknown) => console.error('closing', err));
  };
  try {
    const networks = await freeDevnetNetworks();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEVNET: 'true',
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      // The mini-app's tests pay on the EVM devnet; the Telegram surfaces' TON-only default has its own tests.
      TELEGRAM_NETWORKS: 'all',
      ETHEREUM_RPC_URL: networks.ethereum!.rpcUrl,
      // Two blocks: the screen shows "confirming" before "paid".
      ETHEREUM_CONFIRMATIONS: '2',
      ETHEREUM_POLL_MS: '200',
      ...Object.fromEntries(
        CHAINS.networks
          .filter((n) => n.id !== 'ethereum')
          .flatMap((n) => {
            const prefix = n.id.toUpperCase();
            return enabled.has(n.id)
              ? [
                  [`${prefix}_ENABLED`, 'true'],
                  [`${prefix}_RPC_URL`, networks[n.id]!.rpcUrl],
                  [`${prefix}_POLL_MS`, '200'],
                ]
              : [[`${prefix}_ENABLED`, 'false']];
          }),
      ),
      JOB_POLL_MS: '100',
      ORDER_RATE_LIMIT_PER_MINUTE: '1000',
      PHONE_CHECK_RATE_LIMIT_PER_MINUTE: '1000',
      // Without the chain: no devnet, no workers (catalog and pages only).
      ...(chain ? {} : { RUN_WORKERS: 'false' }),
      ...env,
    });
    if (chain) {
      const devnet: Devnet = await startDevnet({ networks: config.networks, dataDir, blockIntervalMs: 1000, log: pino({ level: 'silent' }) });
      closers.push(() => devnet.stop());
    }
    const server = await startServer(config);
    closers.push(() => server.close());
    return {
      url: server.url,
      config,
      server,
      pay(coin, address, amount, payer) {
        const spec = COINS[coin]!;
        const network = config.networks[spec.network]!;
        const units = parseUnits(amount, spec.decimals);
        if (units === null) throw new Error(`not an amount of ${coin}: ${amount}`);
        return payFromDevnet({
          rpcUrl: network.rpcUrl,
          chainId: network.chainId,
          to: address,
          tokenContract: spec.kind === 'token' ? network.tokens[coin]! : null,
          units,
          accountIndex: payer,
        });
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
