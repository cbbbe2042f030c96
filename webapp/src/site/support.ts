import type { TSiteConfig } from '@topup/shared';

/** Contacts of the support widget, from GET /api/site-config (the same variables as the bot's /support). */
export const SUPPORT_GREETING = 'Hello! I need help with a mobile recharge on CRYPTO TOP-UPS.';

/** wa.me link with the prefilled greeting, from a number in international format or a wa.me link. */
export function whatsappLink(whatsapp: string | null | undefined, text = SUPPORT_GREETING): string | null {
  if (!whatsapp) return null;
  const link = /^https?:\/\//.test(whatsapp) ? new URL(whatsapp) : new URL(`https://wa.me/${whatsapp.replace(/\D/g, '')}`);
  link.searchParams.set('text', text);
  return link.href;
}

/** t.me link of a handle ('@name', 'name' or a t.me link). */
export function telegramLink(handle: string | null | undefined): string | null {
  if (!handle) return null;
  if (/^https?:\/\//.test(handle)) return handle;
  return `https://t.me/${handle.replace(/^@/, '')}`;
}

export const telegramHandle = (handle: string) => (/^https?:\/\//.test(handle) ? handle : `@${handle.replace(/^@/, '')}`);

/** The live chat's answer, one second after a message (spec): the support e-mail and Telegram handle. */
export function cannedReply(support: TSiteConfig['support'] | undefined): string {
  const ways = [
    support?.email ? `e-mail us at ${support.email}` : null,
    support?.telegram ? `write to ${telegramHandle(support.telegram)} on Telegram` : null,
  ].filter(Boolean);
  return ways.length
    ? `Thanks for your message! A support agent will get back to you. For a faster answer, ${ways.join(' or ')}. Please include your order number if you have one.`
    : 'Thanks for your message! A support agent will get back to you. You can also reach us through the Contact page.';
}

/** Opens the support widget's live chat from anywhere (the payment overlay's 'Contact Support'). */
export const openSupportChat = () => window.dispatchEvent(new CustomEvent('support:open'));
