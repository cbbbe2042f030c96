import { Composer, InlineKeyboard } from 'grammy';
import { dollarsToCents, formatUsdIn, type TOrderView } from '@topup/shared';
import { ApiError } from '../api/client';
import type { BotContext } from '../context';
import { rechargeKeyboard } from '../keyboards';
import { CB } from '../keyboards/callbacks';
import { TEXT } from '../order-messages';
import { orderMessage, stillOpen } from '../views/order-message';
import { ordersList } from '../views/orders';

/** "🔁 Top up again" in /orders: the latest completed recharges, one a number. */
const AGAIN_SHOWN = 3;

function againKeyboard(ctx: BotContext, orders: TOrderView[]): InlineKeyboard | undefined {
  const seen = new Set<string>();
  const kb = new InlineKeyboard();
  for (const o of orders) {
    if (o.status !== 'completed' || !o.phoneNumber || seen.has(o.phoneNumber) || seen.size >= AGAIN_SHOWN) continue;
    seen.add(o.phoneNumber);
    kb.text(`${ctx.t.bot.btnTopUpAgain} · ${o.phoneNumber} ${formatUsdIn(ctx.locale, dollarsToCents(o.amount))}`, CB.again.data(o.id)).row();
  }
  return seen.size ? kb : undefined;
}

/** /orders: the customer's recent orders (from the bot and from the mini-app: one history). */
export function ordersFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('orders', async (ctx) => {
    const t = ctx.t;
    const orders = await myOrders(ctx);
    if (!orders) return;
    if (orders.length === 0) {
      return void (await ctx.reply(t.bot.ordersEmpty, { parse_mode: 'HTML', reply_markup: rechargeKeyboard(t.bot.btnFirstRecharge) }));
    }
    await ctx.reply(ordersList(t, ctx.locale, orders, ctx.me.username), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: againKeyboard(ctx, orders),
    });
  });
  return composer;
}

/**
 * One of the customer's orders (deep link /start order_<id> or order_<paymentId>): its story, as its payment message tells it
 * (what arrived, what is left to pay, where value went, its next actions), kept up to date while it is
 * open. Someone else's order is "not found".
 */
export async function showOrder(ctx: BotContext, orderRef: number | string): Promise<void> {
  let story;
  try {
    story = await ctx.userApi().orderStory(orderRef);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return void (await ctx.reply(ctx.t.bot.orderNotFound));
    ctx.services.log.warn({ err }, 'order story failed');
    return void (await ctx.reply(ctx.t.bot.ordersFailed));
  }
  const view = orderMessage(ctx.t, ctx.locale, story, ctx.services.orderLinks);
  const sent = await ctx.reply(view.caption, { parse_mode: 'HTML', reply_markup: view.keyboard, link_preview_options: { is_disabled: true } });
  if (stillOpen(story)) ctx.services.orderMessages.track(story.order.orderId, ctx.chat!.id, sent.message_id, TEXT);
}

/** The customer's orders; null (and the customer told) when the API cannot give them. */
async function myOrders(ctx: BotContext): Promise<TOrderView[] | null> {
  try {
    return await ctx.userApi().orders();
  } catch (err) {
    ctx.services.log.warn({ err }, 'orders failed');
    await ctx.reply(ctx.t.bot.ordersFailed);
    return null;
  }
}
