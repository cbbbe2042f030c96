/**
 * The Reloadly delivery tests' shared setup: the local Reloadly double, the adapter in front of it, one
 * API and worker per test file (live bindings, set by `startReloadlyDelivery()`'s beforeAll), and the
 * reads of what reached the double.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { DOUBLE_CLIENT_ID, DOUBLE_CLIENT_SECRET, startReloadlyDouble, type ReloadlyDouble } from './reloadly-double';
import { ReloadlyProvider } from '../src/airtime/reloadly';
import type { TopupOutcome, TopupRequest } from '../src/airtime/provider';
import type { JobWorker } from '../src/jobs/queue';
import { createOrder, deliveryWorker, dueNow, markPaid, orderRow } from './delivery-helpers';

/** Reloadly, with a switch that loses the answer of the next top-up after Reloadly accepted it. */
class ReloadlyLosingAnswers extends ReloadlyProvider {
  loseNextAnswer = false;

  override async sendTopup(request: TopupRequest): Promise<TopupOutcome> {
    const result = await super.sendTopup(request);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      return { kind: 'unknown', reason: 'NETWORK_ERROR: Reloadly could not be reached: socket hang up' };
    }
    return result;
  }
}

export let double: ReloadlyDouble;
export let provider: ReloadlyLosingAnswers;
export let api: TestApi;
export let worker: JobWorker;
/** Starts the double, the API and its worker before the calling block's tests; closes them after. */
export function startReloadlyDelivery(): void {
  beforeAll(async () => {
    double = await startReloadlyDouble();
    provider = new ReloadlyLosingAnswers({
      clientId: DOUBLE_CLIENT_ID,
      clientSecret: DOUBLE_CLIENT_SECRET,
      environment: 'sandbox',
      authUrl: double.authUrl,
      apiUrl: double.apiUrl,
      timeoutMs: 500,
    });
    api = await startTestApi({ env: { TOPUP_POLL_MS: '1000' }, provider });
    worker = deliveryWorker(api);
    // The catalog that paidAndRun's orders need (the countries, operator 341), loaded as a client's first screens
    // do: in a file whose first test delays or loses Reloadly's next answer, that answer is then the top-up's.
    expect((await api.call('GET', '/api/countries')).status).toBe(200);
    expect((await api.call('GET', '/api/operators/341/amounts')).status).toBe(200);
  });
  afterAll(async () => {
    await api?.close();
    await double?.close();
  });
}

/** A $10 MTN Nigeria recharge ($11 with the fee), paid, its first fulfilment run done. */
export async function paidAndRun(phoneNumber: string, headers: Record<string, string> = {}) {
  const created = await createOrder(api, { amount: 10, phoneNumber, operatorId: 341 }, headers);
  await markPaid(api, created.orderId);
  await worker.drain();
  return { ...created, row: await orderRow(api, created.orderId) };
}
export const transactionsFor = (customIdentifier: string) => double.state.transactions.filter((t) => t.customIdentifier === customIdentifier);
export const submissionsFor = (customIdentifier: string) =>
  double.state
    .apiRequests()
    .filter((r) => r.method === 'POST' && r.path === '/topups-async' && (r.body as { customIdentifier?: string }).customIdentifier === customIdentifier);
export async function runAgain(orderId: number) {
  await dueNow(api, orderId);
  await worker.drain();
  return orderRow(api, orderId);
}
