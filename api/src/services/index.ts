import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AirtimeProvider } from '../airtime/provider';
import { DepositSequence } from '../chain/deposit-sequence';
import { Chains } from '../chain/chains';
import { AdminAuthService } from './admin-auth';
import { CatalogService } from './catalog';
import type { PriceFeed } from './price-feed';
import { OrderService } from './orders';
import { PaymentService } from './payments';
import { OrderTokens } from './order-tokens';
import { PricingService } from './pricing';
import { SettingsService } from './settings';
import { AlertService } from './alerts';
import { AlertChecks } from './alert-checks';
import { EmailAlertChannel, TelegramAlertChannel, WebhookAlertChannel, type AlertChannel } from './alert-delivery';
import { BalanceService } from './balances';
import { FulfilmentService } from './fulfilment';
import { LocalOutboxMailer, SmtpMailer, type Mailer } from './mailer';
import { TeamService } from './team';
import { TelegramOutbox } from './notifications';
import type { OrderPageLinks } from './receipts';
import { CustomerService } from './customers';
import { BotStateService } from './bot-sessions';
import { AdminService } from './admin';
import { AdminOrderService } from './admin-orders';
import { SupportService } from './support';
import { CustomerAuthService } from './customer-auth';
import { NetworkFees } from './network-fees';
import { ReadinessService } from './readiness';
import { RecipientService } from './recipients';
import type { Store } from 'express-rate-limit';
import { rateLimitStores, type RateLimitStores } from './rate-limit-store';
import { Metrics } from '../metrics';
import { instrumentProvider } from '../airtime/instrumented';
import { chainMismatchMessage, rpcNodeHealthMessage } from '../chain/scan-loop';
import { DatabaseOutage } from '../http/database-outage';
import { sql } from 'drizzle-orm';
import { SweepService } from './treasury/sweeps';
import { PayoutService } from './treasury/payouts';
import { ReconciliationService } from './treasury/reconciliation';

export interface Services {
  /** The database out: one log line per change, 503 answers meanwhile (http/errors.ts). */
  databaseOutage: DatabaseOutage;
  catalog: CatalogService;
  pricing: PricingService;
  settings: SettingsService;
  orders: OrderService;
  payments: PaymentService;
  balances: BalanceService;
  fulfilment: FulfilmentService;
  alerts: AlertService;
  /** Where alerts go (the settings name them): each open alert is one job per channel. */
  alertChannels: AlertChannel[];
  alertChecks: AlertChecks;
  mailer: Mailer;
  telegramOutbox: TelegramOutbox;
  customers: CustomerService;
  botState: BotStateService;
  admin: AdminService;
  adminOrders: AdminOrderService;
  support: SupportService;
  customerAuth: CustomerAuthService;
  recipients: RecipientService;
  adminAuth: AdminAuthService;
  team: TeamService;
  depositSequence: DepositSequence;
  chains: Chains;
  networkFees: NetworkFees;
  readiness: ReadinessService;
  sweeps: SweepService;
  payouts: PayoutService;
  reconciliation: ReconciliationService;
  metrics: Metrics;
  /** How the e-mails link an order's page on the site. */
  orderPages: OrderPageLinks;
  /** A rate limiter's counts: in memory, or shared through Redis when configured (one store per limiter). */
  rateLimitStore(limiter: string): Store;
  /** All limiters' stores (close() ends the connection to the shared one). */
  rateLimitStores: RateLimitStores;
}

