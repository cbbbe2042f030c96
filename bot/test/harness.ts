import type { Bot, Transformer } from 'grammy';
import type { InlineKeyboardButton, InlineKeyboardMarkup, Message, Update, User, UserFromGetMe } from 'grammy/types';
import pino from 'pino';
import { CHAINS, type TOrderStatus } from '@topup/shared';
import { startTestApi, type TestApi } from '../../api/test/harness';
import { transition } from '../../api/src/services/order-state';
import { TopupApi } from '../src/api/client';
import { createBot, type BotDeps } from '../src/bot';
import type { BotContext } from '../src/context';
import { NotificationPoller } from '../src/features/notifications';
import { SendScheduler } from '../src/throttle';
import { OrderMessages } from '../src/order-messages';

/**
 * The bot under test: createBot() with a fixed botInfo (no getMe), its outgoing Bot API calls captured
 * by an API transformer that answers like Telegram would (message ids, file ids, the usual errors),
 * updates fed through bot.handleUpdate, and the real API (routes, services, PGlite) behind it.
 */

export const BOT_TOKEN = '7000000001:AAtest-token-for-the-captured-api-harness';
export const BOT_INFO: UserFromGetMe = {
  id: 7000000001,
  is_bot: true,
  first_name: 'TopUp',
  username: 'topup_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
} as UserFromGetMe;
export const WEBAPP_URL = 'https://topup.example.test/telegram';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Payload = Record<string, any>;
export interface Call {
  method: string;
  payload: Payload;
  result: unknown;
  /** When the call was made (ms). */
  at: number;
}
export interface TelegramFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/** Plays Telegram's side of the Bot API for the calls the bot makes. */
export class TelegramDouble {
  readonly calls: Call[] = [];
  private nextMessageId = 100;
  private nextFileId = 1;
  /** What each message is, to answer edits as Telegram does (a text has no caption…). */
  private readonly messages = new Map<string, 'text' | 'photo'>();
  private readonly failures: { method: string; chatId?: number; failure: TelegramFailure }[] = [];

  /** How long each call takes to be answered (ms): Telegram slowing the bot's replies down. */
  paceMs = 0;

  readonly transformer: Transformer = async (_prev, method, payload) => {
    const p = payload as Payload;
    if (this.paceMs > 0) await new Promise((resolve) => setTimeout(resolve, this.paceMs));
    const failure = this.takeFailure(method, p.chat_id);
    const outcome = failure ? { error: failure } : this.answer(method, p);
    const result = 'error' in outcome ? outcome.error : outcome.result;
    this.calls.push({ method, payload: p, result, at: Date.now() });
    if ('error' in outcome) return { ok: false, ...outcome.error } as never;
    return { ok: true, result: outcome.result } as never;
  };

  /** The next `method` call (to `chatId`, if given) fails like Telegram would. */
  failNext(method: string, failure: TelegramFailure, chatId?: number) {
    this.failures.push({ method, chatId, failure });
  }

  /** A message the bot did not send itself (e.g. made before), known to the double. */
  remember(chatId: number, messageId: number, kind: 'text' | 'photo') {
    this.messages.set(`${chatId}:${messageId}`, kind);
  }

