import type { Chains } from '../../chain/chains';
import type { DepositAddressAllocator } from '../../chain/addresses';
import type { Db } from '../../db/client';
import type { BalanceService } from '../balances';
import type { CatalogService } from '../catalog';
import type { OrderTokens } from '../order-tokens';
import type { PricingService } from '../pricing';
import type { SettingsService } from '../settings';

/** What the order services work with. */
export interface OrderDeps {
  db: Db;
  catalog: CatalogService;
  pricing: PricingService;
  settings: SettingsService;
  addresses: DepositAddressAllocator;
  balances: BalanceService;
  tokens: OrderTokens;
  chains: Chains;
  now?: () => number;
}

/** Who is asking, and how the request reached us. */
export interface OrderContext {
  source: 'web' | 'compact' | 'telegram' | 'bot' | 'admin';
  customerId?: number | null;
  idempotencyKey?: string;
}
