import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CHAINS, dollarsToCents, type ChainRegistry } from '@topup/shared';
import { devnetTokenAddresses } from './chain/devnet/addresses';
import { FAMILIES } from './chain/families';
import type { ChainFamily } from './chain/port';
import { PRODUCTION_CHECKS } from './config-checks';
import { DEV_ADMIN_PASSWORD, EnvSchema, NetworkEnvSchema, envPrefix, tokenContractVariable } from './config-env';

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

import type { NetworkConfig } from './network-config';

export type { NetworkConfig };

export type Config = ReturnType<typeof readConfig>['config'];

/** A network of the registry is on unless it says otherwise; 'devnet': on the devnet only, until switched on. */
function enabledByDefault(value: boolean | 'devnet' | undefined, devnet: boolean): boolean {
  return value === 'devnet' ? devnet : (value ?? true);
}

/** A configuration refused: every problem found, each naming its variable, in one message. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

/** The refusal's message: production's, or the development one's. */
export function configRefusal(problems: string[], production: boolean): ConfigError {
  const head = production ? 'Refusing to start in production:' : 'Invalid configuration:';
  return new ConfigError(`${head}\n  ${problems.join('\n  ')}`, problems);
}

/** The variable a problem names (its text before the first colon). */
const variableOf = (problem: string) => problem.slice(0, problem.indexOf(':'));

/**
 * Parses with `schema`, leaving out the variables it refuses (their defaults are used instead), so
 * that the checks after it still run: a start names every problem at once, not one per attempt.
 */
function parseLeniently<T>(schema: z.ZodType<T>, vars: Record<string, unknown>, name: (key: string) => string, issues: string[]): T {
  let rest = vars;
  for (;;) {
    const result = schema.safeParse(rest);
    if (result.success) return result.data;
    const refused = new Set(result.error.issues.map((i) => String(i.path[0] ?? '')));
    issues.push(...result.error.issues.map((i) => `${name(i.path.join('.')) || '(environment)'}: ${i.message}`));
    const kept = Object.fromEntries(Object.entries(rest).filter(([k]) => !refused.has(k)));
    // Nothing left to leave out: the schema refuses its own defaults (a programming error).
    if (Object.keys(kept).length === Object.keys(rest).length) throw configRefusal(issues, false);
    rest = kept;
  }
}

