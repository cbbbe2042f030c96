/**
 * Reaching support from any page: the contact links and opening the live chat. Small, as the site's
 * shell loads it on every page; the chat's conversation (support-thread.ts) loads with the chat.
 */

/** wa.me link with a prefilled greeting (in the page's language), from a number in international format or a wa.me link. */
export function whatsappLink(whatsapp: string | null | undefined, text: string): string | null {
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

/** The event the widget listens to; `detail.paymentId` fills in the order the customer writes about. */
export const SUPPORT_OPEN_EVENT = 'support:open';

/**
 * Opens the support widget's live chat from anywhere: the payment overlay's 'Contact Support', the
 * order page's "contact support" (`openSupportChat({ paymentId })` fills the order in).
 */
export const openSupportChat = (options: { paymentId?: string } = {}) => window.dispatchEvent(new CustomEvent(SUPPORT_OPEN_EVENT, { detail: options }));

/**
 * The same from a link (an e-mail, the bot): `?support=open` opens the chat on any page of the site,
 * `&order=<paymentId>` fills the order in. Returns what the address asks for, or null.
 */
export function supportRequestInUrl(search: string): { paymentId?: string } | null {
  const params = new URLSearchParams(search);
  if (params.get('support') !== 'open') return null;
  const order = params.get('order');
  return order && /^pay_[A-Za-z0-9]{16,40}$/.test(order) ? { paymentId: order } : {};
}
