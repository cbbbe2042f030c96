import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GrammyError } from 'grammy';
import { run } from '@grammyjs/runner';
import pino from 'pino';
import { TopupApi } from './api/client';
import { createBot } from './bot';
import { ConfigError, loadConfig } from './config';
import { NotificationPoller } from './features/notifications';
import { OrderMessages } from './order-messages';
import { ALLOWED_UPDATES, configureTelegram } from './setup';
import { createWebhookServer } from './webhook';

/**
 * Runs the bot: `node --import tsx bot/src/main.ts` (what `npm start` starts beside the API when
 * TELEGRAM_BOT_TOKEN is set), `npm start -w bot`, or `node dist/bot/main.js` in the bot service of
 * docker-compose (under an init, so SIGTERM reaches it). Long polling with @grammyjs/runner by default;
 * BOT_MODE=webhook (the production default) serves WEBHOOK_URL's path on BOT_HOST:BOT_PORT and
 * registers the webhook with WEBHOOK_SECRET. BOT_API_ROOT and BOT_API_ENVIRONMENT choose the Bot API
 * server (a self-hosted one, Telegram's test environment).
 *
 * On SIGTERM it takes no new update, lets the updates under way finish (SHUTDOWN_TIMEOUT_MS at most)
 * and stops the notification poller (a notification taken but not acknowledged is leased, and sent
 * again when the lease ends), then exits.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel, base: { service: 'bot' } });
  const api = new TopupApi({ baseUrl: config.apiUrl, serviceToken: config.botApiSecret });
  const webAppUrl = config.webAppEnabled ? config.webAppUrl : null;
  if (!webAppUrl) log.warn({ webAppUrl: config.webAppUrl }, 'the mini-app address is not https: Telegram refuses it, so the bot shows no mini-app button');
  // Long polls last 30 s (the runner's default); any other call that takes 75 s has failed.
  const orderMessages = new OrderMessages({ api, log, links: config.orderLinks });
  const bot = createBot({
    token: config.token,
    api,
    log,
    webAppUrl,
    supportContacts: config.support,
    orderLinks: config.orderLinks,
    orderMessages,
    client: { timeoutSeconds: 75, ...config.botApi },
  });
  if (config.botApi.apiRoot !== 'https://api.telegram.org' || config.botApi.environment !== 'prod') log.info(config.botApi, 'Bot API server');

  // getMe; Telegram may be briefly unreachable, a wrong token never recovers.
  for (let attempt = 1; ; attempt++) {
    try {
      await bot.init();
      break;
    } catch (err) {
      if (err instanceof GrammyError && err.error_code === 401) {
        console.error('TELEGRAM_BOT_TOKEN was refused by Telegram (401): check the token from @BotFather.');
        process.exit(1);
      }
      const waitMs = Math.min(60_000, 1000 * 2 ** attempt);
      log.warn({ err: (err as Error).message, retryInMs: waitMs }, 'Telegram is not reachable yet');
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  await configureTelegram(bot.api, webAppUrl).catch((err: unknown) => log.warn({ err }, 'could not set the commands or the menu button'));

  const poller = new NotificationPoller({ api, telegram: bot.api, log, idleMs: config.notifyPollMs, orderLinks: config.orderLinks, orderMessages });
  let stopUpdates: () => Promise<void>;
  if (config.mode === 'webhook') {
    const server: http.Server = createWebhookServer(bot, { path: config.webhook.path, secret: config.webhook.secret!, log });
    await new Promise<void>((resolve) => server.listen(config.webhook.port, config.webhook.host, resolve));
    await bot.api.setWebhook(config.webhook.url!, { secret_token: config.webhook.secret, allowed_updates: [...ALLOWED_UPDATES] });
    log.info({ url: config.webhook.url, listen: `${config.webhook.host}:${config.webhook.port}` }, 'bot started (webhook)');
    stopUpdates = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else {
    await bot.api.deleteWebhook();
    const runner = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
    log.info({ username: bot.botInfo.username }, 'bot started (long polling)');
    stopUpdates = () => runner.stop();
  }
  poller.start();

  let signals = 0;
  const shutdown = async (signal: string) => {
    if (++signals > 1) process.exit(1);
    log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'bot shutting down: no new updates; the ones under way finish');
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      Promise.allSettled([stopUpdates(), poller.stop()]).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), config.shutdownTimeoutMs))),
    ]);
    clearTimeout(timer);
    log.info({ inTime }, 'bot stopped');
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
