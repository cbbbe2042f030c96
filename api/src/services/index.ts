import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AirtimeProvider } from '../airtime/provider';
import { DepositAddressAllocator } from '../chain/addresses';
import { AdminAuthService } from './admin-auth';
import { CatalogService } from './catalog';
import type { PriceFeed } from './price-feed';
import { OrderService } from './orders';
import { PaymentService } from './payments';
import { OrderTokens } from './order-tokens';
import { PricingService } from './pricing';
import { SettingsService } from './settings';

export interface Services {
  catalog: CatalogService;
  pricing: PricingService;
  settings: SettingsService;
  orders: OrderService;
  payments: PaymentService;
  adminAuth: AdminAuthService;
  addresses: DepositAddressAllocator;
}

/** Wires the domain services; the adapters (provider, price feed) are chosen by the caller. */
export function createServices(deps: { config: Config; db: Db; provider: AirtimeProvider; priceFeed: PriceFeed; log: Logger }): Services {
  const { config, db } = deps;
  const catalog = new CatalogService(db, deps.provider, deps.log);
  const pricing = new PricingService(deps.priceFeed, { cacheMs: config.prices.cacheMs, maxAgeMs: config.prices.maxAgeMs });
  const settings = new SettingsService(db);
  const addresses = new DepositAddressAllocator(db, config.depositXpub);
  const orders = new OrderService({ db, catalog, pricing, settings, addresses, tokens: new OrderTokens(config.orderTokenSecret), networks: config.networks });
  const payments = new PaymentService({ db, pricing, toleranceBps: config.paymentToleranceBps });
  return { catalog, pricing, settings, orders, payments, adminAuth: new AdminAuthService(db), addresses };
}
