import { Composer, type Context } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import { formatUsdIn } from '@topup/shared';
import type { BotContext } from '../context';
import { BALANCE_TOPUP_CONVERSATION, balanceTopup } from '../conversations/balance-topup';
import { balanceKeyboard } from '../keyboards';
import { CB } from '../keyboards/callbacks';
import { CONVERSATION_MAX_WAIT_MS } from './recharge';

/**
 * /balance (and an order's "My balance" button): credits kept for the customer (failed deliveries,
 * over-payments), with a button to add to them. Needs no conversation state, so it comes before the
 * conversations (bot.ts).
 */
export function balanceFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const show = async (ctx: BotContext) => {
    try {
      const { balance } = await ctx.userApi().balance();
      await ctx.reply(ctx.t.bot.balance({ amount: formatUsdIn(ctx.locale, balance) }), { parse_mode: 'HTML', reply_markup: balanceKeyboard(ctx.t) });
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

/** "➕ Add to balance": the balance top-up conversation, replacing a recharge or top-up in progress. */
export function balanceTopupFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(createConversation<BotContext, Context>(balanceTopup, { id: BALANCE_TOPUP_CONVERSATION, maxMillisecondsToWait: CONVERSATION_MAX_WAIT_MS }));
  composer.callbackQuery(CB.addBalance.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(BALANCE_TOPUP_CONVERSATION);
  });
  return composer;
}
