/** The live chat's conversation with the support inbox, and what the chat says about it: loaded with the chat. */
import type { TSiteConfig, TSupportConversation, TSupportReplyRoute } from '@topup/shared';
import { apiRequest } from '../api/client';
import { SUPPORT_TOKEN_HEADER, type WebMessages } from '../shared';
import { telegramHandle } from './support';

type ChatMessages = WebMessages['pages']['chat'];

/** A message being sent: its text, and the last message listed when it was sent. */
export interface PendingMessage {
  text: string;
  afterId: number;
}

/**
 * Whether the conversation already lists the message being sent: a refresh during the send may bring it
 * back before the send's own answer, and the chat shows it once.
 */
export const listedAlready = (pending: PendingMessage, messages: TSupportConversation['messages']): boolean =>
  messages.some((m) => m.id > pending.afterId && m.from === 'customer' && m.text === pending.text);

/** The configured contacts the chat points to, as it writes them. */
const contacts = (support: TSiteConfig['support'] | undefined) => ({
  email: support?.email ?? null,
  telegram: support?.telegram ? telegramHandle(support.telegram) : null,
});

/**
 * The live chat's answer one second after a message reached the support inbox (spec: the support
 * e-mail and Telegram handle): what really happens next, and the other ways to reach us.
 */
export function acknowledgement(chat: ChatMessages, support: TSiteConfig['support'] | undefined, replyTo: TSupportReplyRoute | null): string {
  const where = !replyTo ? chat.answerInChat : replyTo.channel === 'email' ? chat.answerByEmail({ address: replyTo.address }) : chat.answerInTelegram;
  return chat.acknowledgement({ where, ...contacts(support) });
}

/** What the chat says when a message could not be sent: the reason (a sentence), and where to write instead. */
export function notSent(chat: ChatMessages, support: TSiteConfig['support'] | undefined, reason: string): string {
  return chat.notSent({ reason, ...contacts(support) });
}

/** The conversation's token, kept in this browser so that the answers can be read here again. */
const TOKEN_KEY = 'support_thread';

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function tokenHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { [SUPPORT_TOKEN_HEADER]: token } : {};
}

/** The caller's conversation: this browser's (its token), or the signed-in customer's. */
export function fetchConversation(signal?: AbortSignal): Promise<TSupportConversation> {
  return apiRequest('/api/support/messages', (s) => s.ZSupportConversation, { headers: tokenHeaders(), signal });
}

/** Sends a message to the support inbox; a conversation it starts is remembered in this browser. */
export async function sendSupportMessage(body: { text: string; email?: string; paymentId?: string }): Promise<TSupportConversation> {
  const conversation = await apiRequest('/api/support/messages', (s) => s.ZSupportConversation, { method: 'POST', body, headers: tokenHeaders() });
  if (conversation.threadToken) {
    try {
      localStorage.setItem(TOKEN_KEY, conversation.threadToken);
    } catch {
      // Storage refused: the answer still comes by e-mail or Telegram.
    }
  }
  return conversation;
}
