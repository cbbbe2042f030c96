import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, configRefusal, DEV_ADMIN_PASSWORD, DEV_DEPOSIT_XPUB, REPO_ROOT, type Config } from './config';
import { createLogger } from './logging';
import { startConfig } from './startup-checks';
import { startServer, type RunningServer } from './server';
import { removeDevnetState, writeDevnetState } from './chain/devnet/state';

/**
 * The API process: `node dist/api/main.js` in the image (built by scripts/build-server.ts); `npm start`
 * runs a build of it with the devnet (scripts/start.mjs) in the process npm starts, which npm passes
 * SIGTERM and SIGINT on to. See shutdown() in server.ts for what happens then. A second signal, later
 * than a moment after the first, exits at once.
 */
async function main() {
  // A .env beside the README, if present; variables already set in the environment win.
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const { config, problems } = await startConfig(process.env, { log: createLogger('warn') });
  if (problems.length) exitOnConfigError(configRefusal(problems, config.production));
  // Dynamic: hardhat, solc and OpenZeppelin are development dependencies, absent from a production install.
  const devnet = config.devnet
    ? await (await import('./chain/devnet')).startDevnet({ networks: config.networks, registry: config.registry, dataDir: config.dataDir })
    : undefined;
  const running = await startServer(config).catch(async (err: unknown) => {
    await devnet?.stop();
    exitOnConfigError(err);
    throw err;
  });
  const { log } = running;
  if (devnet) {
    writeDevnetState(config.dataDir, {
      api: running.url,
      pid: process.pid,
      networks: Object.fromEntries(
        Object.values(devnet.nodes).map((n) => [n.network, { rpcUrl: n.rpcUrl, chainId: n.chainId, tokens: n.tokens, forwarder: n.forwarder }]),
      ),
    });
    log.info({ nodes: Object.values(devnet.nodes).map((n) => `${n.network} ${n.rpcUrl} (chain ${n.chainId})`) }, 'local devnet running');
  }
  if (config.depositXpub === DEV_DEPOSIT_XPUB) {
    log.warn('Deposit addresses come from the DEVELOPMENT wallet (a public test phrase): never send real funds to them.');
  }
  log.info(
    {
      url: running.url,
      provider: running.services.catalog.providerName,
      database: running.database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      workers: config.runWorkers,
    },
    'started',
  );
  if (!config.production) console.log(banner(config, running, devnet !== undefined));
  const bot = config.runBot ? startBot(running.url) : undefined;

  let firstSignalAt: number | undefined;
  const shutdown = async (signal: string) => {
    if (firstSignalAt !== undefined) {
      // A signal to the process group arrives twice (directly, and passed on by npm): only a later one
      // is somebody asking again, and it gets no drain.
      if (Date.now() - firstSignalAt < REPEATED_SIGNAL_MS) return;
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    firstSignalAt = Date.now();
    log.info({ signal }, 'shutting down');
    const botStopped = bot ? stopChild(bot, config.shutdownTimeoutMs) : Promise.resolve();
    const inTime = await running.shutdown(config.shutdownTimeoutMs);
    await botStopped;
    if (devnet) {
      removeDevnetState(config.dataDir, process.pid);
      await devnet.stop();
    }
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Signals closer together than this are one request to stop. */
const REPEATED_SIGNAL_MS = 2_000;

/** What a newcomer needs after `npm start`: where everything is, how to sign in, how to pay. */
function banner(config: Config, running: RunningServer, withDevnet: boolean): string {
  const url = running.url;
  const devLogin = config.admin.password === DEV_ADMIN_PASSWORD ? `  (development sign-in: ${config.admin.email} / ${DEV_ADMIN_PASSWORD})` : '';
  const lines = [
    '',
    '  Top-up service running',
    `    Site:           ${url}/`,
    `    Mini-app:       ${url}/telegram`,
    `    Admin console:  ${url}/admin${devLogin}`,
    `    API:            ${url}/api/countries`,
    `    Health:         ${url}/api/health  ·  readiness ${url}/api/ready  ·  metrics ${url}/metrics`,
    `    First deposit address: ${running.firstDepositAddress.address} (${running.firstDepositAddress.path}): compare it with your wallet`,
  ];
  if (withDevnet) lines.push(`    Pay an order on the local devnet:  npm run pay -- <orderId>`);
  return `${lines.join('\n')}\n`;
}

function exitOnConfigError(err: unknown) {
  if (!(err instanceof ConfigError)) return;
  console.error(err.message);
  process.exit(1);
}

/**
 * The Telegram bot as its own process (it is a client of the API over HTTP), stopped with the API.
 * From the sources it runs through tsx; from the built image, its own bundle.
 */
function startBot(apiUrl: string) {
  const here = fileURLToPath(import.meta.url);
  const args = here.endsWith('.ts')
    ? ['--import', 'tsx', path.join(REPO_ROOT, 'bot', 'src', 'main.ts')]
    : [path.join(path.dirname(here), '..', 'bot', 'main.js')];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, API_URL: apiUrl }, stdio: 'inherit' });
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGTERM' && code !== 0) console.error(`The bot stopped (${signal ?? `exit code ${code}`}); the API keeps running.`);
  });
  return child;
}

/** SIGTERM, then SIGKILL if it has not exited within `timeoutMs`. */
function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

void main();
