import http from 'node:http';
import { BotError, webhookCallback, type Bot } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from './context';

interface WebhookServerOptions {
  /** Path Telegram posts to (the path of WEBHOOK_URL). */
  path: string;
  /** Telegram sends it back in X-Telegram-Bot-Api-Secret-Token; other requests get 401. */
  secret: string;
  log: Logger;
}

/**
 * The production entry: a small node:http server. Telegram's POSTs to `path` go to the bot through
 * grammY's webhookCallback, which refuses a missing or wrong secret token with 401. The reply is sent
 * within Telegram's timeout even when an update takes longer (it then finishes in the background).
 */
export function createWebhookServer(bot: Bot<BotContext>, opts: WebhookServerOptions): http.Server {
  const handle = webhookCallback(bot, 'http', { secretToken: opts.secret, onTimeout: 'return', timeoutMilliseconds: 25_000 });
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === opts.path) {
      handle(req, res).catch(async (err: unknown) => {
        // As with long polling: the bot's error handler answers the user; Telegram is told the update
        // was taken (a 5xx would make it send the same update again and again).
        if (err instanceof BotError) await bot.errorHandler(err);
        else opts.log.error({ err }, 'webhook request failed');
        if (!res.headersSent) res.writeHead(err instanceof BotError ? 200 : 400).end();
      });
      return;
    }
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    res.writeHead(404).end();
  });
}
