import type { StorageAdapter } from 'grammy';
import type { Logger } from 'pino';

/** A session known in this process is trusted this long; another bot instance may have changed it since. */
const REMEMBER_MS = 10 * 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * The sessions' storage (the API's bot state) for grammY's lazy sessions:
 *
 * - it remembers each chat's session as last read or written here, so the language of a chat this
 *   process knows is found without a round trip (`peek`); the session is read again after a while, or
 *   when Telegram reports another language for the user;
 * - it tolerates an API that cannot be reached: a read that fails gives no session (the update is
 *   answered in Telegram's language: /help and /support need nothing else), and what that update would
 *   write back is dropped, since writing over a session we could not read would erase the user's
 *   /language choice.
 *
 * The conversation state never goes through here: losing it silently is not an option (see bot.ts).
 */
export class SessionStore<T> implements StorageAdapter<T> {
  private readonly known = new Map<string, { value: T | undefined; at: number }>();
  /** Keys whose read failed during the update being handled (one update per chat at a time). */
  private readonly unread = new Set<string>();

  constructor(
    private readonly inner: StorageAdapter<T>,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session as this process last saw it, if recently; undefined when it must be read. */
  peek(key: string): { value: T | undefined } | undefined {
    const hit = this.known.get(key);
    if (!hit || this.now() - hit.at > REMEMBER_MS) return undefined;
    return { value: hit.value };
  }

  async read(key: string): Promise<T | undefined> {
    try {
      const value = await this.inner.read(key);
      this.unread.delete(key);
      this.remember(key, value);
      return value;
    } catch (err) {
      this.unread.add(key);
      this.log.warn({ err, key }, 'session unavailable (is the API down?): answering without it');
      return undefined;
    }
  }

  async write(key: string, value: T): Promise<void> {
    if (this.unread.delete(key)) return;
    await this.inner.write(key, value);
    this.remember(key, value);
  }

  async delete(key: string): Promise<void> {
    if (this.unread.delete(key)) return;
    await this.inner.delete(key);
    this.remember(key, undefined);
  }

  private remember(key: string, value: T | undefined) {
    this.known.delete(key);
    this.known.set(key, { value: value === undefined ? undefined : structuredClone(value), at: this.now() });
    if (this.known.size > MAX_REMEMBERED) this.known.delete(this.known.keys().next().value!);
  }
}
