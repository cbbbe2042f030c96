/**
 * What an e-mail address is, for every form and for the API (one rule: the site, the mini-app, the
 * admin console, the bot's settings and the API). The spec asks for something@something.something with
 * no spaces; this is zod's "practical" pattern, which also keeps out what a mail header would read as
 * several addresses (commas, angle brackets, quotes). Each form keeps its own message.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The longest address a mail server takes (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;

/** Whether `text` (surrounding spaces ignored) is an e-mail address. */
export function isEmailAddress(text: string): boolean {
  const address = text.trim();
  return address.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(address);
}
