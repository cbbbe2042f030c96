import { z } from 'zod';
import { ZMiniAppLink, zEmail } from '@topup/shared';

/**
 * The bot's configuration: one zod schema over the environment, checked at start (fails fast).
 * The bot is a client of the HTTP API: it needs the API's address and the shared service credential.
 */

/** Same value as DEV_BOT_API_SECRET in api/src/config-env.ts (the bot never imports API code). */
export const DEV_BOT_API_SECRET = 'development-bot-api-secret-not-for-production';

const optionalText = z.string().trim().min(1).optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[\w-]{30,}$/, 'must look like 123456:ABC… (from @BotFather)'),
  API_URL: z.url().default('http://127.0.0.1:3000'),
  BOT_API_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_BOT_API_SECRET),
  /** polling (development, @grammyjs/runner) or webhook (production). */
  BOT_MODE: z.enum(['polling', 'webhook']).optional(),
  /** Public https address Telegram posts updates to, e.g. https://bot.example.com/telegram/webhook. */
  WEBHOOK_URL: z.url().optional(),
  /** Sent back by Telegram in X-Telegram-Bot-Api-Secret-Token (1-256 of A-Z a-z 0-9 _ -). */
  WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16-256 letters, digits, _ or -')
    .optional(),
  BOT_HOST: z.string().default('127.0.0.1'),
  BOT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  PUBLIC_URL: z.url().optional(),
  /** The mini-app; Telegram accepts only https web-app addresses. */
  WEBAPP_URL: z.url().optional(),
  /** The mini-app's t.me link, which order messages open on the order. Unset: no such button. */
  MINI_APP_LINK: ZMiniAppLink.optional(),
  /** The API's Telegram policy (the same setting, the same file): anything but `all` keeps Telegram's users off the site, which offers other coins. */
  TELEGRAM_NETWORKS: z.string().trim().default('ton'),
  SUPPORT_EMAIL: zEmail('must be an e-mail address').optional(),
  /** A Telegram handle (@name) or t.me link. */
  SUPPORT_TELEGRAM: optionalText,
  /** A WhatsApp number in international format or a wa.me link. */
  SUPPORT_WHATSAPP: optionalText,
  /** How long the notification poller rests when the outbox is empty. */
  NOTIFY_POLL_MS: z.coerce.number().int().min(100).default(1000),
  /** The Bot API server: Telegram's, or a self-hosted telegram-bot-api server (https://github.com/tdlib/telegram-bot-api). */
  BOT_API_ROOT: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  /** `test`: Telegram's test environment (a separate set of accounts and bots; calls go to …/bot<token>/test/<method>). */
  BOT_API_ENVIRONMENT: z.enum(['prod', 'test']).default('prod'),
  /** On SIGTERM: how long updates under way may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
});

export class ConfigError extends Error {}

export interface SupportContacts {
  email?: string;
  telegram?: string;
  whatsapp?: string;
}

export type BotConfig = ReturnType<typeof loadConfig>;

/** Every variable the bot reads (the test checks that .env.example documents each). */
export function botVariableNames(): string[] {
  return Object.keys(EnvSchema.shape);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid bot configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const mode = e.BOT_MODE ?? (production ? 'webhook' : 'polling');
  const problems: string[] = [];
  if (mode === 'webhook') {
    if (!e.WEBHOOK_URL) problems.push('WEBHOOK_URL: required in webhook mode');
    else if (!e.WEBHOOK_URL.startsWith('https://')) problems.push('WEBHOOK_URL: Telegram only posts to https addresses');
    if (!e.WEBHOOK_SECRET) problems.push('WEBHOOK_SECRET: required in webhook mode (checked on every update)');
  }
  if (production && e.BOT_API_SECRET === DEV_BOT_API_SECRET) problems.push('BOT_API_SECRET: set the same random secret as the API');
  if (problems.length) throw new ConfigError(`Invalid bot configuration:\n  ${problems.join('\n  ')}`);

  const webAppUrl = e.WEBAPP_URL ?? `${(e.PUBLIC_URL ?? e.API_URL).replace(/\/+$/, '')}/telegram`;
  const support: SupportContacts = { email: e.SUPPORT_EMAIL, telegram: e.SUPPORT_TELEGRAM, whatsapp: e.SUPPORT_WHATSAPP };
  return {
    env: e.NODE_ENV,
    production,
    logLevel: e.LOG_LEVEL,
    token: e.TELEGRAM_BOT_TOKEN,
    apiUrl: e.API_URL.replace(/\/+$/, ''),
    botApiSecret: e.BOT_API_SECRET,
    mode,
    webhook: {
      url: e.WEBHOOK_URL,
      secret: e.WEBHOOK_SECRET,
      path: e.WEBHOOK_URL ? new URL(e.WEBHOOK_URL).pathname : '/',
      host: e.BOT_HOST,
      port: e.BOT_PORT,
    },
    webAppUrl,
    /** Telegram refuses web-app buttons that are not https: without one the mini-app buttons are left out. */
    webAppEnabled: webAppUrl.startsWith('https://'),
    /**
     * Where order messages link to: the mini-app on the order, and the order's page on the site (PUBLIC_URL,
     * https only: Telegram refuses other button links). Under Telegram's TON-only rule (TELEGRAM_NETWORKS
     * other than all) no link to the site, whose pages offer other coins.
     */
    orderLinks: {
      miniApp: e.MINI_APP_LINK ?? null,
      site: e.TELEGRAM_NETWORKS === 'all' && e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    },
    support,
    notifyPollMs: e.NOTIFY_POLL_MS,
    botApi: { apiRoot: e.BOT_API_ROOT.replace(/\/+$/, ''), environment: e.BOT_API_ENVIRONMENT },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
