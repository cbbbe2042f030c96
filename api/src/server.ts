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

export interface RunningServer {
  url: string;
  services: Services;
  database: Database;
  log: Logger;
  close(): Promise<void>;
}

/** Opens the database, starts the HTTP server and the job worker. */
export async function startServer(config: Config, overrides: { provider?: AirtimeProvider; priceFeed?: PriceFeed; log?: Logger } = {}): Promise<RunningServer> {
  const log = overrides.log ?? pino({ level: config.logLevel });
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
  services.networkFees.warm();
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
    async close() {
      await workers?.stop();
      await services.networkFees.settled();
      await feed.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