  of(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  last(method: string): Call | undefined {
    return this.of(method).at(-1);
  }

  /** Calls made since `mark` (a previous `calls.length`). */
  since(mark: number): Call[] {
    return this.calls.slice(mark);
  }

  /** Texts and captions sent or edited since `mark`, in order. */
  textsSince(mark: number): string[] {
    return this.since(mark)
      .map((c) => (c.payload.text ?? c.payload.caption ?? c.payload.media?.caption) as string | undefined)
      .filter((t): t is string => typeof t === 'string');
  }

  /** The latest message carrying a button with this callback data (or matching it). */
  messageWithButton(data: string | RegExp, chatId?: number): { messageId: number; chatId: number; data: string; kind: 'text' | 'photo' } {
    for (const call of [...this.calls].reverse()) {
      if (chatId !== undefined && Number(call.payload.chat_id) !== chatId) continue;
      const markup = call.payload.reply_markup as InlineKeyboardMarkup | undefined;
      const button = markup?.inline_keyboard
        ?.flat()
        .find((b) => 'callback_data' in b && (typeof data === 'string' ? b.callback_data === data : data.test(b.callback_data ?? '')));
      if (!button || !('callback_data' in button)) continue;
      const result = call.result as Message | true | undefined;
      const messageId = (typeof result === 'object' && result?.message_id) || (call.payload.message_id as number | undefined);
      if (!messageId) continue;
      const chat = Number(call.payload.chat_id);
      return { messageId, chatId: chat, data: button.callback_data!, kind: this.messages.get(`${chat}:${messageId}`) ?? 'text' };
    }
    throw new Error(`no message has a button ${String(data)}`);
  }

  private takeFailure(method: string, chatId: unknown): TelegramFailure | null {
    const i = this.failures.findIndex((f) => f.method === method && (f.chatId === undefined || f.chatId === Number(chatId)));
    if (i < 0) return null;
    return this.failures.splice(i, 1)[0]!.failure;
  }

  private message(p: Payload, extra: Payload): Message {
    const chatId = Number(p.chat_id);
    return {
      message_id: ++this.nextMessageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'User' },
      from: BOT_INFO,
      ...(p.reply_markup ? { reply_markup: p.reply_markup } : {}),
      ...extra,
    } as Message;
  }

  private answer(method: string, p: Payload): { result: unknown } | { error: TelegramFailure } {
    const key = `${Number(p.chat_id)}:${p.message_id}`;
    switch (method) {
      case 'getMe':
        return { result: BOT_INFO };
      case 'sendMessage': {
        const m = this.message(p, { text: p.text });
        this.messages.set(`${m.chat.id}:${m.message_id}`, 'text');
        return { result: m };
      }
      case 'sendPhoto': {
        const id = this.nextFileId++;
        const photo = [320, 480].map((size) => ({ file_id: `AgACAgQAAxkDAAI${id}x${size}`, file_unique_id: `AQAD${id}x${size}`, width: size, height: size }));
        const m = this.message(p, { photo, caption: p.caption });
        this.messages.set(`${m.chat.id}:${m.message_id}`, 'photo');
        return { result: m };
      }
      case 'editMessageCaption':
      case 'editMessageText':
      case 'editMessageMedia':
      case 'editMessageReplyMarkup': {
        const kind = this.messages.get(key);
        if (!kind) return { error: { error_code: 400, description: 'Bad Request: message to edit not found' } };
        if (method === 'editMessageMedia') {
          if (kind === 'text') return { error: { error_code: 400, description: 'Bad Request: there is no media in the message to edit' } };
          const id = this.nextFileId++;
          return {
            result: {
              ...this.message(p, {
                photo: [{ file_id: `AgACAgQAAxkDAAI${id}`, file_unique_id: `AQAD${id}`, width: 96, height: 96 }],
                caption: p.media?.caption,
              }),
              message_id: p.message_id,
            },
          };
        }
        if (method === 'editMessageCaption' && kind === 'text')
          return { error: { error_code: 400, description: 'Bad Request: there is no caption in the message to edit' } };
        if (method === 'editMessageText' && kind === 'photo')
          return { error: { error_code: 400, description: 'Bad Request: there is no text in the message to edit' } };
        return { result: { ...this.message(p, method === 'editMessageText' ? { text: p.text } : { caption: p.caption }), message_id: p.message_id } };
      }
      default:
        return { result: true };
    }
  }
}

/** Fabricated updates, as Telegram sends them. */
export class Updates {
  private updateId = 1;
  private messageId = 1;

  /** A message from `from` in their private chat with the bot. */
  private message(from: User) {
    return {
      message_id: this.messageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' as const, first_name: from.first_name },
      from,
    };
  }

