import type { Locale } from '@topup/shared';
import type { Chains } from '../../chain/chains';
import type { DepositSequence } from '../../chain/deposit-sequence';
import type { Db } from '../../db/client';
import type { ORDER_SOURCES } from '../../db/schema';
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
  depositSequence: DepositSequence;
  balances: BalanceService;
  tokens: OrderTokens;
  chains: Chains;
  now?: () => number;
}

/** Who is asking, and how the request reached us. */
export interface OrderContext {
  source: (typeof ORDER_SOURCES)[number];
  customerId?: number | null;
  /** The Telegram user the mini-app or the bot acts for, customer or not. */
  telegramUserId?: number | null;
  idempotencyKey?: string;
  /** The customer's language (negotiated from the request): the order keeps it for its receipts. */
  locale?: Locale;
}
