import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Numbers of the deposit sequence, one per crypto order, never handed out twice: a family that derives
 * addresses uses the number as the derivation index, one that attributes by memo may build the memo
 * from it (ChainAdapter.depositIdentity). They come from a database sequence, so every process hands
 * out different ones, reserved in batches. A number reserved but never used (a process stopped) is
 * simply skipped: its address stays empty and unwatched.
 */
export class DepositSequence {
  private ready: number[] = [];
  private refilling: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly batchSize = 50,
  ) {}

  async next(): Promise<number> {
    for (;;) {
      const index = this.ready.shift();
      if (index !== undefined) {
        if (this.ready.length < this.batchSize / 2) void this.refill().catch(() => undefined);
        return index;
      }
      await this.refill();
    }
  }

  private refill(): Promise<void> {
    this.refilling ??= (async () => {
      const result = await this.db.execute(sql`select nextval('deposit_index_seq') as i from generate_series(1, ${this.batchSize})`);
      this.ready.push(...rowsOf<{ i: string | number }>(result).map((r) => Number(r.i)));
    })().finally(() => (this.refilling = undefined));
    return this.refilling;
  }
}
