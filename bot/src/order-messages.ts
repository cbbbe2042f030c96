import { GrammyError, InputFile, type Api } from 'grammy';
import { catalogFor, type Locale, type TOrderStory } from '@topup/shared';
import QRCode from 'qrcode';
import type { Logger } from 'pino';
import type { TopupApi } from './api/client';
import type { OrderLinks } from './keyboards';
import { orderMessage, stillOpen, type OrderMessage } from './views/order-message';
import { statusImagePng } from './views/status-image';

/**
 * Keeps each order's message in the chat true. A status change comes through the
 * outbox (notifications.ts); what is not a status change (a partial payment, the rest to send, the
 * confirmations counting up, a credit) is found by reading the order's story again: on "Check payment",
 * and every few seconds for the payment messages this process sent and that still wait for something
 * (`watchOnce`). Each time the message is drawn again from the story and edited only where it changed:
 * the picture (the QR code of what is to be paid now; a plain square once nothing is) with the caption,
 * else the caption (or the text, for a message without a picture) and its buttons.
 */

interface Shown {
  chatId: number;
  messageId: number;
  /** What the picture is: the payment link of its QR code, or `tone:<colour>`; TEXT: a message without one; null when not known. */
  media: string | null;
  caption: string | null;
  markup: string | null;
  since: number;
  /** Whether the order may still move: only these are watched; a closed one is kept so a late or repeated notification edits nothing that is already shown. */
  open: boolean;
}

export type ShowOutcome = 'edited' | 'unchanged' | 'gone';

/** Past this, a message is no longer watched (the address takes payments 24 h after the window). */
const WATCH_MAX_MS = 25 * 60 * 60 * 1000;
/** Messages (and uploaded pictures) remembered at most: the oldest are forgotten first. */
const MAX_REMEMBERED = 5_000;
/** A message without a picture (sent as text): its picture is never edited. */
export const TEXT = 'text';

const describe = (err: unknown) => (err instanceof GrammyError ? err.description : '');
const notModified = (err: unknown) => /message is not modified/i.test(describe(err));
const noMedia = (err: unknown) => /no caption|there is no media|no media in the message|message has no media/i.test(describe(err));
const noText = (err: unknown) => /no text in the message/i.test(describe(err));
const gone = (err: unknown) => /message to edit not found|message_id_invalid|message can't be edited/i.test(describe(err));

function mediaKey(view: OrderMessage): string {
  return 'qr' in view.media ? view.media.qr : `tone:${view.media.tone}`;
}

async function picture(view: OrderMessage, orderId: number): Promise<InputFile> {
  const png =
    'qr' in view.media
      ? await QRCode.toBuffer(view.media.qr, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 384 })
      : statusImagePng(view.media.tone);
  return new InputFile(png, `order-${orderId}.png`);
}

/** A map that forgets its oldest entry past MAX_REMEMBERED. */
function setBounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}

export class OrderMessages {
  private readonly shown = new Map<number, Shown>();
  /** The file_id Telegram gave each picture once uploaded (by media key): a status square or a QR code shown again is not uploaded again. */
  private readonly fileIds = new Map<string, string>();

  constructor(private readonly opts: { api: TopupApi; log: Logger; links: OrderLinks; now?: () => number }) {}

  private get now() {
    return (this.opts.now ?? Date.now)();
  }

  /** A payment message just sent (its picture: the QR code of `paymentUri`): kept up to date from now on. */
  track(orderId: number, chatId: number, messageId: number, paymentUri: string | typeof TEXT | null): void {
    setBounded(this.shown, orderId, { chatId, messageId, media: paymentUri, caption: null, markup: null, since: this.now, open: true });
  }

  /**
   * After a restart: the messages of orders that may still move, watched again (what their picture
   * shows is not known, so the first pass draws it again). Returns how many there are.
   */
  async resume(): Promise<number> {
    const open = await this.opts.api.openOrderMessages(Math.ceil(WATCH_MAX_MS / 3_600_000));
    for (const m of open) if (!this.shown.has(m.orderId)) this.track(m.orderId, m.chatId, m.messageId, null);
    return open.length;
  }

  /** The message this process knows for the order (a double tap on "Create New Payment" finds it here). */
  messageOf(orderId: number): { chatId: number; messageId: number } | null {
    const s = this.shown.get(orderId);
    return s ? { chatId: s.chatId, messageId: s.messageId } : null;
  }

  /** The story of an order of the chat's user (a private chat's id is its user's). */
  story(chatId: number, orderId: number): Promise<TOrderStory> {
    return this.opts.api.as({ id: chatId }).orderStory(orderId);
  }

