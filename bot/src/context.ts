import type { OrderLinks } from './keyboards';
import type { Context, LazySessionFlavor } from 'grammy';
import { type Locale, type Catalog } from '@topup/shared';
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Logger } from 'pino';
import type { TopupApi, UserApi } from './api/client';
import type { SupportContacts } from './config';
import type { OrderMessages } from './order-messages';

/** What the bot keeps per chat (read only when a handler uses it), in the API's bot state under this key. */
export const sessionKey = (chatId: number) => `session:${chatId}`;

export interface SessionData {
  /** Chosen with /language; absent: follow Telegram's language code. */
  locale?: Locale;
  /** The last language Telegram reported for the user, so notifications speak it too. */
  languageCode?: string;
}

/** What every handler can use, installed by createBot. */
interface BotServices {
  api: TopupApi;
  log: Logger;
  webAppUrl: string | null;
  support: SupportContacts;
  orderLinks: OrderLinks;
  /** The orders' messages in the chats, kept up to date (shared with the notification poller). */
  orderMessages: OrderMessages;
}

export interface BotFlavor {
  services: BotServices;
  locale: Locale;
  t: Catalog;
  /** The API on behalf of the user who sent the update. */
  userApi(): UserApi;
}

export type BotContext = ConversationFlavor<Context & LazySessionFlavor<SessionData> & BotFlavor>;
