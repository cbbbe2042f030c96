import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { AppError } from './errors';
import { settings } from '../db/schema';

/**
 * Business settings kept in the database so admins can change them without a deploy. Each is read
 * through a short in-memory cache: a change reaches every process within `cacheMs`.
 */

export const ZPricingSetting = z.object({
  serviceFeeCents: z.number().int().min(0),
  minAmountCents: z.number().int().min(1),
  maxAmountCents: z.number().int().min(1),
});
export type PricingSetting = z.infer<typeof ZPricingSetting>;

/** The spec's defaults: a $1.00 flat fee; top-ups from $5 to $500 (admin settings, spec section 2). */
const DEFAULT_PRICING: PricingSetting = { serviceFeeCents: 100, minAmountCents: 500, maxAmountCents: 50_000 };

export const ZSystemSetting = z.object({
  /** New orders are refused (with a clear message) while on. */
  maintenanceMode: z.boolean(),
  /** Off: only customers already known may sign in; anonymous checkout stays open. */
  allowNewRegistrations: z.boolean(),
});
export type SystemSetting = z.infer<typeof ZSystemSetting>;

const MAINTENANCE_MESSAGE = 'We are doing some maintenance: new orders are paused. Please try again a little later.';

/** The spec's admin defaults: maintenance off, registrations on. */
const DEFAULT_SYSTEM: SystemSetting = { maintenanceMode: false, allowNewRegistrations: true };

const DEFINITIONS = {
  pricing: { schema: ZPricingSetting, fallback: DEFAULT_PRICING },
  system: { schema: ZSystemSetting, fallback: DEFAULT_SYSTEM },
} as const;
type Key = keyof typeof DEFINITIONS;
type Value<K extends Key> = z.infer<(typeof DEFINITIONS)[K]['schema']>;

export class SettingsService {
  private cache = new Map<Key, { value: unknown; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly cacheMs = 5000,
  ) {}

  async get<K extends Key>(key: K): Promise<Value<K>> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.value as Value<K>;
    const [row] = await this.db.select().from(settings).where(eq(settings.key, key));
    const def = DEFINITIONS[key];
    const parsed = row ? def.schema.safeParse(row.value) : undefined;
    const value = parsed?.success ? parsed.data : def.fallback;
    this.cache.set(key, { value, at: Date.now() });
    return value as Value<K>;
  }

  async set<K extends Key>(key: K, value: Value<K>, db: DbOrTx = this.db): Promise<void> {
    const checked = DEFINITIONS[key].schema.parse(value);
    await db
      .insert(settings)
      .values({ key, value: checked })
      .onConflictDoUpdate({ target: settings.key, set: { value: checked, updatedAt: new Date() } });
    // Not cached here: inside a transaction that may still roll back, the next read asks the database.
    this.cache.delete(key);
  }

  /** Why new orders are refused now (maintenance mode), or null: GET /api/pricing tells every flow at its start. */
  async closedForOrders(): Promise<string | null> {
    return (await this.get('system')).maintenanceMode ? MAINTENANCE_MESSAGE : null;
  }

  /** Maintenance mode refuses new orders, in every flow, with the reason GET /api/pricing gives. */
  async assertOpenForOrders(): Promise<void> {
    const reason = await this.closedForOrders();
    if (reason) throw new AppError('MAINTENANCE', reason);
  }
}
