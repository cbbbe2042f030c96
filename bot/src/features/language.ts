import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { languageKeyboard } from '../keyboards';
import { isLocale, messages } from '../locales';

/** /language: the choice is kept in the session and wins over Telegram's language code. */
export function languageFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('language', (ctx) => ctx.reply(ctx.t.languagePrompt, { reply_markup: languageKeyboard() }));
  composer.callbackQuery(/^lang:(\w+)$/, async (ctx) => {
    const code = ctx.match[1];
    if (!isLocale(code)) return ctx.answerCallbackQuery({ text: ctx.t.staleButton });
    (await ctx.session).locale = code;
    ctx.locale = code;
    ctx.t = messages(code);
    await ctx.answerCallbackQuery({ text: ctx.t.languageSet });
    await ctx.editMessageText(ctx.t.languageSet).catch(() => ctx.reply(ctx.t.languageSet));
  });
  return composer;
}
