import { Composer } from 'grammy';
import type { TOrderView } from '@topup/shared';
import type { BotContext } from '../context';
import { rechargeKeyboard } from '../keyboards';
import { orderDetails, ordersList } from '../views/orders';

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
    await ctx.reply(ordersList(t, ctx.locale, orders, ctx.me.username), { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  });
  return composer;
}

/** One of the customer's orders (deep link /start order_<id>); someone else's order is "not found". */
export async function showOrder(ctx: BotContext, orderId: number): Promise<void> {
  const orders = await myOrders(ctx);
  if (!orders) return;
  const order = orders.find((o) => o.id === orderId);
  if (!order) {
    await ctx.reply(ctx.t.bot.orderNotFound);
    return;
  }
  await ctx.reply(orderDetails(ctx.t, ctx.locale, order), { parse_mode: 'HTML' });
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
