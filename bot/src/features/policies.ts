import { Composer } from 'grammy';
import { SITE_NAME, escapeHtml, supportReference, type Catalog } from '@topup/shared';
import type { BotContext } from '../context';
import { supportText } from './support';

type LegalSection = Catalog['web']['pages']['privacy']['sections'][number];

/** Telegram's limit on a message's text. */
const MAX_MESSAGE_LENGTH = 4096;

/**
 * The privacy policy as messages: the very sections the site's /privacy page shows, in the user's
 * language, each section whole, as few messages as Telegram's length limit allows. Sent as text, not as
 * a link: the site's pages lead to its checkout, which a bot with a mini-app may not point to.
 */
export function privacyMessages(t: Catalog): string[] {
  const params = { site: SITE_NAME, countries: null };
  const section = (s: LegalSection, i: number) =>
    [
      `<b>${i + 1}. ${escapeHtml(s.heading)}</b>`,
      ...(s.items ?? []).map(([term, text]) => `• <b>${escapeHtml(term)}</b> ${escapeHtml(text)}`),
      ...s.paragraphs.map((p) => escapeHtml(typeof p === 'string' ? p : p(params))),
    ].join('\n');
  const blocks = [`<b>${escapeHtml(t.web.shell.privacy)}</b>`, ...t.web.pages.privacy.sections.map(section)];
  const messages: string[] = [];
  for (const block of blocks) {
    const last = messages.at(-1);
    if (last !== undefined && last.length + 2 + block.length <= MAX_MESSAGE_LENGTH) messages[messages.length - 1] = `${last}\n\n${block}`;
    else messages.push(block);
  }
  return messages;
}

/**
 * The commands Telegram's bot developer terms require: /privacy (section 4) and /paysupport (section 6,
 * for a bot that takes payments): how to reach support about a payment, with the reference of the
 * user's latest order.
 */
export function policiesFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('privacy', async (ctx) => {
    for (const text of privacyMessages(ctx.t)) await ctx.reply(text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  });
  composer.command('paysupport', async (ctx) => {
    const t = ctx.t;
    const latest = await ctx
      .userApi()
      .orders()
      .then(
        (orders) => orders[0] ?? null,
        (err: unknown) => {
          ctx.services.log.warn({ err }, 'orders for /paysupport failed');
          return null;
        },
      );
    const reference = latest ? supportReference(latest.id, latest.paymentId) : null;
    await ctx.reply(`${t.bot.paySupport({ reference })}\n\n${supportText(t, ctx.services.support)}`, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  });
  return composer;
}
