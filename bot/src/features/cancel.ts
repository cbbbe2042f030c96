import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** /cancel leaves the recharge at any step (the conversation passes commands on to here). */
export function cancelFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('cancel', async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(active ? ctx.t.bot.cancelled : ctx.t.bot.nothingToCancel);
  });
  return composer;
}