/** `families`: the chain families known (chain/families.ts); a test adds its own. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, registry: ChainRegistry = CHAINS, families: Readonly<Record<string, ChainFamily>> = FAMILIES) {
  const { config, problems } = readConfig(env, registry, families);
  if (problems.length) throw configRefusal(problems, config.production);
  return config;
}

/** The configuration, and every problem with it (production's refusals included), without throwing. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, registry: ChainRegistry = CHAINS, families: Readonly<Record<string, ChainFamily>> = FAMILIES) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const issues: string[] = [];
  const e = parseLeniently(EnvSchema, cleaned, (k) => k, issues);
  const networkEnv: Record<string, z.infer<typeof NetworkEnvSchema>> = {};
  for (const { id } of registry.networks) {
    const prefix = envPrefix(id);
    const vars = Object.fromEntries(
      Object.entries(cleaned)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
    networkEnv[id] = parseLeniently(NetworkEnvSchema, vars, (k) => `${prefix}${k}`, issues);
  }
  const contractEnv: Record<string, string> = {};
  for (const coin of registry.coins.filter((c) => c.token)) {
    const name = tokenContractVariable(coin);
    const value = cleaned[name];
    if (value === undefined) continue;
    // A contract is an address of its network's family (a family the registry names without one is refused by Chains).
    const problem = families[registry.network(coin.network)!.family]?.checkAddress(value) ?? null;
    if (problem) issues.push(`${name}: ${problem}`);
    else contractEnv[coin.symbol] = value;
  }
  const production = e.NODE_ENV === 'production';
  const devnet = e.DEVNET ?? !production;
  const base = env.INIT_CWD ?? process.cwd();

  const networks = Object.fromEntries(
    registry.networks.map((spec): [string, NetworkConfig] => {
      const n = networkEnv[spec.id]!;
      // On the devnet a network is served by its local double; one without a double needs a node of its own.
      const local = devnet && spec.devnet ? spec.devnet : null;
      const double = families[spec.family]?.double;
      const devTokens = double ? double.tokens(registry, spec.id) : devnetTokenAddresses(registry, spec.id);
      // A token without a contract (none by default, none set) is not offered.
      const tokens = Object.fromEntries(
        registry
          .coinsOn(spec.id)
          .filter((c) => c.token)
          .flatMap((c) => {
            const contract = contractEnv[c.symbol] ?? (local ? devTokens[c.symbol] : c.token!.contract);
            return contract ? [[c.symbol, contract]] : [];
          }),
      );
      const finality = n.FINALITY ?? (devnet ? 'blocks' : (spec.finality ?? 'blocks'));
      const rpcUrls = n.RPC_URL ?? (spec.devnet ? [`http://127.0.0.1:${spec.devnet.port}`] : []);
      return [
        spec.id,
        {
          network: spec.id,
          label: spec.label,
          family: spec.family,
          enabled: (n.ENABLED ?? enabledByDefault(spec.enabledByDefault, devnet)) && (!devnet || local !== null || n.RPC_URL !== undefined),
          rpcUrl: rpcUrls[0] ?? '',
          rpcUrls,
          apiKey: n.API_KEY,
          chainId: n.CHAIN_ID ?? local?.chainId ?? spec.chainId,
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
    /** Each chain family's key setting (ChainFamily.keySetting), by family id. */
    chainKeys: Object.fromEntries(Object.values(families).map((f) => [f.id, { ...cleaned, DEPOSIT_XPUB: e.DEPOSIT_XPUB }[f.keySetting]])),
    orderTokenSecret: e.ORDER_TOKEN_SECRET,
    botApiSecret: e.BOT_API_SECRET,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE_SECONDS,
    /** The networks the Telegram surfaces offer (TELEGRAM_NETWORKS); null: all. */
    telegramNetworks: e.TELEGRAM_NETWORKS,
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
    rateLimitStore: { redisUrl: e.RATE_LIMIT_REDIS_URL, keyPrefix: e.RATE_LIMIT_KEY_PREFIX },
    jobPollMs: e.JOB_POLL_MS,
    runWorkers: e.RUN_WORKERS,
    runBot: e.RUN_BOT && e.TELEGRAM_BOT_TOKEN !== undefined,
    paymentToleranceBps: e.PAYMENT_TOLERANCE_BPS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    support: { email: e.SUPPORT_EMAIL ?? null, telegram: e.SUPPORT_TELEGRAM ?? null, whatsapp: e.SUPPORT_WHATSAPP ?? null },
    topupPollMs: e.TOPUP_POLL_MS,
    chain: { maxBlockRange: e.CHAIN_MAX_BLOCK_RANGE },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
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
      providerBalanceCents: dollarsToCents(e.ALERT_PROVIDER_BALANCE_USD),
      orderStuckMs: e.ALERT_ORDER_STUCK_MINUTES * 60_000,
      failedDeliveriesPerHour: e.ALERT_FAILED_DELIVERIES_PER_HOUR,
      backupDir: e.BACKUP_DIR ? path.resolve(base, e.BACKUP_DIR) : null,
      backupIntervalMs: e.BACKUP_INTERVAL_SECONDS * 1000,
    },
    networks,
    registry,
    families,
    repoRoot: REPO_ROOT,
  };
  const problems = [...issues];
  for (const n of config.telegramNetworks ?? [])
    if (!registry.network(n)) problems.push(`TELEGRAM_NETWORKS: ${n} is not a network (${registry.networks.map((s) => s.id).join(', ')}, or all)`);
  if (config.prices.feed === 'coingecko' && config.prices.coingecko.plan === 'pro' && !config.prices.coingecko.apiKey) {
    problems.push('COINGECKO_API_KEY: required when COINGECKO_API_PLAN=pro');
  }
  if (config.airtime.provider === 'reloadly' && !(config.airtime.reloadly.clientId && config.airtime.reloadly.clientSecret)) {
    problems.push('RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET: required when AIRTIME_PROVIDER=reloadly');
  }
  if (production) {
    const missingRpc = registry.networks.filter((n) => networks[n.id]!.enabled && !networkEnv[n.id]!.RPC_URL).map((n) => `${envPrefix(n.id)}RPC_URL`);
    // A variable already refused above is not refused again for the default that replaced it.
    // Each enabled network's family needs its key setting (EVM's has a development default, refused by PRODUCTION_CHECKS).
    const missingKeys = [...new Set(registry.networks.filter((n) => networks[n.id]!.enabled).map((n) => families[n.family]?.keySetting))].filter(
      (name): name is string => name !== undefined && cleaned[name] === undefined && name !== 'DEPOSIT_XPUB',
    );
    const named = new Set(issues.map(variableOf));
    problems.push(
      ...[
        ...missingKeys.map(
          (name) => `${name}: required for the enabled networks of its chain family (the key their deposits are derived from or attributed to)`,
        ),
        ...missingRpc.map((name) => `${name}: required for an enabled network (or set ${name.replace('_RPC_URL', '_ENABLED')}=false)`),
        ...Object.values(PRODUCTION_CHECKS).flatMap((check) => check(config) ?? []),
      ].filter((p) => !named.has(variableOf(p))),
    );
  }
  return { config, problems };
}
