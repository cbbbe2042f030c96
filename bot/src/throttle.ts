/**
 * Spacing of the messages the bot sends on its own (notifications) within Telegram's limits: about
 * one message per second in a chat and 30 per second overall. Each call to `acquire` reserves the
 * next free slot for its chat and waits for it, so concurrent senders queue fairly without a timer
 * per message. Replies to a user's own action are not throttled (auto-retry covers a 429 there).
 *
 * Why not @grammyjs/transformer-throttler: grammY's documentation recommends auto-retry instead, the
 * throttler is built on Bottleneck (unmaintained since 2019), and it throttles every call, including
 * the replies a user is waiting for; here only the broadcast-like notifications need spacing.
 */
interface SchedulerOptions {
  perChatIntervalMs?: number;
  globalPerSecond?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class SendScheduler {
  private readonly perChatMs: number;
  private readonly globalGapMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private nextGlobal = 0;
  private readonly nextByChat = new Map<string, number>();

  constructor(opts: SchedulerOptions = {}) {
    this.perChatMs = opts.perChatIntervalMs ?? 1000;
    this.globalGapMs = 1000 / (opts.globalPerSecond ?? 30);
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves when a message may be sent to `chatId`; the slot is taken. */
  async acquire(chatId: number | string): Promise<void> {
    const now = this.now();
    const key = String(chatId);
    const slot = Math.max(now, this.nextGlobal, this.nextByChat.get(key) ?? 0);
    this.nextGlobal = slot + this.globalGapMs;
    this.nextByChat.set(key, slot + this.perChatMs);
    this.prune(now);
    if (slot > now) await this.sleep(slot - now);
  }

  private prune(now: number) {
    if (this.nextByChat.size < 1000) return;
    for (const [key, next] of this.nextByChat) if (next <= now) this.nextByChat.delete(key);
  }
}
