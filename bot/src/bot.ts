import { NO_ORDER_LINKS, type OrderLinks } from './keyboards';
import { Bot, lazySession, type ApiClientOptions, type Context, type Transformer } from 'grammy';
import { DEFAULT_LOCALE, localeFromTag, catalogFor, type Catalog } from '@topup/shared';
import type { UserFromGetMe } from 'grammy/types';
import { autoRetry, type AutoRetryOptions } from '@grammyjs/auto-retry';
import { conversations, type ConversationData, type VersionedState } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { limit } from '@grammyjs/ratelimiter';
import pino, { type Logger } from 'pino';
import { ApiError, type TopupApi } from './api/client';
import { ApiStorage } from './api/storage';
import { SessionStore } from './session';
import { OrderMessages } from './order-messages';
import type { SupportContacts } from './config';
import { sessionKey, type BotContext, type SessionData } from './context';
import { RECHARGE_STATE_VERSION } from './conversations/recharge';
import { BALANCE_TOPUP_STATE_VERSION } from './conversations/balance-topup';
import { balanceFeature, balanceTopupFeature } from './features/balance';
import { cancelFeature } from './features/cancel';
import { fallbackFeature } from './features/fallback';
import { helpFeature } from './features/help';
import { policiesFeature } from './features/policies';
import { inlineFeature } from './features/inline';
import { languageFeature } from './features/language';
import { ordersFeature } from './features/orders';
import { paymentsFeature } from './features/payments';
import { rechargeFeature } from './features/recharge';
import { renameReplyFeature, startFeature } from './features/start';
import { supportFeature } from './features/support';

export interface BotDeps {
  token: string;
  api: TopupApi;
  /** Known bot identity: no getMe call at start (tests, webhook cold starts). */
  botInfo?: UserFromGetMe;
  /** The mini-app (https only, Telegram refuses others); null: no mini-app button. */
  webAppUrl: string | null;
  supportContacts: SupportContacts;
  /** Where an order's messages link to (MINI_APP_LINK, the site's PUBLIC_URL); none by default. */
  orderLinks?: OrderLinks;
  /** The orders' messages kept up to date; give the notification poller the same one (main.ts). */
  orderMessages?: OrderMessages;
  log?: Logger;
  /** Bot API transformers installed under auto-retry (tests install the capturing harness here). */
  transformers?: Transformer[];
  /** Auto-retry on 429 and 5xx; false turns it off. Defaults: at most 3 retries, waits of at most 60 s. */
  autoRetry?: Partial<AutoRetryOptions> | false;
  /**
   * Options of grammY's Bot API client: main.ts sets a timeout (grammY's default is 500 s), and the Bot
   * API root (`apiRoot`: a self-hosted telegram-bot-api server) and `environment` (Telegram's test
   * environment) from BOT_API_ROOT and BOT_API_ENVIRONMENT.
   */
  client?: ApiClientOptions;
  /** Version of the stored conversation states (default CONVERSATION_STATE_VERSION); states of another version are dropped. */
  stateVersion?: string | number;
  /** Updates a user may send per window before the rest are dropped (default USER_RATE_LIMIT); false: no limit. */
  rateLimit?: { limit: number; windowMs: number } | false;
}

/**
 * What one user may send: enough for anyone typing or pressing buttons, not for a flood (each update
 * costs API calls and, in a conversation, a replay). Beyond it updates are dropped, with one notice.
 */
export const USER_RATE_LIMIT = { limit: 10, windowMs: 5_000 };

/**
 * The version of a chat's stored conversation states: both conversations' own, so that a change to
 * either drops the states in flight (one version covers the chat's whole record).
 */
export const CONVERSATION_STATE_VERSION = `recharge-${RECHARGE_STATE_VERSION}.balance-topup-${BALANCE_TOPUP_STATE_VERSION}`;

/** The conversation states of a chat, keyed by chat id in the API's bot state (sessions: context.ts). */
const conversationKeyPrefix = 'conv:';

/**
 * Builds the bot; starts nothing (no polling, no webhook, no network call when botInfo is given).
 * One composer per feature. The session (the user's language) is read from the API only when a
 * handler uses it (lazy), and an API that cannot be reached leaves Telegram's language. Commands and
 * buttons that are never a conversation's (the recharge, the balance top-up) come first and are
 * answered without loading the conversations' state; the conversations then run before the features
 * that act on them (/start, /cancel, /recharge, "Add to balance") and hand them every command and
 * button that is not their own.
 */
