/**
 * A fulfilment worker PROCESS for the fault-injection test (api/test/fulfilment-faults.db.test.ts):
 *
 *   node --import tsx api/test/fulfilment-worker.ts
 *
 * The configuration comes from the environment as for the API (DATABASE_URL, AIRTIME_PROVIDER=reloadly
 * with the double's RELOADLY_* URLs and credentials, TOPUP_POLL_MS, JOB_POLL_MS), plus:
 *   LEASE_MS      the job lease (default 60 s, as in the API); short in the test so that a killed
 *                 worker's jobs are claimed again quickly
 *   BATCH_SIZE    jobs claimed per pass (default the JobWorker's)
 *   FAULT_AT      before-submit | after-submit | polling: the step at which the process kills itself
 *   FAULT_AFTER   ... on the n-th time it reaches that step (default 1)
 *
 * The kill is SIGKILL to itself: a real crash, no cleanup, no rollback other than PostgreSQL's own.
 * Stdout carries one line per event for the test: `ready`, `job <orderId>`, `step <step> <orderId>`.
 */
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { ReloadlyProvider } from '../src/airtime/reloadly';
import { FixedPriceFeed } from '../src/services/price-feed';
import { createServices } from '../src/services';
import { FulfilmentService, type FulfilmentStep } from '../src/services/fulfilment';
import { JobWorker } from '../src/jobs/queue';
import { QUEUES } from '../src/jobs/queues';

const STEPS: readonly FulfilmentStep[] = ['before-submit', 'after-submit', 'polling'];

const config = loadConfig();
const faultAt = process.env.FAULT_AT as FulfilmentStep | undefined;
if (faultAt !== undefined && !STEPS.includes(faultAt)) throw new Error(`FAULT_AT must be one of ${STEPS.join(', ')}`);
const faultAfter = Number(process.env.FAULT_AFTER ?? 1);
const leaseMs = Number(process.env.LEASE_MS ?? 60_000);
const batchSize = process.env.BATCH_SIZE ? Number(process.env.BATCH_SIZE) : undefined;
if (!config.databaseUrl) throw new Error('DATABASE_URL is required: several worker processes need a PostgreSQL server');
if (config.airtime.provider !== 'reloadly') throw new Error('AIRTIME_PROVIDER=reloadly is required');

// Logs to stderr: stdout is the line protocol read by the test.
const log = pino({ level: config.logLevel }, pino.destination(2));
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
const r = config.airtime.reloadly;
const provider = new ReloadlyProvider({
  clientId: r.clientId!,
  clientSecret: r.clientSecret!,
  environment: r.environment,
  authUrl: r.authUrl,
  apiUrl: r.apiUrl,
});
const services = createServices({ config, db: database.db, provider, priceFeed: new FixedPriceFeed(), log });

const say = (line: string) => process.stdout.write(`${line}\n`);
let reached = 0;
// The service as createServices builds it, with the step hook that crashes the process.
const fulfilment = new FulfilmentService({
  db: database.db,
  provider,
  balances: services.balances,
  alerts: services.alerts,
  log,
  pollMs: config.topupPollMs,
  onStep(step, orderId) {
    say(`step ${step} ${orderId}`);
    if (step === faultAt && ++reached >= faultAfter) process.kill(process.pid, 'SIGKILL');
  },
});

const worker = new JobWorker(
  database,
  {
    [QUEUES.fulfil]: (payload, job) => {
      const orderId = (payload as { orderId: number }).orderId;
      say(`job ${orderId}`);
      return fulfilment.run(orderId, job.attempts);
    },
  },
  { pollMs: config.jobPollMs, leaseMs, batchSize, log },
);
await worker.start();
say('ready');

process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
