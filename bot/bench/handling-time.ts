import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Update } from 'grammy/types';
import { startTestApi } from '../../api/test/harness';
import { TopupApi } from '../src/api/client';
import { createBot } from '../src/bot';
import { BOT_INFO, BOT_TOKEN, TelegramDouble, Updates, user, WEBAPP_URL } from '../test/harness';

/**
 * Handling time per update, API excluded: how long `bot.handleUpdate` takes for the updates of a
 * whole recharge (/recharge, country, operator, amount, phone, coin, network, confirm with the QR code) and for
 * commands, with the outgoing Bot API calls captured by the transformer (answered at once) and the
 * HTTP API replaced by an in-process stub: the bot's session and conversation state in a Map, every
 * other call answered with the body the real API gave for the same request during a first, untimed
 * run (the real API on PGlite). What is measured is the bot's own work: middleware, sessions,
 * conversation replay, zod parsing of the API's answers, rendering, the QR PNG, grammY.
 * An update during which any request had to reach the real API is left out of the figures (and
 * counted); there should be none.
 *
 *   npm run bench -w bot            (or: npx tsx bot/bench/handling-time.ts [conversations])
 */

export interface Figures {
  count: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}
export interface HandlingReport {
  conversations: number;
  updates: number;
  excluded: number;
  overall: Figures;
  byStep: Record<string, Figures>;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { count: sorted.length, medianMs: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0 };
}

/** The API as an in-process stub: recorded answers, plus the bot state kept in memory. */
class StubApi {
  private readonly recorded = new Map<string, { status: number; body: string }>();
  private readonly state = new Map<string, { value: unknown; version: number }>();
  recording = true;
  misses = 0;

  constructor(private readonly realUrl: string) {}

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const session = /^\/api\/bot\/sessions\/(.+)$/.exec(url.pathname);
    if (session) {
      const key = decodeURIComponent(session[1]!);
      const held = this.state.get(key);
      if (method === 'GET') return Response.json({ success: true, key, value: held?.value ?? null, version: held?.version ?? 0 });
      if (method === 'PUT') {
        const { value, version } = JSON.parse(String(init?.body)) as { value: unknown; version: number };
        this.state.set(key, { value, version: version + 1 });
        return Response.json({ success: true, version: version + 1 });
      }
      this.state.delete(key);
      return Response.json({ success: true });
    }
    if (/^\/api\/bot\/orders\/\d+\/message$/.test(url.pathname)) return Response.json({ success: true });
    const key = `${method} ${url.pathname}${url.search} ${init?.body ?? ''}`;
    const hit = this.recorded.get(key);
    if (hit) return new Response(hit.body, { status: hit.status, headers: { 'content-type': 'application/json' } });
    if (!this.recording) this.misses++;
    const res = await fetch(this.realUrl + url.pathname + url.search, init);
    const body = await res.text();
    this.recorded.set(key, { status: res.status, body });
    return new Response(body, { status: res.status, headers: { 'content-type': 'application/json' } });
  };
}

export async function measureHandlingTime(opts: { conversations?: number } = {}): Promise<HandlingReport> {
  const conversations = opts.conversations ?? 200;
  const api = await startTestApi();
  try {
    const stub = new StubApi(api.url);
    const client = new TopupApi({ baseUrl: 'http://api.stub', serviceToken: api.config.botApiSecret, fetch: stub.fetch });
    const tg = new TelegramDouble();
    // Handling cost only: one bench user sends far more than the per-user limit lets through.
    const bot = createBot({
      token: BOT_TOKEN,
      api: client,
      botInfo: BOT_INFO,
      webAppUrl: WEBAPP_URL,
      supportContacts: { email: 'support@example.com' },
      transformers: [tg.transformer],
      rateLimit: false,
    });
    await bot.init();
    const updates = new Updates();
    const samples = new Map<string, number[]>();
    let excluded = 0;

    const run = async (timed: boolean) => {
      const u = user(9001, 'Bench');
      const press = (data: string) => updates.press(u, tg.messageWithButton(data, u.id));
      const steps: [string, () => Update][] = [
        ['/start', () => updates.text(u, '/start')],
        ['/help', () => updates.text(u, '/help')],
        ['/recharge', () => updates.text(u, '/recharge')],
        ['country (button)', () => press('r:country:NG')],
        ['operator (button)', () => press('r:operator:141')],
        ['amount (typed)', () => updates.text(u, '10')],
        ['phone (typed)', () => updates.text(u, '803 123 4567')],
        ['coin (button)', () => press('r:coin:USDT')],
        ['network (button)', () => press('r:network:USDT')],
        ['confirm (QR photo)', () => press('r:review:confirm')],
        ['stale button', () => press('r:review:confirm')],
      ];
      for (const [name, make] of steps) {
        const update = make();
        const missesBefore = stub.misses;
        const started = performance.now();
        await bot.handleUpdate(update);
        const elapsed = performance.now() - started;
        if (!timed) continue;
        if (stub.misses !== missesBefore) {
          excluded++;
          continue;
        }
        samples.set(name, [...(samples.get(name) ?? []), elapsed]);
      }
    };

    await run(false); // records the API's answers
    stub.recording = false;
    for (let i = 0; i < 3; i++) await run(false); // warm-up (JIT)
    for (let i = 0; i < conversations; i++) await run(true);

    const all = [...samples.values()].flat();
    return {
      conversations,
      updates: all.length,
      excluded,
      overall: figures(all),
      byStep: Object.fromEntries([...samples].map(([name, s]) => [name, figures(s)])),
    };
  } finally {
    await api.close();
  }
}

export function formatReport(r: HandlingReport): string {
  const f = (x: number) => x.toFixed(2).padStart(7);
  const rows = Object.entries(r.byStep).map(([name, s]) => `  ${name.padEnd(20)} ${f(s.medianMs)} ${f(s.p99Ms)} ${f(s.maxMs)}  (${s.count})`);
  return [
    `Bot handling time per update, API excluded (${r.conversations} recharges, ${r.updates} updates, ${r.excluded} excluded)`,
    `  ${'update'.padEnd(20)} ${'median'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  ms`,
    ...rows,
    `  ${'all updates'.padEnd(20)} ${f(r.overall.medianMs)} ${f(r.overall.p99Ms)} ${f(r.overall.maxMs)}  (${r.overall.count})`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await measureHandlingTime({ conversations: Number(process.argv[2] ?? 200) });
  process.stdout.write(`${formatReport(report)}\n`);
  process.exit(0);
}
