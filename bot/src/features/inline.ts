import { Composer, InlineKeyboard, InlineQueryResultBuilder } from 'grammy';
import { catalogFor, DEFAULT_LOCALE, localeFromTag } from '@topup/shared';
import type { BotContext } from '../context';
import { internationalNumber } from '../countries';

/**
 * Inline mode ("@bot +237 677 12 34 56" in any chat): a "top me up" card the user sends to a friend.
 * Its button opens the bot on `/start topup_<digits>`, a recharge of that number with its country and
 * operator detected, so the friend pays in a few taps. Inline mode must be switched on with @BotFather
 * (/setinline); the bot then receives `inline_query` updates (setup.ts).
 */
export function inlineFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('inline_query', async (ctx) => {
    const t = catalogFor(localeFromTag(ctx.from.language_code) ?? DEFAULT_LOCALE);
    const number = internationalNumber(ctx.inlineQuery.query);
    if (!number || number.length > 16) {
      return ctx.answerInlineQuery([], { cache_time: 0, is_personal: true, button: { text: t.bot.inlineNoNumber, start_parameter: 'inline' } });
    }
    const link = `https://t.me/${ctx.me.username}?start=topup_${number.slice(1)}`;
    const card = InlineQueryResultBuilder.article(`topup-${number.slice(1)}`, t.bot.inlineTitle, {
      description: t.bot.inlineDescription({ phone: number }),
      reply_markup: new InlineKeyboard().url(t.bot.btnPayForFriend, link),
    }).text(t.bot.inlineCard({ name: ctx.from.first_name, phone: number }), { parse_mode: 'HTML' });
    await ctx.answerInlineQuery([card], { cache_time: 0, is_personal: true });
  });
  return composer;
}
