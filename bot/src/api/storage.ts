import type { TopupApi } from './client';

/** What is known of a key: its last JSON (read or written; null: absent) and the version it has. */
interface Seen {
  json: string | null;
  version: number;
}

/**
 * A grammY storage adapter over the API's bot state (GET/PUT/DELETE /api/bot/sessions/:key), used for
 * sessions and for the conversations plugin's versioned state, so any bot instance can carry on a
 * conversation. Every save names the version it is based on: when another instance saved the same
 * chat's state in between, the API refuses (409) and the update fails instead of overwriting it.
 * grammY writes a session back after every update that read it: a write whose value is the one just
 * read (or last written) is skipped, which saves a round trip on most updates.
 */
export class ApiStorage<T> {
  /** Per key, oldest first; bounded. */
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly api: Pick<TopupApi, 'readSession' | 'writeSession' | 'deleteSession'>,
    private readonly maxTracked = 10_000,
  ) {}

  async read(key: string): Promise<T | undefined> {
    const { value, version } = await this.api.readSession(key);
    this.remember(key, { json: value === undefined ? null : JSON.stringify(value), version });
    return value as T | undefined;
  }

  async write(key: string, value: T): Promise<void> {
    const json = JSON.stringify(value);
    const seen = this.seen.get(key);
    if (seen?.json === json) return;
    const version = await this.api.writeSession(key, value, seen?.version ?? 0);
    this.remember(key, { json, version });
  }

  async delete(key: string): Promise<void> {
    const seen = this.seen.get(key);
    if (seen?.json === null) return;
    await this.api.deleteSession(key, seen?.version);
    this.remember(key, { json: null, version: 0 });
  }

  private remember(key: string, seen: Seen) {
    this.seen.delete(key);
    this.seen.set(key, seen);
    if (this.seen.size > this.maxTracked) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
  }
}
