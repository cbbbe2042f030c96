import { Composer } from 'grammy';
import type { BotContext } from '../context';

/**
 * What nothing else handled: a press on a keyboard whose step or conversation is over gets a clear
 * answer (never a spinning button), and a stray message gets a hint.
 */
export function fallbackFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: ctx.t.bot.staleButton, show_alert: true }));
  composer.on('message', (ctx) => ctx.reply(ctx.t.bot.fallback));
  return composer;
}
