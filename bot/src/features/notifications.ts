import { GrammyError, HttpError, type Api } from 'grammy';
import { DEFAULT_LOCALE, isLocale, localeFromTag, catalogFor, type Catalog, type Locale } from '@topup/shared';
import type { Logger } from 'pino';
import type { TopupApi } from '../api/client';
import { isSupportReply, type TNotification, type TNotificationPayload, type TSupportReplyPayload } from '@topup/shared';
import { sessionKey, type SessionData } from '../context';
import { SendScheduler } from '../throttle';
import { NO_ORDER_LINKS, type OrderLinks } from '../keyboards';
import { statusCaption, statusKeyboard } from '../views/payment';
import { orderMessage } from '../views/order-message';
import { OrderMessages, TEXT } from '../order-messages';

/**
 * Delivers the API's Telegram outbox (written in the same transaction as each status change) to the
 * chats: the order's payment message is edited in place; an order without one (e.g. made in the
 * mini-app) gets a new message, registered so its next changes edit it. At least once: a message is
 * acknowledged only once Telegram took it, or once it can never be delivered (the user blocked the
 * bot, the chat is gone); otherwise its lease runs out and it comes back. A support answer from the
 * admin console is a message of its own.
 */

interface PollerOptions {
  api: TopupApi;
  telegram: Api;
  log: Logger;
  scheduler?: SendScheduler;
  /** Notifications taken per request (the API leases them for 30 s). */
  batchSize?: number;
  /** Rest between polls when the outbox is empty. */
  idleMs?: number;
  /** Where an order's message links to (the mini-app, the site); none by default. */
  orderLinks?: OrderLinks;
  /** The orders' messages (give it the bot's: createBot's `orderMessages`). */
  orderMessages?: OrderMessages;
  /** How often the open payment messages are read again (partial payments, confirmations): default 10 s. */
  watchMs?: number;
}

type Outcome = 'delivered' | 'undeliverable' | 'retry';

interface PassResult {
  taken: number;
  acked: number;
  outcomes: Record<Outcome, number>;
}

function describe(err: unknown): string {
  return err instanceof GrammyError ? err.description : err instanceof Error ? err.message : String(err);
}

/** Errors that will never go away for this message: acknowledge it rather than retry forever. */
function permanent(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code !== 429 && err.error_code < 500;
}

export class NotificationPoller {
  private readonly scheduler: SendScheduler;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  readonly orderMessages: OrderMessages;
  private readonly watchMs: number;
  private lastWatch = 0;
  /** Whether the open messages of before a restart are watched again (done once, retried until it works). */
  private resumed = false;

  constructor(private readonly opts: PollerOptions) {
    this.scheduler = opts.scheduler ?? new SendScheduler();
    this.batchSize = opts.batchSize ?? 30;
    this.idleMs = opts.idleMs ?? 1000;
    this.watchMs = opts.watchMs ?? 10_000;
    this.orderMessages = opts.orderMessages ?? new OrderMessages({ api: opts.api, log: opts.log, links: opts.orderLinks ?? NO_ORDER_LINKS });
  }

  /** The open payment messages read again and edited where the order moved on (no status change needed). */
  watchOnce(): Promise<number> {
    return this.orderMessages.watchOnce(this.opts.telegram, (chatId) => this.locale(chatId));
  }

