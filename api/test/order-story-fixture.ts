/**
 * The order story tests' shared setup: one API (its logs kept) and worker per test file, live bindings set
 * by `startOrderStory()`'s beforeAll; orders created and paid as the chain watcher hands payments over.
 */
import crypto from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, expect } from 'vitest';
import { ZBalance, ZOrderStory, ZPaymentCreated, type TPaymentCreated } from '@topup/shared';
import type { JobWorker } from '../src/jobs/queue';
import { chainBlocks } from '../src/db/schema';
import { createLogger } from '../src/logging';
import { startTestApi, type TestApi } from './harness';
import { deliveryWorker } from './delivery-helpers';

const BOT_TOKEN = '123456789:TEST-token-for-the-order-story-00000';
export let api: TestApi;
export let worker: JobWorker;
/** What the API logged (pino's JSON lines), to check what it keeps out of them. */
export const logs: Record<string, unknown>[] = [];
/** Starts the API and its worker before the calling file's tests; closes it after them. */
export function startOrderStory(): void {
  beforeAll(async () => {
    api = await startTestApi({
      env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, INIT_DATA_MAX_AGE_SECONDS: '3600', ETHEREUM_CONFIRMATIONS: '3', TOPUP_POLL_MS: '200' },
      log: createLogger('info', {
        write: (chunk: string) =>
          void logs.push(
            ...chunk
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l) as Record<string, unknown>),
          ),
      }),
    });
    worker = deliveryWorker(api);
  });
  afterAll(() => api?.close());
}

const recharge = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };
export const miniApp = (userId: number) => ({ authorization: `tma ${sign({ user: { id: userId, first_name: 'Ana' } }, BOT_TOKEN, new Date())}` });
export const bot = (userId: number) => ({ 'x-service-token': api.config.botApiSecret, 'x-telegram-user-id': String(userId) });
export const usdt = (text: string) => BigInt(Math.round(Number(text) * 1e6));

export async function newOrder(body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<TPaymentCreated> {
  const res = await api.call('POST', '/api/crypto-payment', { body: { ...recharge, ...body }, headers });
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${JSON.stringify(res.body)}`);
  return ZPaymentCreated.parse(res.body);
}

let nextBlock = 1000;
/**
 * A transfer to the order's address, as the watcher hands it over: seen in a block of its own (one
 * confirmation) and settled; then, unless `final: false`, confirmed by later blocks and settled again.
 */
export function arrive(order: TPaymentCreated, units: bigint, o: { coin?: string; final?: boolean } = {}): Promise<string> {
  return arriveOn(api, order, units, o);
}

/** `arrive` on another API than this file's. */
export async function arriveOn(api: TestApi, order: TPaymentCreated, units: bigint, o: { coin?: string; final?: boolean } = {}): Promise<string> {
  const coin = api.config.registry.requireCoin(o.coin ?? order.cryptocurrency);
  const network = api.config.networks[coin.network]!;
  const number = nextBlock++;
  const hash = `0x${number.toString(16).padStart(64, '0')}`;
  const txHash = `0x${crypto.randomBytes(32).toString('hex')}`;
  await api.database.db.transaction(async (tx) => {
    await tx.insert(chainBlocks).values({ network: coin.network, number, hash, parentHash: hash }).onConflictDoNothing();
    await api.services.payments.record(tx, [
      {
        orderId: order.orderId,
        network: coin.network,
        chainId: network.chainId,
        txHash,
        logIndex: 0,
        blockNumber: number,
        blockHash: hash,
        blockTime: new Date(),
        from: null,
        to: order.walletAddress,
        coin: coin.symbol,
        amount: units,
      },
    ]);
    await api.services.payments.confirm(tx, coin.network, number, number - 1);
  });
  await api.services.payments.settle(order.orderId);
  if (o.final !== false) await confirmAllOn(api, order, coin.network);
  return txHash;
}

/** Later blocks: every payment still waiting on the network is final now. */
export function confirmAll(order: TPaymentCreated, network = 'ethereum') {
  return confirmAllOn(api, order, network);
}

async function confirmAllOn(api: TestApi, order: TPaymentCreated, network: string) {
  await api.database.db.transaction((tx) => api.services.payments.confirm(tx, network, nextBlock + 10, nextBlock + 10));
  await api.services.payments.settle(order.orderId);
}
export async function story(ref: number | string, o: { headers?: Record<string, string>; token?: string } = {}) {
  const res = await api.call('GET', `/api/orders/${ref}/story${o.token ? `?token=${encodeURIComponent(o.token)}` : ''}`, { headers: o.headers });
  if (res.status !== 200) throw new Error(`story: ${res.status} ${JSON.stringify(res.body)}`);
  return ZOrderStory.parse(res.body);
}

export async function balanceCents(cookie: string): Promise<number> {
  const res = await api.call('GET', '/api/balance', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ZBalance.parse(res.body).balance;
}
