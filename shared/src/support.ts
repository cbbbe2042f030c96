/**
 * The support inbox's limits and texts, without zod (the site's first load carries them): the chat
 * shows them, the API answers with them (schemas/support.ts).
 */

/** The longest message a customer may send, and the longest answer an admin may write. */
export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_REPLY_MAX = 4000;

/** The header carrying a visitor's conversation token (kept in the browser that started it). */
export const SUPPORT_TOKEN_HEADER = 'x-support-token';

/** The chat's own texts: the widget shows them, the API answers with them. */
export const SUPPORT_TEXTS = {
  empty: 'Please write a message.',
  tooLong: `Please keep your message under ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  emailNeeded: 'Please enter your e-mail address so that we can answer you.',
  emailFormat: 'Please enter a valid email address.',
  unknownOrder: 'We could not find that order. Please check the order number, or write without it.',
} as const;
