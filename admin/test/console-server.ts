/**
 * The built console served by the real API, for the browser tests: the API's app (routes, services,
 * the console's pages, a fresh test database: PGlite, or the PostgreSQL server when TEST_DB=postgres)
 * and a job worker delivering paid orders and sending the outbox's e-mails as the API's workers do.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import type { TOrderStatus } from '@topup/shared';
import { orders, payments } from '../../api/src/db/schema';
import { transition } from '../../api/src/services/order-state';
import { JobWorker } from '../../api/src/jobs/queue';
import { QUEUES } from '../../api/src/jobs/queues';
import { startTestApi, type TestApi } from '../../api/test/harness';
import { jobHandlers } from '../../api/src/workers';
import { ensureBuilt } from '../../scripts/web-build';

export const ADMIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(ADMIN_DIR, 'dist');

/** Builds the console unless admin/dist already holds a build of exactly its sources. */
export async function ensureConsoleBuilt(): Promise<'built' | 'fresh'> {
  return ensureBuilt('admin') ? 'built' : 'fresh';
}

export type ConsoleServer = TestApi;

/** The real API (its app mounts the console: api/src/app.ts) on a fresh test database, delivering paid orders and e-mails. */
export async function startConsoleServer(): Promise<ConsoleServer> {
  const api = await startTestApi();
  const handlers = jobHandlers(api.database, api.services);
  const worker = new JobWorker(
    api.database,
    { [QUEUES.fulfil]: handlers[QUEUES.fulfil], [QUEUES.email]: handlers[QUEUES.email] },
    { pollMs: 100, log: pino({ level: 'silent' }) },
  );
  await worker.start();
  return {
    ...api,
    async close() {
      await worker.stop();
      await api.close();
    },
  };
}

/** The order the browser tests start from: $10 to MTN Cameroon, paid in USDT. */
export const RECHARGE = { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: 'USDT' };

/** The bot's headers for a Telegram user (api/src/http/identity.ts). */
export const asTelegramUser = (server: ConsoleServer, id: number, names: Record<string, string> = {}) => ({
  'x-service-token': server.config.botApiSecret,
  'x-telegram-user-id': String(id),
  ...names,
});

export async function createOrder(
  server: ConsoleServer,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ orderId: number; paymentId: string; walletAddress: string; orderToken: string }> {
  const res = await server.call('POST', '/api/crypto-payment', { body: { ...RECHARGE, ...overrides }, headers });
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Moves an order through statuses the only allowed way: transition(), one transaction each. */
export async function moveTo(server: ConsoleServer, orderId: number, statuses: TOrderStatus[]): Promise<void> {
  for (const to of statuses) await server.database.db.transaction((tx) => transition(tx, orderId, to, { cause: `e2e: to ${to}` }));
}

export async function orderStatus(server: ConsoleServer, id: number): Promise<string | undefined> {
  const [row] = await server.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

/** A chain payment as a watcher records it; `marker` (two hex digits) makes its hashes its own. */
export async function insertPayment(
  server: ConsoleServer,
  marker: string,
  blockNumber: number,
  fields: Pick<typeof payments.$inferInsert, 'toAddress' | 'coin' | 'amount' | 'orderId'> & Partial<typeof payments.$inferInsert>,
): Promise<typeof payments.$inferSelect> {
  const [row] = await server.database.db
    .insert(payments)
    .values({
      chainId: 31337,
      network: 'ethereum',
      txHash: `0x${marker.repeat(32)}`,
      logIndex: 0,
      blockNumber,
      blockHash: `0x${'0'.repeat(62)}${marker}`,
      blockTime: new Date(),
      status: 'confirmed',
      ...fields,
    })
    .returning();
  return row!;
}

/**
 * 2.5 USDC sent to a USDT order's address and credited: what the dashboard lists as an unmatched
 * payment. `marker` (two hex digits) makes its hashes its own.
 */
export async function creditedUsdc(
  server: ConsoleServer,
  order: { orderId: number; walletAddress: string },
  marker: string,
  blockNumber: number,
): Promise<void> {
  await insertPayment(server, marker, blockNumber, {
    toAddress: order.walletAddress,
    coin: 'USDC',
    amount: '2500000',
    orderId: order.orderId,
    disposition: 'credited',
  });
}
