import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { rechargeKeyboard } from '../keyboards';
import { orderDetails, ordersList } from '../views/orders';

/** /orders: the customer's recent orders (from the bot and from the mini-app: one history). */
export function ordersFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('orders', async (ctx) => {
    const t = ctx.t;
    let orders;
    try {
      orders = await ctx.userApi().orders();
    } catch (err) {
      ctx.services.log.warn({ err }, 'orders failed');
      return void (await ctx.reply(t.ordersFailed));
    }
    if (orders.length === 0) {
      return void (await ctx.reply(t.ordersEmpty, { parse_mode: 'HTML', reply_markup: rechargeKeyboard(t.btnFirstRecharge) }));
    }
    await ctx.reply(ordersList(t, ctx.locale, orders, ctx.me.username), { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  });
  return composer;
}

/** One of the customer's orders (deep link /start order_<id>); someone else's order is "not found". */
export async function showOrder(ctx: BotContext, orderId: number): Promise<void> {
  const t = ctx.t;
  let orders;
  try {
    orders = await ctx.userApi().orders();
  } catch (err) {
    ctx.services.log.warn({ err }, 'orders failed');
    await ctx.reply(t.ordersFailed);
    return;
  }
  const order = orders.find((o) => o.id === orderId);
  if (!order) {
    await ctx.reply(t.orderNotFound);
    return;
  }
  await ctx.reply(orderDetails(t, ctx.locale, order), { parse_mode: 'HTML' });
}
