import { createHttpServer } from './http/http-server';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { AirtimeProvider } from './airtime/provider';
import { createProvider } from './airtime/registry';
import type { PriceFeed } from './services/price-feed';
import { createPriceFeed } from './prices';
import { createServices, type Services } from './services';
import { startWorkers } from './workers';
import type { NetworkWatcher } from './chain/port';
import { OrderFeed } from './services/order-feed';
import { createRequestListener } from './app';
import { createLogger } from './logging';
import { Metrics } from './metrics';
import { DEPOSIT_ACCOUNT_PATH, DepositKey } from './chain/evm/deposit-key';
import { refuseUnsafeDatabase, refuseUnsafeEnvironment } from './startup-checks';

export interface RunningServer {
  url: string;
  services: Services;
  database: Database;
  log: Logger;
  /** This process's chain watchers (none without workers); at most one process scans a network. */
  watchers: NetworkWatcher[];
  /**
   * Graceful stop (SIGTERM): readiness fails at once; no new connection, request or job is taken;
   * event streams end with a retry hint; requests and the job under way get `timeoutMs` to finish;
   * jobs claimed but not started are given back; watchers finish their pass and let go of their
   * locks; then the database closes. Resolves true when everything finished in time.
   */
  shutdown(timeoutMs: number): Promise<boolean>;
  /** Derived from DEPOSIT_XPUB at start, for the operator to compare with the wallet. */
  firstDepositAddress: { address: string; path: string };
  /** Shutdown with the configured time to finish. */
  close(): Promise<void>;
}

/** Opens the database, starts the HTTP server and the job worker. */
export async function startServer(config: Config, overrides: { provider?: AirtimeProvider; priceFeed?: PriceFeed; log?: Logger } = {}): Promise<RunningServer> {
  const log = overrides.log ?? createLogger(config.logLevel);
  if (config.production) await refuseUnsafeEnvironment(config, { log });
  // An operator compares this with the wallet holding the seed: a wrong key takes payments no one can spend.
  const firstDepositAddress = { address: new DepositKey(config.depositXpub).address(0), path: `${DEPOSIT_ACCOUNT_PATH}/0` };
  log.info(firstDepositAddress, 'first deposit address');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  let services: Services;
  try {
    services = createServices({
      config,
      db: database.db,
      provider: overrides.provider ?? createProvider(config),
      priceFeed: overrides.priceFeed ?? createPriceFeed(config.prices),
      log,
      metrics: new Metrics({ processMetrics: true }),
    });
    if (config.production) await refuseUnsafeDatabase(config, { hasAdmin: () => services.adminAuth.hasAdmin() });
    await services.adminAuth.ensureFirstAdmin(config.admin.email, config.admin.password);
    // The first requests count across replicas too, unless the shared store is down.
    await services.rateLimitStores.connected(3_000);
  } catch (err) {
    await database.close();
    throw err;
  }

  const workers = config.runWorkers ? await startWorkers(config, database, services, log) : undefined;
  services.networkFees.warm();
  const feed = new OrderFeed(database, log);
  await feed.start();

  const closing = new AbortController();
  const server = createHttpServer(createRequestListener({ config, services, feed, log, closing: closing.signal }), {
    requestTimeoutMs: config.requestTimeoutMs,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;

  let stopping: Promise<boolean> | undefined;
  const shutdown = (timeoutMs: number) => {
    stopping ??= (async () => {
      const started = Date.now();
      services.readiness.beginShutdown();
      log.info({ timeoutMs }, 'shutting down: readiness fails, no new connections or jobs');
      const httpDone = new Promise<void>((resolve) => server.close(() => resolve()));
      closing.abort();
      // Keep-alive connections close as soon as their request is answered.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      idle.unref();
      server.closeIdleConnections();
      const workDone = workers?.stop() ?? Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        Promise.all([httpDone, workDone]).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      clearInterval(idle);
      if (!inTime) {
        log.warn({ timeoutMs }, 'shutdown timeout: closing the connections still open; a job still running is taken up again when its lease ends');
        server.closeAllConnections();
      }
      await services.networkFees.settled();
      await feed.stop();
      await services.rateLimitStores.close();
      await database.close();
      log.info({ ms: Date.now() - started, inTime }, 'shutdown complete');
      return inTime;
    })();
    return stopping;
  };

  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    services,
    database,
    log,
    watchers: workers?.watchers ?? [],
    shutdown,
    firstDepositAddress,
    async close() {
      await shutdown(config.shutdownTimeoutMs);
    },
  };
}
