import { Composer, type Context } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import { COIN_SYMBOLS } from '@topup/shared';
import type { BotContext } from '../context';
import { RECHARGE_CONVERSATION, recharge, type RechargePrefill } from '../conversations/recharge';
import { CB } from '../keyboards/callbacks';

/** A recharge (or balance top-up) left waiting this long is dropped; the next message is handled as if none were open. */
export const CONVERSATION_MAX_WAIT_MS = 60 * 60 * 1000;

/** Starting again replaces a recharge in progress (its old buttons then get a clear answer). */
export async function startRecharge(ctx: BotContext, prefill?: RechargePrefill): Promise<void> {
  await ctx.conversation.exitAll();
  if (prefill) await ctx.conversation.enter(RECHARGE_CONVERSATION, prefill);
  else await ctx.conversation.enter(RECHARGE_CONVERSATION);
}

/**
 * The recharge in the chat: the conversation, and its entry points (/recharge, the welcome button,
 * "🔁 Top up again" on an order, a recent recipient from /start).
 */
export function rechargeFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(createConversation<BotContext, Context>(recharge, { id: RECHARGE_CONVERSATION, maxMillisecondsToWait: CONVERSATION_MAX_WAIT_MS }));

  composer.command('recharge', (ctx) => startRecharge(ctx));
  composer.callbackQuery(CB.recharge.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startRecharge(ctx);
  });

  // The same number, operator, amount and coin as an earlier order: straight to the review.
  composer.callbackQuery(CB.again.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    const story = await ctx
      .userApi()
      .orderStory(CB.again.value(ctx.match))
      .catch(() => null);
    const o = story?.order;
    if (!o?.phoneNumber) return startRecharge(ctx);
    await startRecharge(ctx, {
      phone: o.phoneNumber,
      countryCode: o.countryCode,
      operatorId: o.operatorId,
      amountCents: o.amount,
      coin: COIN_SYMBOLS.find((c) => c === o.coin) ?? null,
    });
  });

  // A recent recipient (the /start list): the same, from the recipients API.
  composer.callbackQuery(CB.recipient.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    const r = (
      await ctx
        .userApi()
        .recipients()
        .catch(() => [])
    ).find((x) => x.id === CB.recipient.value(ctx.match));
    if (!r) return startRecharge(ctx);
    await startRecharge(ctx, { phone: r.phoneNumber, countryCode: r.countryCode, operatorId: r.operatorId, amountCents: r.lastAmount, coin: r.lastCoin });
  });
  return composer;
}
