import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CHAINS, ZMiniAppLink, type ChainRegistry, type TCoin, type TFinalityTag, type TRollup } from '@topup/shared';
import { devnetTokenAddresses } from './chain/devnet/addresses';
import { hasValidChecksum } from './chain/extended-key';

/**
 * One zod schema over the environment. Defaults give the embedded development mode (PGlite, sandbox
 * provider, fixed prices, local devnet, development deposit key); production refuses every one of them.
 */

/** Extended public key of m/44'/60'/0'/0 for the BIP-39 test phrase "abandon ×11 about". Development only. */
export const DEV_DEPOSIT_XPUB = 'xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr';
export const DEV_ADMIN_EMAIL = 'admin@example.com';
export const DEV_ADMIN_PASSWORD = 'admin-dev-password';
export const DEV_ORDER_TOKEN_SECRET = 'development-order-token-secret-not-for-production';
export const DEV_BOT_API_SECRET = 'development-bot-api-secret-not-for-production';

/** Where the repository lives: relative paths in the environment are taken from where npm was run. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

/** One URL, or several separated by commas (tried in that order, with failover: chain/json-rpc.ts). */
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
const NetworkEnvSchema = z.object({
  /** Default: the registry's (networks added later start switched off). */
  ENABLED: bool.optional(),
  RPC_URL: urlList.optional(),
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

function envPrefix(network: string): string {
  return `${network.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
}

const EnvSchema = z.object({
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
  PUBLIC_URL: z.string().url().optional(),
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
  /** How long a round of readiness checks is reused (the provider is asked at most every 6 rounds). */
  READINESS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5000),
  /** Bearer token that reads GET /metrics; unset: /metrics is off in production, open elsewhere. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

/** Every variable the configuration reads (the test checks that .env.example documents each). */
export function configVariableNames(registry: ChainRegistry = CHAINS): string[] {
  const perNetwork = registry.networks.flatMap((n) => Object.keys(NetworkEnvSchema.shape).map((k) => `${envPrefix(n.id)}${k}`));
  const contracts = registry.coins.filter((c) => c.token).map(tokenContractVariable);
  return [...Object.keys(EnvSchema.shape), ...perNetwork, ...new Set(contracts)];
}

export interface NetworkConfig {
  network: string;
  label: string;
  family: 'evm';
  enabled: boolean;
  /** The first of rpcUrls. */
  rpcUrl: string;
  /** Every node of the network, in order of preference (failover: chain/json-rpc.ts). */
  rpcUrls: string[];
  chainId: number;
  /** A payment counts once its block is final by this tag where the node offers it; null: by count only. */
  finality: TFinalityTag | null;
  /** Blocks to wait where the node offers no finality tag. */
  confirmations: number;
  pollMs: number;
  /** A rollup's way of charging for its Ethereum data (the fee estimate asks it); null: none. */
  rollup: TRollup | null;
  /** Token contract per coin symbol on this network. */
  tokens: Record<string, string>;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, registry: ChainRegistry = CHAINS) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const issues: string[] = [];
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) issues.push(...parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`));
  const networkEnv: Record<string, z.infer<typeof NetworkEnvSchema>> = {};
  for (const { id } of registry.networks) {
    const prefix = envPrefix(id);
    const vars = Object.fromEntries(
      Object.entries(cleaned)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
    const result = NetworkEnvSchema.safeParse(vars);
    if (result.success) networkEnv[id] = result.data;
    else issues.push(...result.error.issues.map((i) => `  ${prefix}${i.path.join('.')}: ${i.message}`));
  }
  const contractEnv: Record<string, string> = {};
  for (const coin of registry.coins.filter((c) => c.token)) {
    const name = tokenContractVariable(coin);
    const value = cleaned[name];
    if (value === undefined) continue;
    const result = address.safeParse(value);
    if (result.success) contractEnv[coin.symbol] = result.data;
    else issues.push(`  ${name}: ${result.error.issues[0]!.message}`);
  }
  if (!parsed.success || issues.length) throw new ConfigError(`Invalid configuration:\n${issues.join('\n')}`);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const devnet = e.DEVNET ?? !production;
  const base = env.INIT_CWD ?? process.cwd();

  const networks = Object.fromEntries(
    registry.networks.map((spec): [string, NetworkConfig] => {
      const n = networkEnv[spec.id]!;
      const devTokens = devnetTokenAddresses(registry, spec.id);
      // A token without a contract (none by default, none set) is not offered.
      const tokens = Object.fromEntries(
        registry
          .coinsOn(spec.id)
          .filter((c) => c.token)
          .flatMap((c) => {
            const contract = contractEnv[c.symbol] ?? (devnet ? devTokens[c.symbol] : c.token!.contract);
            return contract ? [[c.symbol, contract]] : [];
          }),
      );
      const finality = n.FINALITY ?? (devnet ? 'blocks' : (spec.finality ?? 'blocks'));
      return [
        spec.id,
        {
          network: spec.id,
          label: spec.label,
          family: spec.family,
          enabled: n.ENABLED ?? spec.enabledByDefault ?? true,
          rpcUrl: n.RPC_URL?.[0] ?? `http://127.0.0.1:${spec.devnet.port}`,
          rpcUrls: n.RPC_URL ?? [`http://127.0.0.1:${spec.devnet.port}`],
          chainId: n.CHAIN_ID ?? (devnet ? spec.devnet.chainId : spec.chainId),
          finality: finality === 'blocks' ? null : finality,
          confirmations: n.CONFIRMATIONS ?? (devnet ? 1 : spec.confirmations),
          // Half a block, but not more often than once a second: a pass fetches every new block in one batch.
          pollMs: n.POLL_MS ?? (devnet ? 500 : Math.max(1000, (spec.blockSeconds * 1000) / 2)),
          tokens,
          rollup: spec.rollup ?? null,
        },
      ];
    }),
  );

  const config = {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    miniAppLink: e.MINI_APP_LINK ?? null,
    depositXpub: e.DEPOSIT_XPUB,
    orderTokenSecret: e.ORDER_TOKEN_SECRET,
    botApiSecret: e.BOT_API_SECRET,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE_SECONDS,
    devnet,
    airtime: {
      provider: e.AIRTIME_PROVIDER,
      reloadly: {
        clientId: e.RELOADLY_CLIENT_ID,
        clientSecret: e.RELOADLY_CLIENT_SECRET,
        environment: e.RELOADLY_ENVIRONMENT ?? (production ? 'production' : 'sandbox'),
        authUrl: e.RELOADLY_AUTH_URL,
        apiUrl: e.RELOADLY_API_URL,
      },
    },
    prices: {
      feed: e.PRICE_FEED,
      coingecko: { url: e.PRICE_FEED_URL, plan: e.COINGECKO_API_PLAN, apiKey: e.COINGECKO_API_KEY },
      check: { source: e.PRICE_CHECK_SOURCE ?? (e.PRICE_FEED === 'coingecko' ? 'coinbase' : 'none'), url: e.PRICE_CHECK_URL },
      maxDivergenceBps: e.PRICE_MAX_DIVERGENCE_BPS,
      cacheMs: e.PRICE_CACHE_SECONDS * 1000,
      maxAgeMs: e.PRICE_MAX_AGE_SECONDS * 1000,
    },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD ?? (production ? undefined : DEV_ADMIN_PASSWORD) },
    orderRateLimitPerMinute: e.ORDER_RATE_LIMIT_PER_MINUTE,
    phoneCheckRateLimitPerMinute: e.PHONE_CHECK_RATE_LIMIT_PER_MINUTE,
    supportRateLimitPerMinute: e.SUPPORT_RATE_LIMIT_PER_MINUTE,
    jobPollMs: e.JOB_POLL_MS,
    runWorkers: e.RUN_WORKERS,
    runBot: e.RUN_BOT && e.TELEGRAM_BOT_TOKEN !== undefined,
    paymentToleranceBps: e.PAYMENT_TOLERANCE_BPS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    support: { email: e.SUPPORT_EMAIL ?? null, telegram: e.SUPPORT_TELEGRAM ?? null, whatsapp: e.SUPPORT_WHATSAPP ?? null },
    topupPollMs: e.TOPUP_POLL_MS,
    chain: { maxBlockRange: e.CHAIN_MAX_BLOCK_RANGE },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    readinessCacheMs: e.READINESS_CACHE_MS,
    metricsToken: e.METRICS_TOKEN,
    networks,
    registry,
    repoRoot: REPO_ROOT,
  };
  if (production) {
    const missingRpc = registry.networks.filter((n) => networks[n.id]!.enabled && !networkEnv[n.id]!.RPC_URL).map((n) => `${envPrefix(n.id)}RPC_URL`);
    const problems = [
      ...missingRpc.map((name) => `${name}: required for an enabled network (or set ${name.replace('_RPC_URL', '_ENABLED')}=false)`),
      ...Object.values(PRODUCTION_CHECKS).flatMap((check) => check(config) ?? []),
    ];
    if (problems.length) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
  }
  if (config.prices.feed === 'coingecko' && config.prices.coingecko.plan === 'pro' && !config.prices.coingecko.apiKey) {
    throw new ConfigError('Invalid configuration:\n  COINGECKO_API_KEY: required when COINGECKO_API_PLAN=pro');
  }
  if (config.airtime.provider === 'reloadly' && !(config.airtime.reloadly.clientId && config.airtime.reloadly.clientSecret)) {
    throw new ConfigError('Invalid configuration:\n  RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET: required when AIRTIME_PROVIDER=reloadly');
  }
  return config;
}

