import { Composer, type Context } from 'grammy';
import { createConversation } from '@grammyjs/conversations';
import type { BotContext } from '../context';
import { RECHARGE_CONVERSATION, recharge } from '../conversations/recharge';
import { CB } from '../keyboards';

/** A recharge left waiting this long is dropped; the next message is handled as if none were open. */
const RECHARGE_MAX_WAIT_MS = 60 * 60 * 1000;

/** The recharge in the chat: the conversation, and its entry points (/recharge, the welcome button). */
export function rechargeFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(createConversation<BotContext, Context>(recharge, { id: RECHARGE_CONVERSATION, maxMillisecondsToWait: RECHARGE_MAX_WAIT_MS }));

  const start = async (ctx: BotContext) => {
    // Starting again replaces a recharge in progress (its old buttons then get a clear answer).
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(RECHARGE_CONVERSATION);
  };
  composer.command('recharge', start);
  composer.callbackQuery(CB.recharge, async (ctx) => {
    await ctx.answerCallbackQuery();
    await start(ctx);
  });
  return composer;
}
