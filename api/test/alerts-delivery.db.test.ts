import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { jobs, orders } from '../src/db/schema';
import { JobWorker } from '../src/jobs/queue';
import { QUEUES } from '../src/jobs/queues';
import { transition } from '../src/services/order-state';
import { jobHandlers } from '../src/workers';
import { createOrder, dropJob, mailsTo, markPaid } from './delivery-helpers';
import { startTestApi, type TestApi } from './harness';

/**
 * Alerts reach a person: the operators' Telegram chat (the Bot API's sendMessage, answered here by a
 * local stand-in), their e-mail and a webhook (a local HTTP server), once per open alert however often
 * the check that finds it runs; a resolved alert raised again is a new one, sent again.
 */
const BOT_TOKEN = '7000000001:AAtest-token-for-the-alerts-bot-api-stand-in';
const CHAT_ID = '-100777';
const SECRET = 'webhook-secret-for-the-alerts-test';
const EMAIL = 'oncall@ops.example.org';

interface Received {
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A local HTTP server that records every request and answers as the Bot API does (`{ ok: true }`). */
async function recorder(): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ path: req.url ?? '', body, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result: { message_id: got.length } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let api: TestApi;
let bot: Awaited<ReturnType<typeof recorder>>;
let hook: Awaited<ReturnType<typeof recorder>>;
let worker: JobWorker;

beforeAll(async () => {
  [bot, hook] = await Promise.all([recorder(), recorder()]);
  api = await startTestApi({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_URL: bot.url,
      ALERT_TELEGRAM_CHAT_ID: CHAT_ID,
      ALERT_WEBHOOK_URL: `${hook.url}/alerts`,
      ALERT_WEBHOOK_SECRET: SECRET,
      ALERT_EMAIL: EMAIL,
      ALERT_ORDER_STUCK_MINUTES: '30',
    },
  });
  const handlers = jobHandlers(api.database, api.services);
  worker = new JobWorker(api.database, { [QUEUES.alert]: handlers[QUEUES.alert] }, { pollMs: 50, log: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await api?.close();
  await Promise.all([bot?.close(), hook?.close()]);
});

const telegramAbout = (kind: string) =>
  bot.got
    .filter((r) => r.path === `/bot${BOT_TOKEN}/sendMessage`)
    .map((r) => JSON.parse(r.body) as { chat_id: string; text: string })
    .filter((m) => m.text.includes(kind));
const webhookAbout = (kind: string) => hook.got.filter((r) => (JSON.parse(r.body) as { kind: string }).kind === kind);

describe('alert delivery', () => {
  it('a stuck order reaches the operators chat, the webhook and the e-mail once, not once per check; resolved and back, it is sent again', async () => {
    const o = await createOrder(api, { amount: 10, phoneNumber: '670000777', operatorId: 53 });
    await markPaid(api, o.orderId);
    await dropJob(api, o.orderId); // no worker delivers it: it stays paid
    await api.database.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '45 minutes'` })
      .where(eq(orders.id, o.orderId));

    for (let i = 0; i < 3; i++) await api.services.alertChecks.runOnce();
    await worker.drain();

    const chat = telegramAbout('orders_stuck');
    expect(chat).toHaveLength(1);
    expect(chat[0]).toMatchObject({ chat_id: CHAT_ID });
    expect(chat[0]!.text).toContain(`order #${o.orderId}`);

    const hooks = webhookAbout('orders_stuck');
    expect(hooks).toHaveLength(1);
    const expected = `sha256=${crypto.createHmac('sha256', SECRET).update(hooks[0]!.body).digest('hex')}`;
    expect(hooks[0]!.headers['x-alert-signature']).toBe(expected);
    expect(JSON.parse(hooks[0]!.body)).toMatchObject({ kind: 'orders_stuck' });

    expect(mailsTo(api, EMAIL).filter((m) => m.subject === '[alert] orders_stuck')).toHaveLength(1);
    const [open] = (await api.services.alerts.open()).filter((a) => a.kind === 'orders_stuck');
    expect(open?.count).toBe(3);

    // Delivered: the next check resolves it; stuck again later, it is a new alert and is sent again.
    await api.database.db.transaction(async (tx) => {
      await transition(tx, o.orderId, 'processing', { cause: 'test' });
      await transition(tx, o.orderId, 'completed', { cause: 'test' });
    });
    await api.services.alertChecks.runOnce();
    expect((await api.services.alerts.open()).some((a) => a.kind === 'orders_stuck')).toBe(false);
    await api.services.alerts.raise('orders_stuck', 'stuck again');
    await api.services.alerts.raise('orders_stuck', 'stuck again');
    await worker.drain();
    expect(telegramAbout('orders_stuck')).toHaveLength(2);
    expect(webhookAbout('orders_stuck')).toHaveLength(2);
  });

  it('a channel that fails is tried again later, without sending the others twice', async () => {
    await hook.close();
    await api.services.alerts.raise('prices_unavailable', 'no usable price for ETH');
    await worker.drain();
    expect(telegramAbout('prices_unavailable')).toHaveLength(1);
    const [job] = await api.database.db.select().from(jobs).where(eq(jobs.queue, QUEUES.alert));
    expect(job?.payload).toMatchObject({ channel: 'webhook' });
    expect(job?.lastError).toMatch(/alert not delivered/);
  });
});
