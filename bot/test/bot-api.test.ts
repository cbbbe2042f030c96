import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TopupApi } from '../src/api/client';
import { createBot } from '../src/bot';
import { botVariableNames, loadConfig } from '../src/config';
import { BOT_INFO, BOT_TOKEN, startHarness, user, WEBAPP_URL, type Harness } from './harness';

/**
 * What the bot costs the API and where it reaches Telegram: the session is read
 * only when this process does not know the chat yet, the conversation's state only for updates that
 * may be the conversation's; and the Bot API root and Telegram's test environment are settings.
 */

/** The API client, counting the bot-state calls per kind of key. */
class CountingApi extends TopupApi {
  readonly calls: string[] = [];
  override async readSession(key: string) {
    this.calls.push(`read ${key.split(':')[0]}`);
    return super.readSession(key);
  }
  override async writeSession(key: string, value: unknown, version: number) {
    this.calls.push(`write ${key.split(':')[0]}`);
    return super.writeSession(key, value, version);
  }
  override async deleteSession(key: string, version?: number) {
    this.calls.push(`delete ${key.split(':')[0]}`);
    return super.deleteSession(key, version);
  }
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('round trips to the API per update', () => {
  it('reads a chat’s session once, the conversation’s state only for what may be the conversation’s', async () => {
    const api = new CountingApi({ baseUrl: h.api.url, serviceToken: h.api.config.botApiSecret });
    const bot = createBot({ token: BOT_TOKEN, api, botInfo: BOT_INFO, webAppUrl: WEBAPP_URL, supportContacts: {}, transformers: [h.tg.transformer] });
    const ola = user(7101, 'Ola');
    const send = async (text: string) => {
      api.calls.length = 0;
      await bot.handleUpdate(h.updates.text(ola, text));
      return [...api.calls];
    };
    // A chat this process does not know: its session is read, and written once with the language.
    expect(await send('/help')).toEqual(['read session', 'write session']);
    // Known now: no round trip at all.
    expect(await send('/help')).toEqual([]);
    expect(await send('/support')).toEqual([]);
    // The recharge is a conversation: its state is read and written.
    const recharge = await send('/recharge');
    expect(recharge).toContain('read conv');
    expect(recharge).not.toContain('read session');
    // A command that is not the conversation's, in the middle of it: nothing read.
    expect(await send('/help')).toEqual([]);
    // Telegram reports another language for the user: the session is read and updated.
    api.calls.length = 0;
    await bot.handleUpdate(h.updates.text({ ...ola, language_code: 'es' }, '/help'));
    expect(api.calls).toEqual(['read session', 'write session']);
    expect(h.tg.last('sendMessage')!.payload.text).toContain('/recharge');
  });

  it('remembers a /language choice without reading it back', async () => {
    const api = new CountingApi({ baseUrl: h.api.url, serviceToken: h.api.config.botApiSecret });
    const bot = createBot({ token: BOT_TOKEN, api, botInfo: BOT_INFO, webAppUrl: WEBAPP_URL, supportContacts: {}, transformers: [h.tg.transformer] });
    const ren = user(7102, 'Ren');
    await bot.handleUpdate(h.updates.text(ren, '/language'));
    await bot.handleUpdate(h.updates.press(ren, h.tg.messageWithButton('lang:pt', ren.id)));
    api.calls.length = 0;
    await bot.handleUpdate(h.updates.text(ren, '/help'));
    expect(api.calls).toEqual([]);
    expect(h.tg.last('sendMessage')!.payload.text).toContain('/recharge');
    // Another bot (a restart) reads it from the API: the choice was saved.
    const fresh = createBot({ token: BOT_TOKEN, api, botInfo: BOT_INFO, webAppUrl: WEBAPP_URL, supportContacts: {}, transformers: [h.tg.transformer] });
    await fresh.handleUpdate(h.updates.text(ren, '/help'));
    const portuguese = h.tg.last('sendMessage')!.payload.text as string;
    await bot.handleUpdate(h.updates.text(user(7103, 'Eve'), '/help'));
    expect(portuguese).not.toBe(h.tg.last('sendMessage')!.payload.text);
  });
});

describe('the Bot API server', () => {
  let server: http.Server;
  let root: string;
  const paths: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result: req.url?.endsWith('/getMe') ? BOT_INFO : true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is a setting: a self-hosted telegram-bot-api server, or Telegram’s test environment', async () => {
    const config = loadConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, BOT_API_ROOT: `${root}/`, BOT_API_ENVIRONMENT: 'test' });
    expect(config.botApi).toEqual({ apiRoot: root, environment: 'test' });
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN }).botApi).toEqual({ apiRoot: 'https://api.telegram.org', environment: 'prod' });
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, BOT_API_ENVIRONMENT: 'staging' })).toThrow(/BOT_API_ENVIRONMENT/);

    const testEnv = createBot({
      token: BOT_TOKEN,
      api: new TopupApi({ baseUrl: 'http://127.0.0.1:9', serviceToken: 'x'.repeat(40) }),
      webAppUrl: null,
      supportContacts: {},
      client: config.botApi,
      autoRetry: false,
    });
    await testEnv.init();
    expect(testEnv.botInfo.username).toBe(BOT_INFO.username);
    const selfHosted = createBot({
      token: BOT_TOKEN,
      api: new TopupApi({ baseUrl: 'http://127.0.0.1:9', serviceToken: 'x'.repeat(40) }),
      webAppUrl: null,
      supportContacts: {},
      client: { apiRoot: root },
      autoRetry: false,
    });
    await selfHosted.init();
    expect(paths).toEqual([`/bot${BOT_TOKEN}/test/getMe`, `/bot${BOT_TOKEN}/getMe`]);
  });

  it('documents every bot setting in .env.example', () => {
    const example = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(botVariableNames().filter((name) => !documented.has(name))).toEqual([]);
  });
});
