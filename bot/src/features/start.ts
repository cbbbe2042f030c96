import { Composer, InlineKeyboard } from 'grammy';
import { formatUsdIn, paymentIdFromStartParam, type TRecipient } from '@topup/shared';
import type { BotContext } from '../context';
import { welcomeKeyboard } from '../keyboards';
import { CB } from '../keyboards/callbacks';
import { showOrder } from './orders';
import { startRecharge } from './recharge';

/** Recent recipients offered on /start. */
const RECENTS_SHOWN = 3;
/** The rename prompt starts with this (its reply is recognised by it). */
const RENAME_MARK = '✏️';

/** The welcome's buttons: the recent recipients first (again, rename, remove), then the mini-app and the recharge. */
function startKeyboard(ctx: BotContext, recents: TRecipient[]): InlineKeyboard {
  const t = ctx.t;
  const kb = new InlineKeyboard();
  for (const r of recents.slice(0, RECENTS_SHOWN)) {
    kb.text(t.common.recents.again({ who: r.name ?? r.phoneNumber, amount: formatUsdIn(ctx.locale, r.lastAmount) }), CB.recipient.data(r.id)).row();
    kb.text(`✏️ ${t.common.recents.rename}`, CB.renameRecipient.data(r.id)).text(`🗑 ${t.common.recents.remove}`, CB.removeRecipient.data(r.id)).row();
  }
  const welcome = welcomeKeyboard(t, ctx.services.webAppUrl);
  for (const row of welcome.inline_keyboard) kb.row(...row);
  return kb;
}

async function recentsOf(ctx: BotContext): Promise<TRecipient[]> {
  return ctx
    .userApi()
    .recipients()
    .catch((err: unknown) => (ctx.services.log.warn({ err }, 'recipients unavailable'), []));
}

/**
 * /start: the welcome, with the recent recipients (a repeat in two taps: the recipient, then Confirm on
 * the review), the mini-app and the in-chat recharge. Deep links: /start order_<id> and
 * /start order_<paymentId> show that order;
 * /start topup_<digits> (a friend's "top me up" card) starts a recharge of that number.
 */
export function startFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('start', async (ctx) => {
    const param = ctx.match.trim();
    const deepLink = /^order_(\d{1,10})$/.exec(param);
    if (deepLink) return showOrder(ctx, Number(deepLink[1]));
    // The links of the site and the mini-app ("Open in Telegram") name the order by its payment id.
    const paymentId = paymentIdFromStartParam(param);
    if (paymentId) return showOrder(ctx, paymentId);
    const friend = /^topup_(\d{6,15})$/.exec(param);
    if (friend) return startRecharge(ctx, { phone: `+${friend[1]}`, countryCode: null, operatorId: null, amountCents: null, coin: null });
    await ctx.conversation.exitAll();
    const recents = await recentsOf(ctx);
    const text = [ctx.t.bot.welcome({ name: ctx.from?.first_name ?? '' }), recents.length ? `\n${ctx.t.bot.recentsTitle}` : ''].join('');
    await ctx.reply(text, { parse_mode: 'HTML', reply_markup: startKeyboard(ctx, recents) });
  });

  composer.callbackQuery(CB.removeRecipient.pattern, async (ctx) => {
    await ctx.userApi().removeRecipient(CB.removeRecipient.value(ctx.match));
    await ctx.answerCallbackQuery({ text: ctx.t.common.recents.removed });
    await ctx.editMessageReplyMarkup({ reply_markup: startKeyboard(ctx, await recentsOf(ctx)) }).catch(() => undefined);
  });

  composer.callbackQuery(CB.renameRecipient.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    const r = (await recentsOf(ctx)).find((x) => x.id === CB.renameRecipient.value(ctx.match));
    if (!r) return;
    await ctx.reply(ctx.t.bot.renamePrompt({ phone: r.phoneNumber }), {
      parse_mode: 'HTML',
      reply_markup: { force_reply: true, input_field_placeholder: ctx.t.common.recents.namePlaceholder },
    });
  });

  return composer;
}

/**
 * The answer to a rename prompt (a reply to it): the name, or "-" to take it away. Before the recharge
 * conversation, which would otherwise read it as the answer to its step.
 */
export function renameReplyFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message;
    const id = prompt?.from?.id === ctx.me.id && prompt.text?.startsWith(RENAME_MARK) ? /\+(\d{6,15})/.exec(prompt.text)?.[1] : undefined;
    if (!id) return next();
    const name = ctx.message.text.trim();
    const saved = await ctx.userApi().renameRecipient(id, name === '-' ? null : name.slice(0, 40));
    await ctx.reply(saved.name ? ctx.t.bot.renamed({ name: saved.name }) : ctx.t.bot.nameRemoved, { parse_mode: 'HTML' });
  });
  return composer;
}