export function createBot(deps: BotDeps): Bot<BotContext> {
  const log = deps.log ?? pino({ level: 'silent' });
  const bot = new Bot<BotContext>(deps.token, { ...(deps.botInfo ? { botInfo: deps.botInfo } : {}), ...(deps.client ? { client: deps.client } : {}) });
  for (const transformer of deps.transformers ?? []) bot.api.config.use(transformer);
  if (deps.autoRetry !== false) bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, ...deps.autoRetry }));

  const orderLinks = deps.orderLinks ?? NO_ORDER_LINKS;
  const orderMessages = deps.orderMessages ?? new OrderMessages({ api: deps.api, log, links: orderLinks });
  const services = { api: deps.api, log, webAppUrl: deps.webAppUrl, support: deps.supportContacts, orderLinks, orderMessages };

  const rate = deps.rateLimit ?? USER_RATE_LIMIT;
  // Counted as updates arrive, before they queue per chat: counted after the queue, a flood would be
  // let through at whatever pace Telegram lets the replies out (one a second when it throttles).
  if (rate) {
    bot.chatType('private').use(
      limit<BotContext, never>({
        timeFrame: rate.windowMs,
        limit: rate.limit,
        keyGenerator: (ctx) => ctx.from?.id.toString(),
        // Called once per window for a user over the limit: one notice, not one per message.
        onLimitExceeded: (ctx) => {
          const text = catalogFor(localeFromTag(ctx.from?.language_code) ?? DEFAULT_LOCALE).bot.tooFast;
          const notice: Promise<unknown> = ctx.callbackQuery ? ctx.answerCallbackQuery({ text }) : ctx.reply(text);
          notice.catch((err: unknown) => log.warn({ err }, 'could not send the rate limit notice'));
        },
      }),
    );
  }
  // One update at a time per chat (the runner processes updates concurrently; so may a webhook).
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.use((ctx, next) => {
    ctx.services = services;
    ctx.userApi = () => deps.api.as(ctx.from!);
    return next();
  });

  // Inline mode: a "top me up" card, sent from any chat (no chat of the bot's own: no session).
  bot.use(inlineFeature());

  // The bot works in private chats; elsewhere it stays silent.
  const pm = bot.chatType('private');
  const sessions = new SessionStore<SessionData>(new ApiStorage<SessionData>(deps.api), log);
  pm.use(
    lazySession<SessionData, BotContext>({
      initial: () => ({}),
      getSessionKey: (ctx) => (ctx.chat ? sessionKey(ctx.chat.id) : undefined),
      storage: sessions,
    }),
  );
  // The user's language: from the session this process already knows, else read (once), so that most
  // updates cost no round trip to the API before their handler runs.
  pm.use(async (ctx, next) => {
    const code = ctx.from?.language_code;
    let session = sessions.peek(sessionKey(ctx.chat.id))?.value;
    if (!session || (code && session.languageCode !== code)) {
      session = await ctx.session;
      if (code && session.languageCode !== code) session.languageCode = code;
    }
    ctx.locale = session.locale ?? localeFromTag(code) ?? DEFAULT_LOCALE;
    ctx.t = catalogFor(ctx.locale);
    return next();
  });
  pm.use(helpFeature());
  pm.use(policiesFeature());
  pm.use(supportFeature());
  pm.use(ordersFeature());
  pm.use(balanceFeature());
  pm.use(languageFeature());
  pm.use(paymentsFeature());
  pm.use(renameReplyFeature());
  pm.use(
    conversations<BotContext, Context>({
      storage: {
        type: 'key',
        version: deps.stateVersion ?? CONVERSATION_STATE_VERSION,
        prefix: conversationKeyPrefix,
        getStorageKey: (ctx) => ctx.chat?.id.toString(),
        adapter: new ApiStorage<VersionedState<ConversationData>>(deps.api),
      },
    }),
  );
  pm.use(rechargeFeature());
  pm.use(balanceTopupFeature());
  pm.use(startFeature());
  pm.use(cancelFeature());
  pm.use(fallbackFeature());

  bot.catch(async (err) => {
    const ctx = err.ctx;
    log.error({ err: err.error, update: ctx.update.update_id }, 'update failed');
    const t: Catalog = ctx.t ?? catalogFor(localeFromTag(ctx.from?.language_code) ?? DEFAULT_LOCALE);
    // Never leave a button spinning or a message unanswered.
    const text = err.error instanceof ApiError && err.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorGeneric;
    try {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
      else if (ctx.chat?.type === 'private') await ctx.reply(text);
    } catch {
      // the chat is gone or Telegram is unreachable: nothing more to do
    }
  });
  return bot;
}
