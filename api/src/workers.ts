import type { Logger } from 'pino';
import { NETWORKS } from '@topup/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { ChainWatcher } from './chain/watcher';
import { JobWorker } from './jobs/queue';
import type { Services } from './services';
import { EXPIRE_ORDER_QUEUE } from './services/orders';
import { CLOSE_WATCH_QUEUE } from './services/payments';

const orderIdOf = (payload: unknown) => (payload as { orderId: number }).orderId;

/** The background work of a process: durable jobs, and one chain watcher per enabled network. */
export function startWorkers(config: Config, database: Database, services: Services, log: Logger): { stop(): Promise<void>; watchers: ChainWatcher[] } {
  const jobs = new JobWorker(
    database.db,
    {
      [EXPIRE_ORDER_QUEUE]: (payload) => services.orders.expire(orderIdOf(payload)),
      [CLOSE_WATCH_QUEUE]: (payload) => services.payments.closeWatch(orderIdOf(payload)),
    },
    { pollMs: config.jobPollMs, log },
  );
  const watchers = NETWORKS.filter((n) => config.networks[n].enabled).map(
    (n) =>
      new ChainWatcher({
        network: config.networks[n],
        database,
        payments: services.payments,
        log: log.child({ watcher: n }),
        pollMs: config.chain.pollMs,
        maxBlockRange: config.chain.maxBlockRange,
        devnet: config.devnet,
      }),
  );
  jobs.start();
  for (const w of watchers) w.start();
  return {
    watchers,
    async stop() {
      await Promise.all([jobs.stop(), ...watchers.map((w) => w.stop())]);
    },
  };
}
