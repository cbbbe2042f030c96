import { Composer } from 'grammy';
import type { Catalog } from '@topup/shared';
import type { SupportContacts } from '../config';
import type { BotContext } from '../context';

/** The support contacts from the configuration (SUPPORT_EMAIL, SUPPORT_TELEGRAM, SUPPORT_WHATSAPP), in the user's language. */
export function supportText(t: Catalog, { email, telegram, whatsapp }: SupportContacts): string {
  const lines = [
    email ? t.bot.supportEmail({ email }) : null,
    telegram ? t.bot.supportTelegram({ handle: telegram }) : null,
    whatsapp ? t.bot.supportWhatsapp({ number: whatsapp }) : null,
  ].filter((l): l is string => l !== null);
  return lines.length ? [t.bot.supportTitle, ...lines].join('\n') : t.bot.supportNone;
}

/** /support: the contacts, and to give the order number (an order's "Contact support" button fills it in: payments.ts). */
export function supportFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('support', async (ctx) => {
    const t = ctx.t;
    const contacts = ctx.services.support;
    const any = contacts.email || contacts.telegram || contacts.whatsapp;
    await ctx.reply(any ? `${supportText(t, contacts)}\n\n${t.bot.supportOrderHint}` : t.bot.supportNone, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  });
  return composer;
}
