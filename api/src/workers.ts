import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { NetworkWatcher } from './chain/port';
import { JobWorker, type JobHandler } from './jobs/queue';
import type { Services } from './services';
import { QUEUES } from './jobs/queues';
import { RetryLater } from './jobs/queue';
import { deliverEmail } from './services/receipts';
import { deliverAlert } from './services/alert-delivery';
import type { AlertChannelName } from './services/alerts';
import { enqueue } from './jobs/queue';

const orderIdOf = (payload: unknown) => (payload as { orderId: number }).orderId;

/** The handler of every queue (jobs/queues.ts); tests run a subset of them. */
export function jobHandlers(
  database: Database,
  services: Services,
  log?: Logger,
  alertCheckMs = 60_000,
): Record<(typeof QUEUES)[keyof typeof QUEUES], JobHandler> {
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
    [QUEUES.alert]: async (payload, job) => {
      const { alertId, channel } = payload as { alertId: number; channel: AlertChannelName };
      try {
        await deliverAlert(services.alerts, services.alertChannels, alertId, channel);
      } catch (err) {
        log?.error({ err, alertId, channel, attempt: job.attempts }, 'alert not delivered; trying again later');
        throw new RetryLater(Math.min(2 ** job.attempts * 5000, 900_000), `alert not delivered: ${(err as Error).message}`, true);
      }
    },
    // Runs for ever: each run schedules the next (one job across every process, by its key).
    [QUEUES.alertChecks]: async () => {
      await services.alertChecks.runOnce().catch((err: unknown) => log?.error({ err }, 'alert checks failed'));
      throw new RetryLater(alertCheckMs, 'next round of alert checks');
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
  const jobs = new JobWorker(database, jobHandlers(database, services, log, config.alerts.checkMs), { pollMs: config.jobPollMs, log });
  await enqueue(database.db, { queue: QUEUES.alertChecks, key: QUEUES.alertChecks, payload: {}, maxAttempts: 1_000_000 });
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
