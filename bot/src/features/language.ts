import { Composer } from 'grammy';
import { isLocale, catalogFor } from '@topup/shared';
import type { BotContext } from '../context';
import { languageKeyboard } from '../keyboards';
import { CB } from '../keyboards/callbacks';

/** /language: the choice is kept in the session and wins over Telegram's language code. */
export function languageFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('language', (ctx) => ctx.reply(ctx.t.bot.languagePrompt, { reply_markup: languageKeyboard() }));
  composer.callbackQuery(CB.language.pattern, async (ctx) => {
    const code = CB.language.value(ctx.match);
    if (!isLocale(code)) return ctx.answerCallbackQuery({ text: ctx.t.bot.staleButton });
    (await ctx.session).locale = code;
    ctx.locale = code;
    ctx.t = catalogFor(code);
    await ctx.answerCallbackQuery({ text: ctx.t.bot.languageSet });
    await ctx.editMessageText(ctx.t.bot.languageSet).catch(() => ctx.reply(ctx.t.bot.languageSet));
  });
  return composer;
}