  /** One pass: take a batch, deliver it within the rate limits, acknowledge what is settled. */
  async pollOnce(): Promise<PassResult> {
    const taken = await this.opts.api.takeNotifications(this.batchSize);
    const outcomes: Record<Outcome, number> = { delivered: 0, undeliverable: 0, retry: 0 };
    if (taken.length === 0) return { taken: 0, acked: 0, outcomes };
    const byChat = new Map<number, TNotification[]>();
    for (const n of taken) byChat.set(n.chatId, [...(byChat.get(n.chatId) ?? []), n]);
    const settled = await Promise.all([...byChat].map(([chatId, list]) => this.deliverChat(chatId, list, outcomes)));
    const ids = settled.flat();
    await this.opts.api.ackNotifications(ids);
    return { taken: taken.length, acked: ids.length, outcomes };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      let failures = 0;
      while (this.running) {
        let rest = this.idleMs;
        try {
          if (!this.resumed) {
            const watched = await this.orderMessages.resume();
            this.resumed = true;
            if (watched) this.opts.log.info({ watched }, 'watching the open order messages again');
          }
          const pass = await this.pollOnce();
          failures = 0;
          if (Date.now() - this.lastWatch >= this.watchMs) {
            this.lastWatch = Date.now();
            await this.watchOnce();
          }
          if (pass.taken >= this.batchSize) rest = 0;
        } catch (err) {
          failures++;
          rest = Math.min(30_000, this.idleMs * 2 ** Math.min(failures, 5));
          this.opts.log.warn({ err: describe(err), retryInMs: rest }, 'notification poll failed');
        }
        if (rest > 0 && this.running) await new Promise<void>((resolve) => ((this.wake = resolve), setTimeout(resolve, rest)));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Delivers one chat's notifications in order; returns the ids to acknowledge. */
  private async deliverChat(chatId: number, list: TNotification[], outcomes: Record<Outcome, number>): Promise<number[]> {
    const locale = await this.locale(chatId);
    const t = catalogFor(locale);
    const sends: { ids: number[]; send: () => Promise<Outcome | 'blocked'> }[] = [];
    // Per order only the latest state matters: one edit says it all (and saves the chat's rate).
    const latest = new Map<number, { payload: TNotificationPayload; messageId: number | null; ids: number[] }>();
    for (const n of list) {
      const p = n.payload;
      if (isSupportReply(p)) sends.push({ ids: [n.id], send: () => this.deliverReply(chatId, p, t) });
      else latest.set(p.orderId, { payload: p, messageId: n.messageId, ids: [...(latest.get(p.orderId)?.ids ?? []), n.id] });
    }
    for (const { payload, messageId, ids } of latest.values()) sends.push({ ids, send: () => this.deliver(chatId, payload, messageId, locale) });
    const ack: number[] = [];
    let blocked = false;
    for (const { ids, send } of sends) {
      // Once the user has blocked the bot (403), nothing more can reach this chat.
      const outcome: Outcome | 'blocked' = blocked ? 'blocked' : (await this.scheduler.acquire(chatId), await send());
      blocked = outcome === 'blocked';
      const counted: Outcome = outcome === 'blocked' ? 'undeliverable' : outcome;
      outcomes[counted] += ids.length;
      if (counted !== 'retry') ack.push(...ids);
    }
    return ack;
  }

  /**
   * The order's message drawn from its story (what arrived, what is left, where value went), edited in
   * place, else sent; without the story (the API could not give it), from the notification alone.
   */
  private async deliver(chatId: number, p: TNotificationPayload, messageId: number | null, locale: Locale): Promise<Outcome | 'blocked'> {
    const story = await this.orderMessages.story(chatId, p.orderId).catch((err: unknown) => {
      this.opts.log.warn({ err: describe(err), orderId: p.orderId }, 'order story unavailable: the notification alone is shown');
      return null;
    });
    if (!story) return this.deliverPlain(chatId, p, messageId, catalogFor(locale));
    const tg = this.opts.telegram;
    try {
      if (messageId !== null && (await this.orderMessages.show(tg, chatId, messageId, story, locale)) !== 'gone') return 'delivered';
      const view = orderMessage(catalogFor(locale), locale, story, this.opts.orderLinks ?? NO_ORDER_LINKS);
      const sent = await tg.sendMessage(chatId, view.caption, { parse_mode: 'HTML', reply_markup: view.keyboard, link_preview_options: { is_disabled: true } });
      this.orderMessages.track(p.orderId, chatId, sent.message_id, TEXT);
      await this.register(p.orderId, chatId, sent.message_id);
      return 'delivered';
    } catch (err) {
      return this.failed(err, { chatId, orderId: p.orderId });
    }
  }

  private async deliverPlain(chatId: number, p: TNotificationPayload, messageId: number | null, t: Catalog): Promise<Outcome | 'blocked'> {
    let confirmations: { n: number; m: number } | undefined;
    if (p.status === 'confirming') {
      const status = await this.opts.api
        .as({ id: chatId })
        .paymentStatus(p.orderId)
        .catch(() => null);
      if (status) confirmations = { n: Math.min(status.confirmations, status.requiredConfirmations), m: status.requiredConfirmations };
    }
    const text = statusCaption(t, p, confirmations);
    const reply_markup = statusKeyboard(t, p, this.opts.orderLinks ?? NO_ORDER_LINKS);
    const tg = this.opts.telegram;
    try {
      if (messageId !== null && (await this.orderMessages.showText(tg, chatId, messageId, p.orderId, text, reply_markup))) return 'delivered';
      const sent = await tg.sendMessage(chatId, text, { parse_mode: 'HTML', reply_markup });
      await this.register(p.orderId, chatId, sent.message_id);
      return 'delivered';
    } catch (err) {
      return this.failed(err, { chatId, orderId: p.orderId });
    }
  }

  /** The API keeps which message shows the order; when it cannot, the message was still delivered: logged only. */
  private async register(orderId: number, chatId: number, messageId: number): Promise<void> {
    await this.opts.api
      .registerOrderMessage(orderId, chatId, messageId)
      .catch((err) => this.opts.log.warn({ err: describe(err), orderId }, 'could not register the order message'));
  }

  /** A support answer: its own message (the text is escaped: nothing the admin wrote is read as HTML). */
  private async deliverReply(chatId: number, p: TSupportReplyPayload, t: Catalog): Promise<Outcome | 'blocked'> {
    try {
      await this.opts.telegram.sendMessage(chatId, t.bot.supportReply({ text: p.text, orderId: p.orderId }), {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      });
      return 'delivered';
    } catch (err) {
      return this.failed(err, { chatId, supportThread: p.threadId });
    }
  }

  /** A send that failed: dropped when it can never succeed, else tried again after the lease. */
  private failed(err: unknown, about: Record<string, number>): Outcome | 'blocked' {
    if (permanent(err)) {
      this.opts.log.info({ ...about, error: describe(err) }, 'notification undeliverable, dropped');
      return err instanceof GrammyError && err.error_code === 403 ? 'blocked' : 'undeliverable';
    }
    this.opts.log.warn({ ...about, error: describe(err), network: err instanceof HttpError }, 'notification not delivered, will retry');
    return 'retry';
  }

  /** The chat's language: the one chosen with /language, else Telegram's, else English. */
  private async locale(chatId: number): Promise<Locale> {
    try {
      const session = (await this.opts.api.readSession(sessionKey(chatId))).value as SessionData | undefined;
      return isLocale(session?.locale) ? session.locale : (localeFromTag(session?.languageCode) ?? DEFAULT_LOCALE);
    } catch {
      return DEFAULT_LOCALE;
    }
  }
}
