import type { Context, InlineKeyboard, Keyboard } from 'grammy';
import { catalogFor, type Locale, type Catalog } from '@topup/shared';
import type { Conversation } from '@grammyjs/conversations';
import { ApiError } from '../api/client';
import type { BotContext } from '../context';
import { STEP } from '../keyboards/callbacks';

export type Conv = Conversation<BotContext, Context>;

export interface Failure {
  status: number;
  code: string;
  message: string;
  /** What the API said beside its message (e.g. the operator an OPERATOR_MISMATCH detected). */
  details?: unknown;
}
/** The user's language and its texts, as a step reads them once (ConversationIo.texts). */
export interface Texts {
  locale: Locale;
  t: Catalog;
}

type Result<T> = { ok: true; value: T } | { ok: false; error: Failure };

/** Longer than any country name, amount, phone number or coin a step takes. */
export const MAX_ANSWER_CHARS = 200;

/** A press on one of the step's buttons, or a typed text (a shared contact: its number, international). */
export type Answer = { kind: 'button'; value: string } | { kind: 'text'; text: string; contact?: true };

function failure(err: unknown): Failure {
  if (err instanceof ApiError) return { status: err.status, code: err.code, message: err.message, details: err.details };
  return { status: 0, code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) };
}

function isCommand(ctx: Context): boolean {
  const first = ctx.message?.entities?.[0];
  return first?.type === 'bot_command' && first.offset === 0;
}

/**
 * The conversation's side effects, each inside `conversation.external` so that it runs once and is
 * replayed from the stored log afterwards: API calls (through the outside context, which knows the
 * user and the services) and Bot API calls (through the outside `ctx.api`, so auto-retry and any
 * installed transformer apply, and only plain JSON is stored: message ids, never whole messages).
 */
export class ConversationIo {
  constructor(
    private readonly conv: Conv,
    readonly chatId: number,
  ) {}

  /** The user's language now (a /language in the middle of a recharge applies from the next step). */
  async texts(): Promise<Texts> {
    const locale = await this.conv.external((o) => o.locale);
    return { locale, t: catalogFor(locale) };
  }

  /** A reply keyboard (`Keyboard`) stays under the chat's input until a message sent with `{ remove_keyboard: true }`. */
  async send(text: string, keyboard?: InlineKeyboard | Keyboard | { remove_keyboard: true }): Promise<number> {
    return this.conv.external(async (o) => {
      const message = await o.api.sendMessage(this.chatId, text, {
        parse_mode: 'HTML',
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      });
      return message.message_id;
    });
  }

  /** Answers a button press; a query that is too old to answer is not an error worth stopping for. */
  async answer(callbackQueryId: string, text?: string): Promise<void> {
    await this.conv.external(async (o) => {
      await o.api.answerCallbackQuery(callbackQueryId, text ? { text } : undefined).catch(() => undefined);
    });
  }

  /**
   * Takes the buttons off a step's message once one of them answered it, so the chat does not show past
   * steps as if they still waited; a message that cannot be edited any more keeps them (a press there is
   * answered as a past step's).
   */
  async dropKeyboard(messageId: number): Promise<void> {
    await this.conv.external(async (o) => {
      await o.api.editMessageReplyMarkup(this.chatId, messageId).catch(() => undefined);
    });
  }

  /** Runs `task` once with the outside context; an error becomes a stored value, never a lost throw. */
  async call<T>(task: (o: BotContext) => Promise<T>): Promise<Result<T>> {
    return this.conv.external(async (o): Promise<Result<T>> => {
      try {
        return { ok: true, value: await task(o) };
      } catch (err) {
        const f = failure(err);
        if (f.code === 'INTERNAL') o.services.log.error({ err }, 'recharge step failed');
        return { ok: false, error: f };
      }
    });
  }

  /**
   * Forgets the update being answered: the conversation's stored state stays as it was before it
   * arrived (conversations v2 `skip`), while what was sent in reply stays sent. Every answer that does
   * not move the recharge on ends here, so wrong answers, however many and however long, never make
   * the state grow: only the answers that fill the draft are kept.
   */
  reject(): Promise<never> {
    return this.conv.skip();
  }

  /**
   * Waits for the answer to the current step: a press on a keyboard of this step sent since it began
   * (`promptIds[0]` onwards: message ids only grow in a chat, so a keyboard sent again with a refusal
   * counts too, though the refusal itself was forgotten), or a text. A press on an older keyboard of
   * the conversation gets a clear answer; commands and other buttons go to the rest of the bot
   * (/cancel, /orders…) and the step stays.
   */
  async answerTo(step: string, promptIds: readonly number[], t: Catalog): Promise<Answer> {
    const since = Math.min(...promptIds);
    const ctx = await this.conv.wait();
    const query = ctx.callbackQuery;
    if (query) {
      const choice = STEP.parse(query.data ?? '');
      if (!choice) await this.conv.skip({ next: true });
      if (choice?.step === step && query.message && query.message.message_id >= since) {
        await this.answer(query.id);
        await this.dropKeyboard(query.message.message_id);
        return { kind: 'button', value: choice.value };
      }
      await this.answer(query.id, t.bot.staleStep);
      return this.reject();
    }
    const text = ctx.message?.text;
    if (text !== undefined) {
      if (isCommand(ctx)) await this.conv.skip({ next: true });
      // No step's answer is this long (a pasted text): refused before any step reads it.
      if (text.length > MAX_ANSWER_CHARS) {
        await this.send(t.bot.answerTooLong);
        return this.reject();
      }
      return { kind: 'text', text };
    }
    const contact = ctx.message?.contact;
    if (contact) {
      // Telegram gives a contact's number in international form, with or without its "+".
      const digits = contact.phone_number.replace(/\D/g, '');
      if (digits.length >= 6 && digits.length <= 15) return { kind: 'text', text: `+${digits}`, contact: true };
    }
    if (ctx.message) {
      await this.send(t.bot.useButtons);
      return this.reject();
    }
    return this.conv.skip({ next: true });
  }
}