  text(from: User, text: string): Update {
    const entities = text.startsWith('/') ? [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]!.length }] : undefined;
    return { update_id: this.updateId++, message: { ...this.message(from), text, ...(entities ? { entities } : {}) } };
  }

  /** A press on a button of a message the bot sent (found by the double). */
  press(from: User, target: { messageId: number; data: string; kind: 'text' | 'photo' }, data = target.data): Update {
    return {
      update_id: this.updateId++,
      callback_query: {
        id: `cb${this.updateId}`,
        from,
        chat_instance: `ci${from.id}`,
        data,
        message: {
          message_id: target.messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          from: BOT_INFO,
          ...(target.kind === 'photo' ? { photo: [{ file_id: 'x', file_unique_id: 'x', width: 1, height: 1 }], caption: '' } : { text: '' }),
        } as Message,
      },
    };
  }

  /** A contact shared with the bot (Telegram gives its number with or without "+"). */
  contact(from: User, phone: string): Update {
    return { update_id: this.updateId++, message: { ...this.message(from), contact: { phone_number: phone, first_name: 'Mum' } } };
  }

  /** A text that replies to a message of the bot's (a force_reply prompt). */
  reply(from: User, text: string, to: { messageId: number; text: string }): Update {
    const replied = {
      message_id: to.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' as const, first_name: from.first_name },
      from: BOT_INFO,
      text: to.text,
    };
    return { update_id: this.updateId++, message: { ...this.message(from), text, reply_to_message: replied } as unknown as Update['message'] };
  }

  /** An inline query ("@bot <query>" typed in any chat). */
  inline(from: User, query: string): Update {
    return { update_id: this.updateId++, inline_query: { id: `iq${this.updateId}`, from, query, offset: '' } };
  }

  sticker(from: User): Update {
    const sticker = { file_id: 's', file_unique_id: 's', type: 'regular' as const, width: 1, height: 1, is_animated: false, is_video: false };
    return { update_id: this.updateId++, message: { ...this.message(from), sticker } };
  }
}

export function user(id: number, first_name: string, language_code = 'en', last_name?: string): User {
  return { id, is_bot: false, first_name, language_code, ...(last_name ? { last_name } : {}) };
}

export interface Harness {
  api: TestApi;
  client: TopupApi;
  tg: TelegramDouble;
  bot: Bot<BotContext>;
  updates: Updates;
  poller: NotificationPoller;
  send(update: Update): Promise<void>;
  /** `from` writes `text`; the Bot API calls the bot made in answer. */
  say(from: User, text: string): Promise<Call[]>;
  /** `from` presses the button whose callback data is (or matches) `data`; the calls the bot made in answer. */
  press(from: User, data: string | RegExp): Promise<Call[]>;
  /** Moves an order through statuses as the chain watcher and fulfilment would (one transaction). */
  setStatus(orderId: number, statuses: TOrderStatus[], set?: { providerTransactionId?: string }): Promise<void>;
  close(): Promise<void>;
}

