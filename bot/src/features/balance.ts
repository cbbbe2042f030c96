import { Composer } from 'grammy';
import { formatUsd } from '@topup/shared';
import type { BotContext } from '../context';

/** /balance: credits kept for the customer (failed deliveries, over-payments). */
export function balanceFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('balance', async (ctx) => {
    try {
      const { balance } = await ctx.userApi().balance();
      await ctx.reply(ctx.t.bot.balance({ amount: formatUsd(balance) }), { parse_mode: 'HTML' });
    } catch (err) {
      ctx.services.log.warn({ err }, 'balance failed');
      await ctx.reply(ctx.t.bot.balanceFailed);
    }
  });
  return composer;
}
