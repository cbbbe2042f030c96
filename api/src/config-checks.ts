import type { ChainRegistry } from '@topup/shared';
import type { NetworkConfig } from './network-config';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, DEV_BOT_API_SECRET, DEV_DEPOSIT_XPUB, DEV_ORDER_TOKEN_SECRET, envPrefix } from './config-env';

/** What a production check reads: the settings that can take money without delivering it. */
interface CheckedSettings {
  depositXpub: string;
  orderTokenSecret: string;
  botApiSecret: string;
  metricsToken?: string;
  airtime: { provider: string; reloadly: { environment: string; authUrl?: string; apiUrl?: string } };
  prices: { feed: string; coingecko: { url?: string }; check: { url?: string } };
  admin: { email: string; password?: string };
  mail: { smtpUrl?: string };
  publicUrl?: string;
  devnet: boolean;
  databaseUrl?: string;
  networks: Record<string, NetworkConfig>;
  registry: ChainRegistry;
}

/** Shortest admin password production accepts (the development one is refused by name too). */
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;
/**
 * Fewest different characters a production password or secret may have: long enough is not enough
 * when it is twelve spaces or one letter 32 times (a random hex secret has 16, a passphrase more).
 */
export const MIN_DISTINCT_CHARACTERS = 8;

/** Whether a password or secret is too uniform to be guessed slowly: few different visible characters. */
export function tooUniform(value: string): boolean {
  return new Set(value.replace(/\s/g, '')).size < MIN_DISTINCT_CHARACTERS;
}

/** The secrets production holds: each must be its own (one leaked would otherwise open the others). */
function secretsOf(c: CheckedSettings): [string, string | undefined][] {
  return [
    ['ORDER_TOKEN_SECRET', c.orderTokenSecret],
    ['BOT_API_SECRET', c.botApiSecret],
    ['ADMIN_PASSWORD', c.admin.password],
    ['METRICS_TOKEN', c.metricsToken],
  ];
}

/** This machine: plain http stays on it. */
function isLocalHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A URL production sends secrets, payments' evidence or customers to: https, or http on this machine only. */
function insecureUrl(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name}: not a URL`;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHost(url))) return null;
  return `${name}: must be an https:// address (${url.protocol}//${url.host} ${url.protocol === 'http:' ? 'travels unencrypted' : 'is not a web address'}); plain http only on this machine`;
}

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
  uniformAdminPassword: (c) =>
    c.admin.password !== undefined && c.admin.password.length >= MIN_PRODUCTION_ADMIN_PASSWORD && tooUniform(c.admin.password)
      ? `ADMIN_PASSWORD: use at least ${MIN_DISTINCT_CHARACTERS} different characters (not spaces or one letter repeated)`
      : null,
  uniformSecrets: (c) =>
    secretsOf(c)
      .filter(([name, value]) => name !== 'ADMIN_PASSWORD' && value !== undefined && tooUniform(value))
      .map(([name]) => `${name}: use a random secret with at least ${MIN_DISTINCT_CHARACTERS} different characters (openssl rand -hex 32)`),
  sharedSecrets: (c) => {
    const set = secretsOf(c).filter((e): e is [string, string] => e[1] !== undefined);
    return set.flatMap(([name, value], i) =>
      set.slice(0, i).flatMap(([earlier, other]) => (other === value ? [`${name}: must differ from ${earlier} (one leaked secret would open both)`] : [])),
    );
  },
  insecureUrls: (c) =>
    [
      insecureUrl('PUBLIC_URL', c.publicUrl),
      insecureUrl('RELOADLY_AUTH_URL', c.airtime.reloadly.authUrl),
      insecureUrl('RELOADLY_API_URL', c.airtime.reloadly.apiUrl),
      insecureUrl('PRICE_FEED_URL', c.prices.coingecko.url),
      insecureUrl('PRICE_CHECK_URL', c.prices.check.url),
      ...Object.values(c.networks)
        .filter((n) => n.enabled)
        .flatMap((n) => n.rpcUrls.map((url) => insecureUrl(`${envPrefix(n.network)}RPC_URL`, url))),
    ].filter((p): p is string => p !== null),
  shallowConfirmations: (c) =>
    Object.values(c.networks)
      .filter((n) => n.enabled)
      .flatMap((n) => {
        const safe = c.registry.network(n.network)?.confirmations ?? 1;
        return n.confirmations < safe
          ? [
              `${envPrefix(n.network)}CONFIRMATIONS: ${n.confirmations} is below ${n.label}'s safe depth of ${safe} blocks (a reorganisation could undo a payment already credited)`,
            ]
          : [];
      }),
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
