import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { AirtimeProvider } from './airtime/provider';
import { createProvider } from './airtime/registry';
import type { PriceFeed } from './services/price-feed';
import { createPriceFeed } from './prices';
import { createServices, type Services } from './services';
import { startWorkers } from './workers';
import { OrderFeed } from './services/order-feed';
import { createApp } from './app';
import { DEPOSIT_ACCOUNT_PATH, DepositKey } from './chain/addresses';
import { refuseProductionProblems } from './startup-checks';

export interface RunningServer {
  url: string;
  services: Services;
  database: Database;
  log: Logger;
  /** Derived from DEPOSIT_XPUB at start, for the operator to compare with the wallet. */
  firstDepositAddress: { address: string; path: string };
  close(): Promise<void>;
}

/** Opens the database, starts the HTTP server and the job worker. */
export async function startServer(config: Config, overrides: { provider?: AirtimeProvider; priceFeed?: PriceFeed; log?: Logger } = {}): Promise<RunningServer> {
  const log = overrides.log ?? pino({ level: config.logLevel });
  await refuseProductionProblems(config, log);
  // An operator compares this with the wallet holding the seed: a wrong key takes payments no one can spend.
  const firstDepositAddress = { address: new DepositKey(config.depositXpub).address(0), path: `${DEPOSIT_ACCOUNT_PATH}/0` };
  log.info(firstDepositAddress, 'first deposit address');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  const services = createServices({
    config,
    db: database.db,
    provider: overrides.provider ?? createProvider(config),
    priceFeed: overrides.priceFeed ?? createPriceFeed(config.prices),
    log,
  });
  await services.adminAuth.ensureFirstAdmin(config.admin.email, config.admin.password);

  const workers = config.runWorkers ? await startWorkers(config, database, services, log) : undefined;
  const feed = new OrderFeed(database, log);
  await feed.start();

  const server = http.createServer(createApp({ config, services, feed, log }));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    services,
    database,
    log,
    firstDepositAddress,
    async close() {
      await workers?.stop();
      await feed.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
