import type { Db } from '../db/client';
import type { CryptoOrderRow } from '../db/schema';
import { insertOrder, insertOrders, type NewOrder } from './order-state';

/** Most orders one statement inserts. */
const MAX_BATCH = 64;

/**
 * Inserts new orders arriving together (in one turn of the event loop) with one statement: under load
 * this turns many round trips and commits into one, which is what order creation costs most. A batch
 * that fails is retried order by order, so one bad order cannot fail the others.
 */
export class OrderInserter {
  private waiting: { order: NewOrder; resolve: (row: CryptoOrderRow) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  insert(order: NewOrder): Promise<CryptoOrderRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ order, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.waiting.length) void this.run(this.waiting.splice(0, MAX_BATCH));
  }

  private async run(batch: typeof this.waiting): Promise<void> {
    try {
      const rows = await insertOrders(
        this.db,
        batch.map((b) => b.order),
      );
      batch.forEach((b, i) => b.resolve(rows[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const b of batch) await insertOrder(this.db, b.order).then(b.resolve, b.reject);
    }
  }
}
