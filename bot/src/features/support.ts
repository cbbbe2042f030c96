import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** /support: the support contacts from the configuration (SUPPORT_EMAIL, SUPPORT_TELEGRAM, SUPPORT_WHATSAPP). */
export function supportFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('support', async (ctx) => {
    const t = ctx.t;
    const { email, telegram, whatsapp } = ctx.services.support;
    const lines = [
      email ? t.bot.supportEmail({ email }) : null,
      telegram ? t.bot.supportTelegram({ handle: telegram }) : null,
      whatsapp ? t.bot.supportWhatsapp({ number: whatsapp }) : null,
    ].filter((l): l is string => l !== null);
    const text = lines.length ? [t.bot.supportTitle, ...lines, '', t.bot.supportOrderHint].join('\n') : t.bot.supportNone;
    await ctx.reply(text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  });
  return composer;
}