  /** Draws the order's message from its story and edits it where it changed; 'gone' when there is no such message to edit. */
  async show(tg: Api, chatId: number, messageId: number, story: TOrderStory, locale: Locale): Promise<ShowOutcome> {
    const orderId = story.order.orderId;
    const view = orderMessage(catalogFor(locale), locale, story, this.opts.links, this.now);
    const markup = JSON.stringify(view.keyboard.inline_keyboard);
    const media = mediaKey(view);
    const before = this.shown.get(orderId);
    const known = before && before.messageId === messageId ? before : null;
    // After a restart the picture is not known; while the whole amount is still due it is the QR code the
    // message was sent with (the same payment link), so it is not uploaded again.
    if (known && known.media === null && story.next.action === 'pay') known.media = media;
    let shownMedia = known?.media === TEXT ? TEXT : media;
    const remember = () =>
      setBounded(this.shown, orderId, {
        chatId,
        messageId,
        media: shownMedia,
        caption: view.caption,
        markup,
        since: known?.since ?? this.now,
        open: stillOpen(story),
      });
    if (known && known.caption === view.caption && known.markup === markup && known.media === shownMedia) return (remember(), 'unchanged');
    const options = { parse_mode: 'HTML' as const, reply_markup: view.keyboard };
    try {
      if (known?.media !== TEXT && known?.media !== media) {
        try {
          const edited = await tg.editMessageMedia(
            chatId,
            messageId,
            { type: 'photo', media: this.fileIds.get(media) ?? (await picture(view, orderId)), caption: view.caption, parse_mode: 'HTML' },
            { reply_markup: view.keyboard },
          );
          const fileId = edited === true ? undefined : edited.photo?.at(-1)?.file_id;
          if (fileId) setBounded(this.fileIds, media, fileId);
          return (remember(), 'edited');
        } catch (err) {
          if (notModified(err)) return (remember(), 'edited');
          if (!noMedia(err)) throw err;
        }
        // A text message (e.g. an order made in the mini-app) has no picture: its text is edited.
        shownMedia = TEXT;
        return (await this.editText(tg, chatId, messageId, view.caption, options)) ? (remember(), 'edited') : 'gone';
      }
      // A message known to be text has no caption to edit: its text is edited at once.
      if (known?.media === TEXT) return (await this.editText(tg, chatId, messageId, view.caption, options)) ? (remember(), 'edited') : 'gone';
      try {
        await tg.editMessageCaption(chatId, messageId, { caption: view.caption, ...options });
        return (remember(), 'edited');
      } catch (err) {
        if (notModified(err)) return (remember(), 'edited');
        if (!noMedia(err)) throw err;
      }
      // Not a photo after all (a message of before a restart, sent as text): from now on its text is edited.
      shownMedia = TEXT;
      return (await this.editText(tg, chatId, messageId, view.caption, options)) ? (remember(), 'edited') : 'gone';
    } catch (err) {
      if (gone(err)) {
        this.shown.delete(orderId);
        return 'gone';
      }
      throw err;
    }
  }

  /**
   * The order's message edited to `text` when its story cannot be read (the notification alone): as
   * text at once when it is known to be one; false when it is gone. What it shows is then not the
   * story's drawing: the next `show` draws it again.
   */
  async showText(tg: Api, chatId: number, messageId: number, orderId: number, text: string, keyboard: OrderMessage['keyboard'] | undefined): Promise<boolean> {
    const s = this.shown.get(orderId);
    const known = s && s.messageId === messageId ? s : null;
    if (known) known.caption = known.markup = null;
    const options = { parse_mode: 'HTML' as const, reply_markup: keyboard };
    if (known?.media !== TEXT) {
      try {
        await tg.editMessageCaption(chatId, messageId, { caption: text, ...options });
        return true;
      } catch (err) {
        if (notModified(err)) return true;
        if (gone(err)) return false;
        if (!noMedia(err)) throw err;
      }
      if (known) known.media = TEXT;
    }
    return this.editText(tg, chatId, messageId, text, options);
  }

  private async editText(
    tg: Api,
    chatId: number,
    messageId: number,
    text: string,
    options: { parse_mode: 'HTML'; reply_markup: OrderMessage['keyboard'] | undefined },
  ): Promise<boolean> {
    try {
      await tg.editMessageText(chatId, messageId, text, { ...options, link_preview_options: { is_disabled: true } });
      return true;
    } catch (err) {
      if (notModified(err)) return true;
      if (noText(err) || gone(err)) return false;
      throw err;
    }
  }

  /**
   * Reads again the story of every message still waiting for something and edits what changed. The
   * chat's language comes from `localeOf`. Errors are logged: the next pass tries again.
   */
  async watchOnce(tg: Api, localeOf: (chatId: number) => Promise<Locale>): Promise<number> {
    let edited = 0;
    for (const [orderId, s] of [...this.shown]) {
      if (!s.open) continue;
      if (this.now - s.since > WATCH_MAX_MS) {
        this.shown.delete(orderId);
        continue;
      }
      try {
        const story = await this.story(s.chatId, orderId);
        if ((await this.show(tg, s.chatId, s.messageId, story, await localeOf(s.chatId))) === 'edited') edited++;
      } catch (err) {
        this.opts.log.warn({ err: err instanceof Error ? err.message : String(err), orderId }, 'could not refresh the order message');
      }
    }
    return edited;
  }
}
