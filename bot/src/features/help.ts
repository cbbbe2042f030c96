import { Composer } from 'grammy';
import type { BotContext } from '../context';

export function helpFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('help', (ctx) => ctx.reply(ctx.t.bot.help, { parse_mode: 'HTML' }));
  return composer;
}
