import type { BotMessages } from './en/bot';
import type { CommonMessages } from './en/common';
import type { EmailMessages } from './en/email';
import type { WebMessages } from './en/web';

/**
 * One catalog per language, one namespace per surface plus what they share. English is the
 * reference type: a language missing a message, or giving one other parameters, does not compile.
 * Each namespace of each language is its own module (`<lang>/<namespace>.ts`), so a web page loads
 * only `common` and `web` of one language (./load.ts), and the server takes them all (./catalogs.ts).
 */
export interface Catalog {
  common: CommonMessages;
  bot: BotMessages;
  email: EmailMessages;
  web: WebMessages;
}

export type { BotMessages, CommonMessages, EmailMessages, WebMessages };