/** What a production check reads: the settings that can take money without delivering it. */
interface CheckedSettings {
  depositXpub: string;
  orderTokenSecret: string;
  botApiSecret: string;
  airtime: { provider: string; reloadly: { environment: string } };
  prices: { feed: string };
  admin: { email: string; password?: string };
  mail: { smtpUrl?: string };
  publicUrl?: string;
  devnet: boolean;
  databaseUrl?: string;
  networks: Record<string, NetworkConfig>;
}

/** Shortest admin password production accepts (the development one is refused by name too). */
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

/**
 * Production refuses to start on any of these: each is one small named check whose message names the
 * setting. Whatever could take real money and deliver nothing (or deliver to no one) belongs here.
 */
export const PRODUCTION_CHECKS: Record<string, (c: CheckedSettings) => string | string[] | null> = {
  developmentDepositKey: (c) => (c.depositXpub === DEV_DEPOSIT_XPUB ? 'DEPOSIT_XPUB: set your own extended public key; the development key is public' : null),
  developmentOrderTokenSecret: (c) =>
    c.orderTokenSecret === DEV_ORDER_TOKEN_SECRET ? 'ORDER_TOKEN_SECRET: set a random secret of 32 characters or more' : null,
  developmentBotApiSecret: (c) =>
    c.botApiSecret === DEV_BOT_API_SECRET ? 'BOT_API_SECRET: set a random secret of 32 characters or more, the same for the API and the bot' : null,
  sandboxProvider: (c) => (c.airtime.provider === 'sandbox' ? 'AIRTIME_PROVIDER: the sandbox provider sends no airtime; use reloadly' : null),
  reloadlySandbox: (c) =>
    c.airtime.reloadly.environment === 'sandbox'
      ? "RELOADLY_ENVIRONMENT: Reloadly's sandbox sends no airtime (orders would complete with nothing delivered); set production"
      : null,
  fixedPrices: (c) => (c.prices.feed === 'fixed' ? 'PRICE_FEED: the fixed development price table is not a market price; use coingecko' : null),
  developmentAdminEmail: (c) =>
    c.admin.email === DEV_ADMIN_EMAIL ? `ADMIN_EMAIL: ${DEV_ADMIN_EMAIL} is the development default; set the first admin's real address` : null,
  developmentAdminPassword: (c) => (c.admin.password === DEV_ADMIN_PASSWORD ? 'ADMIN_PASSWORD: the development password is public' : null),
  shortAdminPassword: (c) =>
    c.admin.password !== undefined && c.admin.password.length < MIN_PRODUCTION_ADMIN_PASSWORD
      ? `ADMIN_PASSWORD: use at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters`
      : null,
  noMailTransport: (c) => (c.mail.smtpUrl ? null : 'SMTP_URL: required; without it sign-in codes and receipts are written to a local folder and never sent'),
  noPublicUrl: (c) => (c.publicUrl ? null : "PUBLIC_URL: required; e-mail receipts link each order's page on the site at this address"),
  devnet: (c) => (c.devnet ? 'DEVNET: the local development chain cannot take real payments' : null),
  embeddedDatabase: (c) => (c.databaseUrl ? null : 'DATABASE_URL: production runs on a PostgreSQL server'),
  rpcUrlsShared: (c) => rpcUrlsSharedByNetworks(c.networks),
};

/**
 * A node serves one chain: one URL named by two networks means one of them watches the wrong chain (or
 * both watch the same one, and one network's payments are never seen).
 */
export function rpcUrlsSharedByNetworks(networks: Record<string, NetworkConfig>): string[] {
  const byUrl = new Map<string, string[]>();
  for (const n of Object.values(networks).filter((n) => n.enabled)) {
    for (const url of new Set(n.rpcUrls.map(normalUrl))) byUrl.set(url, [...(byUrl.get(url) ?? []), n.network]);
  }
  return [...byUrl.entries()]
    .filter(([, names]) => names.length > 1)
    .map(
      ([url, names]) =>
        `${names.map((n) => `${envPrefix(n)}RPC_URL`).join(', ')}: the same node (${hostOfUrl(url)}) for ${names.join(' and ')}; each network needs its own`,
    );
}

/** Compared without a trailing slash or letter case in the host, as a node sees them. */
function normalUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
}

/** A node's URL may carry an API key in its path: messages name its host only. */
function hostOfUrl(url: string): string {
  return new URL(url).host;
}
