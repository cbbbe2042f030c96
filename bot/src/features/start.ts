import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { welcomeKeyboard } from '../keyboards';
import { showOrder } from './orders';

/** /start: the welcome, with the mini-app and the in-chat recharge; /start order_<id> shows that order. */
export function startFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('start', async (ctx) => {
    const deepLink = /^order_(\d{1,10})$/.exec(ctx.match.trim());
    if (deepLink) return showOrder(ctx, Number(deepLink[1]));
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t.bot.welcome({ name: ctx.from?.first_name ?? '' }), {
      parse_mode: 'HTML',
      reply_markup: welcomeKeyboard(ctx.t, ctx.services.webAppUrl),
    });
  });
  return composer;
}
