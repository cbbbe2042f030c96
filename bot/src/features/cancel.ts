import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { BALANCE_TOPUP_CONVERSATION } from '../conversations/balance-topup';

/** /cancel leaves the recharge or the balance top-up at any step (the conversations pass commands on to here). */
export function cancelFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('cancel', async (ctx) => {
    const active = ctx.conversation.active();
    await ctx.conversation.exitAll();
    if (active[BALANCE_TOPUP_CONVERSATION]) await ctx.reply(ctx.t.bot.topupCancelled);
    else await ctx.reply(Object.keys(active).length > 0 ? ctx.t.bot.cancelled : ctx.t.bot.nothingToCancel);
  });
  return composer;
}
