import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { ORDER_CHANGED_CHANNEL } from './order-state';

/**
 * Tells subscribers in this process when an order changed in any process: one LISTEN on the
 * database, fanned out per order id. Server-Sent Events streams subscribe here.
 */
export class OrderFeed {
  private readonly subscribers = new Map<number, Set<() => void>>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(ORDER_CHANGED_CHANNEL, (payload) => {
      for (const notify of this.subscribers.get(Number(payload)) ?? []) {
        try {
          notify();
        } catch (err) {
          this.log.warn({ err }, 'order feed subscriber failed');
        }
      }
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.subscribers.clear();
  }

  subscribe(orderId: number, notify: () => void): () => void {
    let set = this.subscribers.get(orderId);
    if (!set) this.subscribers.set(orderId, (set = new Set()));
    set.add(notify);
    return () => {
      set.delete(notify);
      if (set.size === 0) this.subscribers.delete(orderId);
    };
  }
}
