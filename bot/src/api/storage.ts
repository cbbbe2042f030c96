import type { TopupApi } from './client';

/**
 * A grammY storage adapter over the API's bot state (GET/PUT/DELETE /api/bot/sessions/:key), used for
 * sessions and for the conversations plugin's versioned state, so any bot instance can carry on a
 * conversation. grammY writes a session back after every update that read it: a write whose value
 * is the one just read (or last written) is skipped, which saves a round trip on most updates.
 */
export class ApiStorage<T> {
  /** Last JSON seen per key (read or written; null: absent), oldest first; bounded. */
  private readonly seen = new Map<string, string | null>();

  constructor(
    private readonly api: Pick<TopupApi, 'readSession' | 'writeSession' | 'deleteSession'>,
    private readonly maxTracked = 10_000,
  ) {}

  async read(key: string): Promise<T | undefined> {
    const value = await this.api.readSession(key);
    this.remember(key, value === undefined ? null : JSON.stringify(value));
    return value as T | undefined;
  }

  async write(key: string, value: T): Promise<void> {
    const json = JSON.stringify(value);
    if (this.seen.get(key) === json) return;
    await this.api.writeSession(key, value);
    this.remember(key, json);
  }

  async delete(key: string): Promise<void> {
    if (this.seen.get(key) === null) return;
    await this.api.deleteSession(key);
    this.remember(key, null);
  }

  private remember(key: string, json: string | null) {
    this.seen.delete(key);
    this.seen.set(key, json);
    if (this.seen.size > this.maxTracked) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
  }
}
