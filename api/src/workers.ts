import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { NetworkWatcher } from './chain/port';
import { JobWorker, type JobHandler } from './jobs/queue';
import type { Services } from './services';
import { QUEUES } from './jobs/queues';
import { RetryLater } from './jobs/queue';
import { deliverEmail } from './services/receipts';

const orderIdOf = (payload: unknown) => (payload as { orderId: number }).orderId;

/** The handler of every queue (jobs/queues.ts); tests run a subset of them. */
export function jobHandlers(database: Database, services: Services, log?: Logger): Record<(typeof QUEUES)[keyof typeof QUEUES], JobHandler> {
  return {
    [QUEUES.expireOrder]: (payload) => services.orders.expire(orderIdOf(payload)),
    [QUEUES.closeWatch]: (payload) => services.payments.closeWatch(orderIdOf(payload)),
    [QUEUES.fulfil]: (payload, job) => services.fulfilment.run(orderIdOf(payload), job.attempts),
    [QUEUES.email]: async (payload, job) => {
      try {
        await deliverEmail(database.db, services.mailer, services.orderPages, (payload as { notificationId: number }).notificationId);
      } catch (err) {
        // A mail server that is down: try again later, more slowly each time.
        const delayMs = Math.min(2 ** job.attempts * 5000, 3_600_000);
        const last = job.attempts >= job.maxAttempts;
        log?.[last ? 'error' : 'warn'](
          {
            err,
            notificationId: (payload as { notificationId: number }).notificationId,
            attempt: job.attempts,
            of: job.maxAttempts,
            retryInMs: last ? undefined : delayMs,
          },
          last ? 'e-mail receipt not sent: out of attempts, an admin must look' : 'e-mail receipt not sent; trying again later',
        );
        throw new RetryLater(delayMs, `mail not sent: ${(err as Error).message}`, true);
      }
    },
  };
}

/** The background work of a process: durable jobs, and one chain watcher per enabled network. */
export async function startWorkers(
  config: Config,
  database: Database,
  services: Services,
  log: Logger,
): Promise<{ stop(): Promise<void>; watchers: NetworkWatcher[] }> {
  const jobs = new JobWorker(database, jobHandlers(database, services, log), { pollMs: config.jobPollMs, log });
  const watchers = services.chains.watchers({
    database,
    payments: services.payments,
    alerts: services.alerts,
    log,
    maxBlockRange: config.chain.maxBlockRange,
    devnet: config.devnet,
    metrics: services.metrics,
  });
  await jobs.start();
  for (const w of watchers) w.start();
  return {
    watchers,
    /** No new job is taken; the one running finishes; those claimed but not started go back at once. */
    async stop() {
      await Promise.all([jobs.stop(), ...watchers.map((w) => w.stop())]);
    },
  };
}
