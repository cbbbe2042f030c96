/**
 * The sandbox delivery tests' shared setup: one API on the sandbox provider per test file, and the job
 * worker of workers.ts. `api` and `worker` are live bindings, set by `startSandboxDelivery()`'s beforeAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { SandboxProvider } from '../src/airtime/sandbox';
import type { JobWorker } from '../src/jobs/queue';
import { deliveryWorker } from './delivery-helpers';

/** How long the sandbox's slow phone numbers keep an order processing. */
export const SLOW_MS = 600;

export let api: TestApi;
export let worker: JobWorker;
/** Starts the API and its worker before the calling block's tests; closes it after them. */
export function startSandboxDelivery(): void {
  beforeAll(async () => {
    api = await startTestApi({ env: { TOPUP_POLL_MS: '200' }, provider: new SandboxProvider({ slowMs: SLOW_MS }) });
    worker = deliveryWorker(api);
  });
  afterAll(() => api?.close());
}
