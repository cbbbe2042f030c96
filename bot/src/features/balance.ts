import { Composer } from 'grammy';
import { formatUsdIn } from '@topup/shared';
import type { BotContext } from '../context';
import { CB } from '../keyboards/callbacks';

/** /balance (and an order's "My balance" button): credits kept for the customer (failed deliveries, over-payments). */
export function balanceFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const show = async (ctx: BotContext) => {
    try {
      const { balance } = await ctx.userApi().balance();
      await ctx.reply(ctx.t.bot.balance({ amount: formatUsdIn(ctx.locale, balance) }), { parse_mode: 'HTML' });
    } catch (err) {
      ctx.services.log.warn({ err }, 'balance failed');
      await ctx.reply(ctx.t.bot.balanceFailed);
    }
  };
  composer.command('balance', show);
  composer.callbackQuery(CB.balance.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    await show(ctx);
  });
  return composer;
}
