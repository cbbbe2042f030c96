/**
 * The on-chain payment tests' shared setup: the devnet, API and watchers of one test file (`t`, a live
 * binding set by `startChainPayments()`'s beforeAll), and the reads those tests check.
 */
import { afterAll, beforeAll } from 'vitest';
import type { TPaymentCreated } from '@topup/shared';
import { startChainTest, type ChainTest } from './chain-harness';

export let t: ChainTest;
/** Starts the chain test before the calling file's tests; closes it after them. */
export function startChainPayments(): void {
  beforeAll(async () => {
    t = await startChainTest();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);
}

export const usdt = (text: string) => BigInt(Math.round(Number(text) * 1e6));

/** The order's payment rows, the fields that matter. */
export async function paymentRows(order: TPaymentCreated) {
  return (await t.payments(order.orderId)).map((p) => ({
    txHash: p.txHash,
    coin: p.coin,
    network: p.network,
    amount: p.amount,
    status: p.status,
    disposition: p.disposition,
  }));
}

export async function lastEvent(order: TPaymentCreated) {
  return (await t.events(order.orderId)).at(-1)!;
}
