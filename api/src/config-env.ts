import { z } from 'zod';
import { CHAINS, ZMiniAppLink, type ChainRegistry, type TCoin } from '@topup/shared';
import { hasValidChecksum } from './chain/extended-key';

/**
 * The environment's variables as zod reads them: the shared ones (EnvSchema) and, per network of the
 * registry, the `<NETWORK>_…` ones. config.ts turns what they parse to into the configuration.
 */

/** Extended public key of m/44'/60'/0'/0 for the BIP-39 test phrase "abandon ×11 about". Development only. */
export const DEV_DEPOSIT_XPUB = 'xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr';
export const DEV_ADMIN_EMAIL = 'admin@example.com';
export const DEV_ADMIN_PASSWORD = 'admin-dev-password';
export const DEV_ORDER_TOKEN_SECRET = 'development-order-token-secret-not-for-production';
export const DEV_BOT_API_SECRET = 'development-bot-api-secret-not-for-production';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);

export const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

/** One URL, or several separated by commas (tried in that order, with failover: chain/evm/json-rpc.ts). */
const urlList = z.string().transform((value, ctx) => {
  const urls = value
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = urls.findIndex((u) => !z.url({ protocol: /^https?$/ }).safeParse(u).success);
  if (urls.length === 0 || bad !== -1) {
    ctx.addIssue({
      code: 'custom',
      message: urls.length ? `URL ${bad + 1} is not an http(s) URL (one URL, or several separated by commas)` : 'must name at least one URL',
    });
    return z.NEVER;
  }
  return urls;
});

/** Per network of the registry, read from `<NETWORK>_…` variables, e.g. ETHEREUM_RPC_URL. */
export const NetworkEnvSchema = z.object({
  /** Default: the registry's (networks added later start switched off). */
  ENABLED: bool.optional(),
  RPC_URL: urlList.optional(),
  /** A node provider's key where the family sends one in a header (Tron: TronGrid's); EVM providers take theirs in the URL. */
  API_KEY: z.string().trim().min(1).optional(),
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  /** Blocks a payment waits where the node offers no finality tag (or FINALITY=blocks). */
  CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  /** The chain's own finality by block tag, or `blocks` to count confirmations only. */
  FINALITY: z.enum(['finalized', 'safe', 'blocks']).optional(),
  /** How often the watcher asks for new blocks, in milliseconds. */
  POLL_MS: z.coerce.number().int().min(50).optional(),
});

/** The variable naming a token's contract on its network: ETHEREUM_USDC_CONTRACT. */
export function tokenContractVariable(coin: TCoin): string {
  return `${envPrefix(coin.network)}${coin.token!.ticker}_CONTRACT`;
}

