import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { ORDER_CHANGED_CHANNEL } from './order-state';

/** Waits between attempts to listen again after the connection dropped: doubling, capped. */
const RELISTEN_FIRST_MS = 100;
const RELISTEN_MAX_MS = 10_000;

/**
 * Tells subscribers in this process when an order changed in any process: one LISTEN on the
 * database, fanned out per order id. Server-Sent Events streams subscribe here. When the listening
 * connection drops, it listens again with backoff and then tells every subscriber to look again, since
 * changes made meanwhile were not announced.
 */
export class OrderFeed {
  private readonly subscribers = new Map<number, Set<() => void>>();
  private stopListening: (() => Promise<void>) | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly backoff = { firstMs: RELISTEN_FIRST_MS, maxMs: RELISTEN_MAX_MS },
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  private async listen(): Promise<void> {
    this.stopListening = await this.database.listen(
      ORDER_CHANGED_CHANNEL,
      (payload) => this.notify(this.subscribers.get(Number(payload))),
      (err) => {
        this.log.warn({ err }, 'order feed lost its database connection; listening again');
        this.stopListening = undefined;
        this.listenAgain(this.backoff.firstMs);
      },
    );
  }

  private listenAgain(delayMs: number) {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.stopped) return;
      this.listen().then(
        () => {
          this.log.info('order feed listening again');
          for (const set of this.subscribers.values()) this.notify(set);
        },
        (err: unknown) => {
          this.log.warn({ err }, 'order feed could not listen yet');
          this.listenAgain(Math.min(delayMs * 2, this.backoff.maxMs));
        },
      );
    }, delayMs);
  }

  private notify(set: Set<() => void> | undefined) {
    for (const notify of set ?? []) {
      try {
        notify();
      } catch (err) {
        this.log.warn({ err }, 'order feed subscriber failed');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
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
