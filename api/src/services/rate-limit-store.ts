import { eq, lt, sql } from 'drizzle-orm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * express-rate-limit's counts kept in PostgreSQL (the `rate_limits` table), so a limit holds across all
 * API replicas instead of being multiplied by their number. One upsert per counted request: it starts
 * a new window when the old one is over, or adds one to it, and says how many the window holds.
 * Windows long over are swept now and then. One store per limiter (`prefix` keeps their counts apart).
 */
export class PgRateLimitStore implements Store {
  private windowMs = 60_000;
  private sweptAt = Date.now();

  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    this.sweepNowAndThen();
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: this.key(key), hits: 1, resetsAt: sql`now() + make_interval(secs => ${this.windowMs / 1000})` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetsAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
          resetsAt: sql`case when ${rateLimits.resetsAt} <= now() then excluded.resets_at else ${rateLimits.resetsAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetsAt: rateLimits.resetsAt });
    return { totalHits: row!.hits, resetTime: row!.resetsAt };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, this.key(key)));
    return row && row.resetsAt.getTime() > Date.now() ? { totalHits: row.hits, resetTime: row.resetsAt } : undefined;
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(eq(rateLimits.key, this.key(key)));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, this.key(key)));
  }

  private key(client: string): string {
    return `${this.prefix}:${client}`;
  }

  /** At most once a window, in the background: a failed sweep is retried next window. */
  private sweepNowAndThen() {
    if (Date.now() - this.sweptAt < this.windowMs) return;
    this.sweptAt = Date.now();
    void this.db
      .delete(rateLimits)
      .where(lt(rateLimits.resetsAt, sql`now() - interval '1 hour'`))
      .catch(() => undefined);
  }
}
