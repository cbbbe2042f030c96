import { Composer } from 'grammy';
import { COIN_SYMBOLS } from '@topup/shared';
import { ApiError } from '../api/client';
import type { BotContext } from '../context';
import { rechargeKeyboard } from '../keyboards';
import { h } from '../locales/html';
import { sendPaymentMessage } from '../views/payment';

/** The buttons of a payment message: cancel an unpaid payment; create a new payment for an expired order. */
export function paymentsFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(/^pay:x:(pay_[A-Za-z0-9]{16,40})$/, async (ctx) => {
    const t = ctx.t;
    let cancelled;
    try {
      cancelled = await ctx.userApi().cancelPayment(ctx.match[1]!);
    } catch (err) {
      const message = err instanceof ApiError && err.status !== 0 ? err.message : t.serviceUnavailable;
      return void (await ctx.answerCallbackQuery({ text: t.cancelRefused({ error: message }).slice(0, 200), show_alert: true }));
    }
    if (cancelled.status !== 'cancelled') return void (await ctx.answerCallbackQuery({ text: t.newPaymentNotPossible, show_alert: true }));
    await ctx.answerCallbackQuery({ text: t.paymentCancelled });
    const text = `${t.payTitle({ orderId: cancelled.orderId })}\n\n${h(t.lblStatus)}: <b>${t.statusCancelled}</b>`;
    const options = { parse_mode: 'HTML' as const, reply_markup: rechargeKeyboard(t.btnNewRecharge) };
    const message = ctx.callbackQuery.message;
    const edit = message && 'photo' in message && message.photo ? ctx.editMessageCaption({ caption: text, ...options }) : ctx.editMessageText(text, options);
    await edit.catch((err: unknown) => ctx.services.log.warn({ err }, 'could not edit the cancelled payment message'));
  });

  composer.callbackQuery(/^pay:n:(\d{1,10})$/, async (ctx) => {
    const t = ctx.t;
    const orderId = Number(ctx.match[1]);
    const chatId = ctx.chat!.id;
    try {
      const order = (await ctx.userApi().orders()).find((o) => o.id === orderId);
      const coin = COIN_SYMBOLS.find((s) => s === order?.cryptocurrency);
      if (!order || order.status !== 'payment_expired' || !order.phoneNumber || !order.operatorId || !order.countryId || !coin) {
        return void (await ctx.answerCallbackQuery({ text: t.newPaymentNotPossible, show_alert: true }));
      }
      // One new order per expired message, however often the button is pressed.
      const key = `tg-renew-${orderId}-${ctx.callbackQuery.message?.message_id ?? 0}`;
      const payment = await ctx
        .userApi()
        .createPayment(
          { amountCents: Math.round(order.amount * 100), phoneNumber: order.phoneNumber, operatorId: order.operatorId, countryId: order.countryId, cryptoCurrency: coin },
          key,
        );
      await ctx.answerCallbackQuery();
      await ctx.editMessageReplyMarkup().catch(() => undefined);
      const messageId = await sendPaymentMessage(ctx.api, chatId, t, payment, { phoneNumber: order.phoneNumber, operatorName: order.operatorName });
      await ctx.services.api.registerOrderMessage(payment.orderId, chatId, messageId);
    } catch (err) {
      ctx.services.log.warn({ err }, 'new payment failed');
      const message = err instanceof ApiError && err.status !== 0 ? err.message : t.serviceUnavailable;
      await ctx.answerCallbackQuery({ text: t.paymentFailed({ error: message }).replace(/<[^>]+>/g, '').slice(0, 200), show_alert: true }).catch(() => undefined);
    }
  });

  return composer;
}
