import { rowsOf } from '../src/db/client';
/** Helpers of the delivery tests: orders made paid, their fulfil job, the ledger and the outbox. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import type { TestApi } from './harness';
import { jobs, ledgerEntries, orderEvents, orders, type OrderRow } from '../src/db/schema';
import { JobWorker } from '../src/jobs/queue';
import { jobHandlers } from '../src/workers';
import { QUEUES } from '../src/jobs/queues';
import { transition } from '../src/services/order-state';

/** The job worker of workers.ts, for the queues of delivery (fulfil and e-mail); run with `drain()`. */
export function deliveryWorker(api: TestApi): JobWorker {
  const handlers = jobHandlers(api.database, api.services);
  return new JobWorker(
    api.database,
    { [QUEUES.fulfil]: handlers[QUEUES.fulfil], [QUEUES.email]: handlers[QUEUES.email] },
    { pollMs: 50, log: pino({ level: 'silent' }) },
  );
}

export const botHeaders = (api: TestApi, telegramUserId: number) => ({
  'x-service-token': api.config.botApiSecret,
  'x-telegram-user-id': String(telegramUserId),
});
export const serviceHeaders = (api: TestApi) => ({ 'x-service-token': api.config.botApiSecret });

export interface Created {
  orderId: number;
  paymentId: string;
  orderToken: string;
}

export async function createOrder(api: TestApi, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Created> {
  const res = await api.call('POST', '/api/crypto-payment', { body: { cryptoCurrency: 'USDT', ...body }, headers });
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Created;
}

/**
 * The chain's part, done directly: seen, then confirmed. Entering `paid` enqueues the fulfil job. `api`
 * may also be the browser tests' running server (webapp/test/stack.ts), which has the same database.
 */
export async function markPaid(api: Pick<TestApi, 'database'>, orderId: number): Promise<void> {
  await api.database.db.transaction(async (tx) => {
    await transition(tx, orderId, 'confirming', { cause: 'test: payment seen' });
    await transition(tx, orderId, 'paid', { cause: 'test: confirmations reached' });
  });
}

export async function orderRow(api: TestApi, orderId: number): Promise<OrderRow> {
  const [row] = await api.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

export async function rows<T>(api: TestApi, query: SQL): Promise<T[]> {
  return rowsOf<T>(await api.database.db.execute(query));
}

/** The order's fulfil job: seconds until it runs again, attempts counted, last error; null when done. */
export async function fulfilJob(api: TestApi, orderId: number) {
  const [job] = await rows<{ in_s: number | string; attempts: number; last_error: string | null }>(
    api,
    sql`select extract(epoch from (run_at - now()))::float8 as in_s, attempts, last_error from ${jobs} where key = ${`${QUEUES.fulfil}:${orderId}`}`,
  );
  return job ? { inSeconds: Number(job.in_s), attempts: Number(job.attempts), lastError: job.last_error } : null;
}

/** Makes the order's fulfil job due now (instead of waiting out its delay). */
export async function dueNow(api: TestApi, orderId: number, attempts?: number): Promise<void> {
  await api.database.db
    .update(jobs)
    .set({ runAt: sql`now()`, ...(attempts === undefined ? {} : { attempts }) })
    .where(eq(jobs.key, `${QUEUES.fulfil}:${orderId}`));
}

export async function dropJob(api: TestApi, orderId: number): Promise<void> {
  await api.database.db.delete(jobs).where(eq(jobs.key, `${QUEUES.fulfil}:${orderId}`));
}

export async function statusesOf(api: TestApi, orderId: number): Promise<string[]> {
  const events = await api.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  return events.map((e) => e.toStatus);
}

export async function ledgerOf(api: TestApi, where: SQL | undefined) {
  return api.database.db.select().from(ledgerEntries).where(where).orderBy(asc(ledgerEntries.id));
}

export async function balanceOf(api: TestApi, telegramUserId: number): Promise<number> {
  const res = await api.call('GET', '/api/balance', { headers: botHeaders(api, telegramUserId) });
  expect(res.status).toBe(200);
  return res.body.balance as number;
}

export async function customerIdOf(api: TestApi, telegramUserId: number): Promise<number> {
  return (await api.services.customers.fromTelegram({ id: telegramUserId }))!.id;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Decodes a header's MIME encoded-words (RFC 2047), as nodemailer writes a non-ASCII subject. */
export function decodeHeader(value: string): string {
  // Unfold, and drop the whitespace between adjacent encoded words (it is not part of the text).
  const text = value.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  const bytes: Buffer[] = [];
  let last = 0;
  for (const m of text.matchAll(/=\?utf-8\?([qb])\?([^?]*)\?=/gi)) {
    bytes.push(Buffer.from(text.slice(last, m.index), 'utf8'));
    const [, encoding = 'Q', word = ''] = m;
    const qDecoded = () => word.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    bytes.push(encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64') : Buffer.from(qDecoded(), 'latin1'));
    last = m.index + m[0].length;
  }
  bytes.push(Buffer.from(text.slice(last), 'utf8'));
  // Decoded once, so a character split across two encoded words comes out whole.
  return Buffer.concat(bytes).toString('utf8');
}

/** A quoted-printable body (RFC 2045), as nodemailer writes text with long lines: soft breaks joined, =XX bytes decoded. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The receipts written to the local mail outbox for one address: subject and (decoded) body. */
export function mailsTo(api: TestApi, address: string): { file: string; subject: string; body: string }[] {
  const folder = path.join(api.config.dataDir, 'mail-outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      const split = text.indexOf('\n\n');
      const head = text.slice(0, split);
      const to = /^To: (.*)$/m.exec(head)?.[1] ?? '';
      const subject = /^Subject: (.*(?:\n[ \t].*)*)$/m.exec(head)?.[1] ?? '';
      const raw = text.slice(split + 2);
      return {
        file,
        to,
        subject: decodeHeader(subject),
        body: /^Content-Transfer-Encoding: quoted-printable$/im.test(head) ? decodeQuotedPrintable(raw) : raw,
      };
    })
    .filter((m) => m.to === address)
    .map(({ file, subject, body }) => ({ file, subject, body }));
}
