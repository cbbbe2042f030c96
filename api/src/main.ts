import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, DEV_DEPOSIT_XPUB, loadConfig, REPO_ROOT } from './config';
import { startServer } from './server';

async function main() {
  // A .env beside the README, if present; variables already set in the environment win.
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Dynamic: hardhat, solc and OpenZeppelin are development dependencies, absent from a production install.
  const devnet = config.devnet ? await (await import('./chain/devnet')).startDevnet({ networks: config.networks, registry: config.registry, dataDir: config.dataDir }) : undefined;
  const running = await startServer(config).catch(async (err) => {
    await devnet?.stop();
    throw err;
  });
  const { log } = running;
  if (devnet) {
    log.info({ nodes: Object.values(devnet.nodes).map((n) => `${n.network} ${n.rpcUrl} (chain ${n.chainId})`) }, 'local devnet running: pay an order with `npm run pay -- <orderId>`');
  }
  if (config.depositXpub === DEV_DEPOSIT_XPUB) {
    log.warn('Deposit addresses come from the DEVELOPMENT wallet (a public test phrase): never send real funds to them.');
  }
  log.info(
    { provider: running.services.catalog.providerName, database: running.database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    'started',
  );
  console.log(`\n  Top-up service running: open ${running.url}\n  API: ${running.url}/api/countries`);
  console.log(`  First deposit address: ${running.firstDepositAddress.address} (${running.firstDepositAddress.path}): compare it with your wallet\n`);
  const bot = config.runBot ? startBot(running.url) : undefined;

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    bot?.kill('SIGTERM');
    await running.close();
    await devnet?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The Telegram bot as its own process (it is a client of the API over HTTP), stopped with the API. */
function startBot(apiUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bot', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, API_URL: apiUrl },
    stdio: 'inherit',
  });
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGTERM') console.error(`The bot stopped (${signal ?? `exit code ${code}`}); the API keeps running.`);
  });
  return child;
}

void main();