export function envPrefix(network: string): string {
  return `${network.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
}

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(3000),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Express's trust proxy: a number of hops (1 behind one reverse proxy), true/false, or addresses and
   * subnets (loopback, 10.0.0.0/8, …). Decides req.ip, which rate limits and the admin sign-in count by.
   */
  TRUST_PROXY: z
    .string()
    .transform((v): number | boolean | string => (/^\d+$/.test(v) ? Number(v) : v === 'true' ? true : v === 'false' ? false : v))
    .optional(),
  /** The site's address (links in e-mails, the order pages): a web address, https in production. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** The mini-app's t.me link (the bot reads it too): the site's order page opens the order in Telegram with it. */
  MINI_APP_LINK: ZMiniAppLink.optional(),

  DEPOSIT_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be a base58 extended public key (xpub…)')
    // ethers does not check it: a one-character typo would give addresses no wallet holds.
    .refine(hasValidChecksum, 'the base58 checksum is wrong: the key has a typo (copy it again from your wallet)')
    .default(DEV_DEPOSIT_XPUB),

  /** Signs the order tokens given to anonymous customers. */
  ORDER_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_ORDER_TOKEN_SECRET),

  /** The bot's token: checks the signature of mini-app init data (and runs the bot, see bot/). */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{30,}$/, 'must look like 123456:ABC… (from @BotFather)')
    .optional(),
  /**
   * The networks whose coins the Telegram surfaces (the bot and the mini-app) offer and take, by network
   * id with commas, or `all`. Telegram's rules for a bot with a mini app allow TON only (docs/ton.md).
   */
  TELEGRAM_NETWORKS: z
    .string()
    .trim()
    .default('ton')
    .transform((v) =>
      v === 'all'
        ? null
        : v
            .split(',')
            .map((n) => n.trim().toLowerCase())
            .filter(Boolean),
    ),
  /** Mini-app init data older than this is refused. */
  INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** The bot's credential on the API (x-service-token). */
  BOT_API_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_BOT_API_SECRET),

  /** A name of airtime/registry.ts. */
  AIRTIME_PROVIDER: z.enum(['sandbox', 'reloadly']).default('sandbox'),
  RELOADLY_CLIENT_ID: z.string().optional(),
  RELOADLY_CLIENT_SECRET: z.string().optional(),
  /** Default: production with NODE_ENV=production, sandbox otherwise. */
  RELOADLY_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  /** Overrides of the base URLs, for a local double. */
  RELOADLY_AUTH_URL: z.string().url().optional(),
  RELOADLY_API_URL: z.string().url().optional(),

  PRICE_FEED: z.enum(['fixed', 'coingecko']).default('fixed'),
  /** Overrides CoinGecko's root URL (by default the plan's: api.coingecko.com, or pro-api.coingecko.com). */
  PRICE_FEED_URL: z.string().url().optional(),
  COINGECKO_API_KEY: z.string().trim().min(1).optional(),
  /** demo: a free Demo key (or none); pro: a paid plan's key. */
  COINGECKO_API_PLAN: z.enum(['demo', 'pro']).default('demo'),
  /** The second, independent source a market price must agree with; by default coinbase with CoinGecko. */
  PRICE_CHECK_SOURCE: z.enum(['coinbase', 'none']).optional(),
  PRICE_CHECK_URL: z.string().url().optional(),
  /** Sources further apart than this share of the lower price, in basis points, refuse the coin. */
  PRICE_MAX_DIVERGENCE_BPS: z.coerce.number().int().min(1).max(5000).default(200),
  PRICE_CACHE_SECONDS: z.coerce.number().int().min(1).default(60),
  PRICE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(300),

  ADMIN_EMAIL: z.email().default(DEV_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(6).optional(),

  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Anonymous phone number checks (each may ask the airtime provider) per client address per minute. */
  PHONE_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Messages to the support inbox per client address per minute. */
  SUPPORT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6),
  /**
   * Redis or Valkey (redis://host:6379) where the rate limits count, so that a limit holds once across
   * API replicas. Unset: each process counts in its own memory (one process needs nothing more).
   */
  RATE_LIMIT_REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of the rate limits' keys in that store (several deployments may share one server). */
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('topup:rl:'),
  /** How often the job worker looks for due jobs, in milliseconds. */
  JOB_POLL_MS: z.coerce.number().int().min(10).default(500),
  RUN_WORKERS: bool.default(true),
  /** With TELEGRAM_BOT_TOKEN set, `npm start` also runs the bot (bot/) beside the API; false when it runs elsewhere. */
  RUN_BOT: bool.default(true),
  /** SMTP server for e-mail receipts; unset: messages are written to DATA_DIR/mail-outbox instead. */
  SMTP_URL: z.string().url().optional(),
  /** Support contacts the bot's /support and the web site's support widget show (the bot reads the same variables). */
  SUPPORT_EMAIL: z.string().trim().min(1).optional(),
  SUPPORT_TELEGRAM: z.string().trim().min(1).optional(),
  SUPPORT_WHATSAPP: z.string().trim().min(1).optional(),
  MAIL_FROM: z.string().default('Crypto Top-ups <receipts@localhost>'),
  /** How often a top-up the provider is still processing is asked about again, in milliseconds. */
  TOPUP_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** A shortfall up to this share of the amount due counts as paid, in basis points (50 = 0.5%). */
  PAYMENT_TOLERANCE_BPS: z.coerce.number().int().min(0).max(1000).default(50),
  /** Most blocks one eth_getLogs call covers. */
  CHAIN_MAX_BLOCK_RANGE: z.coerce.number().int().min(1).max(10_000).default(100),
  DEVNET: bool.optional(),
  /** On SIGTERM: how long in-flight requests and jobs may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** A request (headers and body) must arrive within this; a slower client gets a 408 and is disconnected. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** How long a round of readiness checks is reused (the provider is asked at most every 6 rounds). */
  READINESS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5000),
  /** Operator alerts (services/alerts.ts): the Telegram chat the bot writes them to (needs TELEGRAM_BOT_TOKEN). */
  ALERT_TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^-?\d+$/, 'must be a Telegram chat id (a number; negative for a group)')
    .optional(),
  /** The Bot API's root; a local stand-in in tests. */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** Addresses, comma-separated, that get every alert by e-mail. */
  ALERT_EMAIL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()))
    .optional(),
  /** An HTTPS endpoint that gets every alert as JSON (POST), signed with ALERT_WEBHOOK_SECRET when set. */
  ALERT_WEBHOOK_URL: z.string().url().optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** An alert still open is sent again after this many hours. */
  ALERT_REMIND_HOURS: z.coerce.number().min(1).default(24),
  /** How often the alert checks run. */
  ALERT_CHECK_SECONDS: z.coerce.number().int().min(10).default(60),
  /** The airtime provider's balance under this (in USD) raises an alert. */
  ALERT_PROVIDER_BALANCE_USD: z.coerce.number().min(0).default(100),
  /** A paid order not delivered after this many minutes is stuck. */
  ALERT_ORDER_STUCK_MINUTES: z.coerce.number().int().min(1).default(30),
  /** This many failed deliveries within an hour raise an alert. */
  ALERT_FAILED_DELIVERIES_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Where the backup service writes its dumps, mounted read-only (docker-compose.yml); unset: backups are not watched. */
  BACKUP_DIR: z.string().optional(),
  /** The backup service's interval: a newest dump older than two of them raises an alert. */
  BACKUP_INTERVAL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** Bearer token that reads GET /metrics; unset: /metrics is off in production, open elsewhere. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

/** Every variable the configuration reads (the test checks that .env.example documents each). */
export function configVariableNames(registry: ChainRegistry = CHAINS): string[] {
  const perNetwork = registry.networks.flatMap((n) => Object.keys(NetworkEnvSchema.shape).map((k) => `${envPrefix(n.id)}${k}`));
  const contracts = registry.coins.filter((c) => c.token).map(tokenContractVariable);
  return [...Object.keys(EnvSchema.shape), ...perNetwork, ...new Set(contracts)];
}