/** Wires the domain services; the adapters (provider, price feed) are chosen by the caller. */
export function createServices(deps: { config: Config; db: Db; provider: AirtimeProvider; priceFeed: PriceFeed; log: Logger; metrics?: Metrics }): Services {
  const { config, db } = deps;
  const metrics = deps.metrics ?? new Metrics();
  metrics.useDatabase(db);
  const provider = instrumentProvider(deps.provider, metrics);
  const mailer = config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new LocalOutboxMailer(path.join(config.dataDir, 'mail-outbox'), config.mail.from);
  const alertChannels = alertChannelsOf(config.alerts, mailer);
  const alerts = new AlertService(db, deps.log, { channels: alertChannels.map((c) => c.name), remindMs: config.alerts.remindMs });
  const limitStores = rateLimitStores({ ...config.rateLimitStore, log: deps.log });
  const catalog = new CatalogService(db, provider, deps.log);
  const raise = (kind: string, message: string) => alerts.raise(kind, message).catch((err: unknown) => deps.log.error({ err }, 'could not raise an alert'));
  const chains = Chains.fromConfig(config, {
    metrics,
    onWrongChain: (network, endpoint, actual) =>
      void raise(`chain_id_mismatch:${network.network}`, chainMismatchMessage(network.network, endpoint, actual, network.chainId)),
    onNodeHealth: (network, endpoint, up, error) => {
      const message = rpcNodeHealthMessage(network.network, endpoint, up, error);
      deps.log.warn({ network: network.network, endpoint, up, error }, message);
      void raise(`rpc_node_${up ? 'up' : 'down'}:${network.network}:${endpoint}`, message);
    },
  });
  const pricing = new PricingService(deps.priceFeed, {
    registry: config.registry,
    cacheMs: config.prices.cacheMs,
    maxAgeMs: config.prices.maxAgeMs,
    log: deps.log,
  });
  const settings = new SettingsService(db);
  const depositSequence = new DepositSequence(db);
  const balances = new BalanceService(db);
  const tokens = new OrderTokens(config.orderTokenSecret);
  const orders = new OrderService({ db, catalog, pricing, settings, depositSequence, balances, tokens, chains });
  const payments = new PaymentService({ db, pricing, registry: config.registry, toleranceBps: config.paymentToleranceBps });
  const fulfilment = new FulfilmentService({ db, provider, balances, alerts, log: deps.log, pollMs: config.topupPollMs });
  const readiness = new ReadinessService({
    db,
    chains,
    provider,
    pricing,
    log: deps.log,
    metrics,
    cacheMs: config.readinessCacheMs,
    providerCacheMs: config.readinessCacheMs * 6,
  });
  return {
    catalog,
    pricing,
    settings,
    orders,
    payments,
    balances,
    fulfilment,
    alerts,
    mailer,
    telegramOutbox: new TelegramOutbox(db),
    customers: new CustomerService(db, settings, balances),
    botState: new BotStateService(db),
    admin: new AdminService({ db, orders, balances, settings }),
    adminOrders: new AdminOrderService({ db, balances, stories: orders.stories }),
    support: new SupportService(db, tokens),
    customerAuth: new CustomerAuthService({ db, mailer, settings, balances, telegramBotToken: config.telegramBotToken }),
    recipients: new RecipientService(db),
    adminAuth: new AdminAuthService(db, Date.now, config.orderTokenSecret),
    team: new TeamService({ db, mailer, publicUrl: config.publicUrl ?? `http://127.0.0.1:${config.port}` }),
    depositSequence,
    chains,
    networkFees: new NetworkFees({ chains, pricing, log: deps.log }),
    readiness,
    alertChannels,
    alertChecks: new AlertChecks({ db, alerts, readiness, thresholds: config.alerts }),
    sweeps: new SweepService({ db, registry: config.registry, networks: config.networks, families: config.families }),
    payouts: new PayoutService({ db, chains, pricing }),
    reconciliation: new ReconciliationService({ db, provider, pricing, registry: config.registry, toleranceBps: config.paymentToleranceBps }),
    metrics,
    orderPages: { siteUrl: config.publicUrl ?? `http://127.0.0.1:${config.port}`, tokens },
    rateLimitStore: (limiter) => limitStores.forLimiter(limiter),
    rateLimitStores: limitStores,
    databaseOutage: new DatabaseOutage(() => db.execute(sql`select 1`), deps.log),
  };
}

/** The channels the settings configure, in the order they are tried. */
function alertChannelsOf(settings: Config['alerts'], mailer: Mailer): AlertChannel[] {
  return [
    ...(settings.telegram ? [new TelegramAlertChannel(settings.telegram)] : []),
    ...(settings.email.length ? [new EmailAlertChannel(mailer, settings.email)] : []),
    ...(settings.webhook ? [new WebhookAlertChannel(settings.webhook)] : []),
  ];
}
