import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AirtimeProvider } from '../airtime/provider';
import { DepositAddressAllocator } from '../chain/addresses';
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
import { BalanceService } from './balances';
import { FulfilmentService } from './fulfilment';
import { LocalOutboxMailer, SmtpMailer, type Mailer } from './mailer';
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
import { chainMismatchMessage, rpcNodeHealthMessage } from '../chain/watcher';

export interface Services {
  catalog: CatalogService;
  pricing: PricingService;
  settings: SettingsService;
  orders: OrderService;
  payments: PaymentService;
  balances: BalanceService;
  fulfilment: FulfilmentService;
  alerts: AlertService;
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
  addresses: DepositAddressAllocator;
  chains: Chains;
  networkFees: NetworkFees;
  readiness: ReadinessService;
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
  const alerts = new AlertService(db, deps.log);
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
  const addresses = new DepositAddressAllocator(db, (index) => chains.depositAddress(index));
  const balances = new BalanceService(db);
  const tokens = new OrderTokens(config.orderTokenSecret);
  const orders = new OrderService({ db, catalog, pricing, settings, addresses, balances, tokens, chains });
  const payments = new PaymentService({ db, pricing, registry: config.registry, toleranceBps: config.paymentToleranceBps });
  const fulfilment = new FulfilmentService({ db, provider, balances, alerts, log: deps.log, pollMs: config.topupPollMs });
  const mailer = config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new LocalOutboxMailer(path.join(config.dataDir, 'mail-outbox'), config.mail.from);
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
    support: new SupportService(db),
    customerAuth: new CustomerAuthService({ db, mailer, settings, balances, telegramBotToken: config.telegramBotToken }),
    recipients: new RecipientService(db),
    adminAuth: new AdminAuthService(db),
    addresses,
    chains,
    networkFees: new NetworkFees({ chains, pricing, log: deps.log }),
    readiness: new ReadinessService({
      db,
      chains,
      provider,
      pricing,
      log: deps.log,
      metrics,
      cacheMs: config.readinessCacheMs,
      providerCacheMs: config.readinessCacheMs * 6,
    }),
    metrics,
    orderPages: { siteUrl: config.publicUrl ?? `http://127.0.0.1:${config.port}`, tokens },
    rateLimitStore: (limiter) => limitStores.forLimiter(limiter),
    rateLimitStores: limitStores,
  };
}
