import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CHAINS, type ChainRegistry, type TFinalityTag, type TRollup } from '@topup/shared';
import { devnetTokenAddresses } from './chain/devnet/addresses';
import { PRODUCTION_CHECKS } from './config-checks';
import { DEV_ADMIN_PASSWORD, EnvSchema, NetworkEnvSchema, address, envPrefix, tokenContractVariable } from './config-env';

/**
 * One zod schema over the environment (config-env.ts). Defaults give the embedded development mode
 * (PGlite, sandbox provider, fixed prices, local devnet, development deposit key); production refuses
 * every one of them (config-checks.ts). Their public names are read from here.
 */
export {
  DEV_ADMIN_EMAIL,
  DEV_ADMIN_PASSWORD,
  DEV_BOT_API_SECRET,
  DEV_DEPOSIT_XPUB,
  DEV_ORDER_TOKEN_SECRET,
  configVariableNames,
  tokenContractVariable,
} from './config-env';
export { MIN_PRODUCTION_ADMIN_PASSWORD, PRODUCTION_CHECKS, rpcUrlsSharedByNetworks } from './config-checks';

/** Where the repository lives: relative paths in the environment are taken from where npm was run. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
    alerts: {
      telegram:
        e.ALERT_TELEGRAM_CHAT_ID && e.TELEGRAM_BOT_TOKEN
          ? { apiUrl: e.TELEGRAM_API_URL, botToken: e.TELEGRAM_BOT_TOKEN, chatId: e.ALERT_TELEGRAM_CHAT_ID }
          : null,
      email: e.ALERT_EMAIL ?? [],
      webhook: e.ALERT_WEBHOOK_URL ? { url: e.ALERT_WEBHOOK_URL, secret: e.ALERT_WEBHOOK_SECRET ?? null } : null,
      remindMs: e.ALERT_REMIND_HOURS * 3_600_000,
      checkMs: e.ALERT_CHECK_SECONDS * 1000,
      providerBalanceCents: Math.round(e.ALERT_PROVIDER_BALANCE_USD * 100),
      orderStuckMs: e.ALERT_ORDER_STUCK_MINUTES * 60_000,
      failedDeliveriesPerHour: e.ALERT_FAILED_DELIVERIES_PER_HOUR,
      backupDir: e.BACKUP_DIR ? path.resolve(base, e.BACKUP_DIR) : null,
      backupIntervalMs: e.BACKUP_INTERVAL_SECONDS * 1000,
    },
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
