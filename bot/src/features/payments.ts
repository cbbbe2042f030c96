import { Composer } from 'grammy';
import { dollarsToCents, apiErrorText, CANCEL_REFUSED_FUNDS_MESSAGE, CANCEL_REFUSED_PAID_MESSAGE, COIN_SYMBOLS, displayKey, type Catalog } from '@topup/shared';
import { ApiError } from '../api/client';
import type { BotContext } from '../context';
import { CB } from '../keyboards/callbacks';
import { sendPaymentMessage } from '../views/payment';
import { supportText } from './support';

/** Why Cancel was refused, when the API said it in one of its own words (they say "cannot be cancelled" themselves). */
function cancelRefusal(t: Catalog, err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.message === CANCEL_REFUSED_FUNDS_MESSAGE) return t.bot.cancelRefusedFunds;
  if (err.message === CANCEL_REFUSED_PAID_MESSAGE) return t.bot.cancelRefusedPaid;
  return null;
}

/** An API refusal in the user's language (never an English sentence inside a translated one). */
export function refusalText(ctx: BotContext, err: unknown): string {
  const t = ctx.t;
  if (!(err instanceof ApiError) || err.status === 0) return t.bot.serviceUnavailable;
  return cancelRefusal(t, err) ?? apiErrorText(t.common, err, ctx.locale === 'en');
}

const alert = (text: string) => ({ text: text.replace(/<[^>]+>/g, '').slice(0, 200), show_alert: true });

/**
 * The buttons of an order's message: check the payment now, cancel an unpaid payment, create a new
 * payment for an expired order, contact support about the order. Each shows the order again from its
 * story (order-messages.ts), in the message pressed.
 */
export function paymentsFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /** The order's message drawn again from its story; the status it shows, for the button's answer. */
  async function redraw(ctx: BotContext, orderRef: number | string): Promise<string | null> {
    const story = await ctx.userApi().orderStory(orderRef);
    const message = ctx.callbackQuery?.message;
    if (message) await ctx.services.orderMessages.show(ctx.api, ctx.chat!.id, message.message_id, story, ctx.locale);
    return ctx.t.common.displayStates[displayKey(story.display)];
  }

  composer.callbackQuery(CB.checkPayment.pattern, async (ctx) => {
    try {
      const status = await redraw(ctx, CB.checkPayment.value(ctx.match));
      await ctx.answerCallbackQuery({ text: ctx.t.bot.checked({ status: status ?? '' }) });
    } catch (err) {
      ctx.services.log.warn({ err }, 'check payment failed');
      await ctx.answerCallbackQuery(alert(err instanceof ApiError && err.status === 404 ? ctx.t.bot.orderNotFound : refusalText(ctx, err)));
    }
  });

  composer.callbackQuery(CB.cancelPayment.pattern, async (ctx) => {
    const t = ctx.t;
    const paymentId = CB.cancelPayment.value(ctx.match);
    let cancelled;
    try {
      cancelled = await ctx.userApi().cancelPayment(paymentId);
    } catch (err) {
      // Funds arrived (or it is paid): the message shows why, and what to do, from the story.
      await redraw(ctx, paymentId).catch(() => undefined);
      return void (await ctx.answerCallbackQuery(alert(cancelRefusal(t, err) ?? t.bot.cancelRefused({ error: refusalText(ctx, err) }))));
    }
    if (cancelled.status !== 'cancelled') return void (await ctx.answerCallbackQuery(alert(t.bot.newPaymentNotPossible)));
    await ctx.answerCallbackQuery({ text: t.bot.paymentCancelled });
    // The QR code goes: no one pays a cancelled order by scanning it later.
    await redraw(ctx, cancelled.orderId).catch((err: unknown) => ctx.services.log.warn({ err }, 'could not show the cancelled order'));
  });

  composer.callbackQuery(CB.newPayment.pattern, async (ctx) => {
    const t = ctx.t;
    const orderId = CB.newPayment.value(ctx.match);
    const chatId = ctx.chat!.id;
    try {
      const order = (await ctx.userApi().orders()).find((o) => o.id === orderId);
      const coin = COIN_SYMBOLS.find((s) => s === order?.cryptocurrency);
      if (!order || order.status !== 'payment_expired' || !order.phoneNumber || !order.operatorId || !order.countryId || !coin) {
        return void (await ctx.answerCallbackQuery(alert(t.bot.newPaymentNotPossible)));
      }
      // One new order per expired message, however often the button is pressed.
      const key = `tg-renew-${orderId}-${ctx.callbackQuery.message?.message_id ?? 0}`;
      const payment = await ctx.userApi().createPayment(
        {
          amountCents: dollarsToCents(order.amount),
          phoneNumber: order.phoneNumber,
          operatorId: order.operatorId,
          countryId: order.countryId,
          cryptoCurrency: coin,
          locale: ctx.locale,
        },
        key,
      );
      // A second press gives the same order, whose payment message is already in the chat.
      if (ctx.services.orderMessages.messageOf(payment.orderId)) return void (await ctx.answerCallbackQuery({ text: t.bot.paymentAlreadyCreated }));
      await ctx.answerCallbackQuery();
      const messageId = await sendPaymentMessage(
        ctx.api,
        chatId,
        t,
        payment,
        { phoneNumber: order.phoneNumber, operatorName: order.operatorName },
        ctx.services.orderLinks,
        ctx.locale,
      );
      ctx.services.orderMessages.track(payment.orderId, chatId, messageId, payment.paymentUri);
      await ctx.services.api.registerOrderMessage(payment.orderId, chatId, messageId);
    } catch (err) {
      ctx.services.log.warn({ err }, 'new payment failed');
      await ctx.answerCallbackQuery(alert(t.bot.paymentFailed({ error: refusalText(ctx, err) }))).catch(() => undefined);
    }
  });

  composer.callbackQuery(CB.support.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    const orderId = CB.support.value(ctx.match);
    const reference = await ctx
      .userApi()
      .orderStory(orderId)
      .then((s) => s.support.reference)
      .catch(() => `#${orderId}`);
    await ctx.reply(supportWithReference(ctx.t, ctx, reference), { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  });

  return composer;
}

function supportWithReference(t: Catalog, ctx: BotContext, reference: string): string {
  return `${supportText(t, ctx.services.support)}\n\n${t.bot.supportReference({ reference })}`;
}