/** The per-user rate limit is off unless a test asks for it: tests send updates faster than people. */
export async function startHarness(
  opts: {
    apiEnv?: Record<string, string>;
    rateLimit?: BotDeps['rateLimit'];
    orderLinks?: BotDeps['orderLinks'];
    /** The bot's wait for an API answer (default 15 s): many chats at once queue on the embedded database's one connection. */
    apiTimeoutMs?: number;
  } = {},
): Promise<Harness> {
  const api = await startTestApi({ env: opts.apiEnv });
  const client = new TopupApi({ baseUrl: api.url, serviceToken: api.config.botApiSecret, timeoutMs: opts.apiTimeoutMs });
  const tg = new TelegramDouble();
  const orderMessages = new OrderMessages({ api: client, log: pino({ level: 'silent' }), links: opts.orderLinks ?? { miniApp: null, site: null } });
  const bot = createBot({
    orderMessages,
    token: BOT_TOKEN,
    api: client,
    botInfo: BOT_INFO,
    webAppUrl: WEBAPP_URL,
    supportContacts: { email: 'support@topup.example', telegram: '@topup_support' },
    transformers: [tg.transformer],
    autoRetry: { maxRetryAttempts: 1, maxDelaySeconds: 1 },
    rateLimit: opts.rateLimit ?? false,
    orderLinks: opts.orderLinks,
  });
  await bot.init();
  // Spacing shortened for the tests; the production values have their own test (throttle.test.ts).
  const poller = new NotificationPoller({
    api: client,
    telegram: bot.api,
    log: pino({ level: 'silent' }),
    scheduler: new SendScheduler({ perChatIntervalMs: 5, globalPerSecond: 1000 }),
    orderLinks: opts.orderLinks,
    orderMessages,
  });
  const updates = new Updates();
  const send = (update: Update) => bot.handleUpdate(update);
  const answer = async (update: Update) => {
    const mark = tg.calls.length;
    await send(update);
    return tg.since(mark);
  };
  return {
    api,
    client,
    tg,
    bot,
    updates,
    poller,
    send,
    say: (from, text) => answer(updates.text(from, text)),
    press: (from, data) => answer(updates.press(from, tg.messageWithButton(data, from.id))),
    async setStatus(orderId, statuses, set) {
      await api.database.db.transaction(async (tx) => {
        for (const status of statuses) await transition(tx, orderId, status, { cause: 'test', set: status === 'completed' ? set : undefined });
      });
    },
    async close() {
      await api.close();
    },
  };
}

/** The texts (or captions) of the messages among `calls`. */
export const texts = (calls: Call[]) => calls.map((c) => (c.payload.text ?? c.payload.caption ?? '') as string).filter(Boolean);

/** The inline keyboard a call sends, row by row; none: empty. */
export const keyboard = (call: Call | undefined): InlineKeyboardButton[][] =>
  (call?.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [];

/** The coin step for `coin` (a symbol): its asset's button, then its network's when the bot asks which. */
export async function chooseCoin(h: Harness, from: User, coin: string): Promise<void> {
  const mark = h.tg.calls.length;
  await h.send(h.updates.press(from, h.tg.messageWithButton(`r:coin:${CHAINS.requireCoin(coin).asset}`, from.id)));
  const network = `r:network:${coin}`;
  const asked = h.tg
    .since(mark)
    .some((c) =>
      (c.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard?.flat().some((b) => 'callback_data' in b && b.callback_data === network),
    );
  if (asked) await h.send(h.updates.press(from, h.tg.messageWithButton(network, from.id)));
}

/** Runs the whole recharge in the chat for `from` and returns the order and its payment message. */
export async function rechargeViaBot(
  h: Harness,
  from: User,
  o: { country: string; operatorId: number; amount: string; phone: string; coin: string } = {
    country: 'NG',
    operatorId: 141,
    amount: '10',
    phone: '803 123 4567',
    coin: 'USDT',
  },
): Promise<{ orderId: number; paymentId: string; messageId: number; caption: string }> {
  const press = (data: string) => h.send(h.updates.press(from, h.tg.messageWithButton(data, from.id)));
  await h.send(h.updates.text(from, '/recharge'));
  await press(`r:country:${o.country}`);
  await press(`r:operator:${o.operatorId}`);
  await h.send(h.updates.text(from, o.amount));
  await h.send(h.updates.text(from, o.phone));
  await chooseCoin(h, from, o.coin);
  const mark = h.tg.calls.length;
  await press('r:review:confirm');
  const photo = h.tg.since(mark).find((c) => c.method === 'sendPhoto');
  if (!photo) throw new Error(`no payment message: ${JSON.stringify(h.tg.textsSince(mark - 3))}`);
  const markup = photo.payload.reply_markup as InlineKeyboardMarkup;
  const cancel = markup.inline_keyboard.flat().find((b) => 'callback_data' in b && b.callback_data?.startsWith('pay:x:'));
  const caption = photo.payload.caption as string;
  return {
    orderId: Number(/[#º°] ?(\d+)/.exec(caption)![1]),
    paymentId: cancel && 'callback_data' in cancel ? cancel.callback_data!.replace('pay:x:', '') : '',
    messageId: (photo.result as Message).message_id,
    caption,
  };
}
