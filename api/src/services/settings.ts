import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
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
export const DEFAULT_PRICING: PricingSetting = { serviceFeeCents: 100, minAmountCents: 500, maxAmountCents: 50_000 };

const DEFINITIONS = {
  pricing: { schema: ZPricingSetting, fallback: DEFAULT_PRICING },
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

  async set<K extends Key>(key: K, value: Value<K>): Promise<void> {
    const checked = DEFINITIONS[key].schema.parse(value);
    await this.db
      .insert(settings)
      .values({ key, value: checked })
      .onConflictDoUpdate({ target: settings.key, set: { value: checked, updatedAt: new Date() } });
    this.cache.set(key, { value: checked, at: Date.now() });
  }
}
