import type { Context } from 'grammy';
import { BALANCE_TOPUP_AMOUNTS_USD, dollarsToCents, formatUsdIn, escapeHtml as h } from '@topup/shared';
import { amountKeyboard, topupReviewKeyboard } from '../keyboards';
import { typedUsdCents } from './ask-amount';
import { askCoin, askNetwork } from './ask-payment';
import { chargeLines, refused, reviewLine, showPayment } from './checkout';
import type { Draft, StepOutcome } from './draft';
import { ConversationIo, type Conv } from './io';

/**
 * Adding to the user's own balance, from /balance (or an order's "My balance"): the amount in US
 * dollars, the coin then its network (the recharge's steps, ask-payment.ts), a review with the server's
 * quote, then the payment message, followed like a recharge's. The order is the spec's balance top-up
 * (phone 'balance_topup'), within the pricing limits every order keeps to. Its state is stored with
 * the recharge's (bot.ts): bump BALANCE_TOPUP_STATE_VERSION whenever a change to this file or to the
 * steps it shares would make a stored replay log invalid.
 */
export const BALANCE_TOPUP_CONVERSATION = 'balance-topup';
export const BALANCE_TOPUP_STATE_VERSION = 1;

export async function balanceTopup(conversation: Conv, ctx: Context): Promise<void> {
  const io = new ConversationIo(conversation, ctx.chat!.id);
  const draft: Draft = { balanceTopup: true };
  for (;;) {
    let outcome: StepOutcome = 'done';
    if (!draft.amount) outcome = await askTopupAmount(io, draft);
    else if (!draft.asset) outcome = await askCoin(io, draft);
    else if (!draft.coin) outcome = await askNetwork(io, draft);
    else {
      const { action, reviewId } = await review(io, draft);
      if (action === 'cancel') {
        const { t } = await io.texts();
        await io.send(t.bot.topupCancelled);
        return;
      }
      if (await pay(io, draft, reviewId)) return;
    }
    if (outcome === 'abort') return;
  }
}

/** A few amounts at a tap, or one typed, within the pricing limits the API applies to every order. */
async function askTopupAmount(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const limits = await io.call(async (o) => {
    const pricing = await o.services.api.pricing();
    return { min: pricing.minAmount, max: pricing.maxAmount };
  });
  if (!limits.ok) {
    await io.send(t.bot.serviceUnavailable);
    return 'abort';
  }
  const { min, max } = limits.value;
  const choices = BALANCE_TOPUP_AMOUNTS_USD.map(dollarsToCents)
    .filter((cents) => cents >= min && cents <= max)
    .map((cents) => ({ cents, label: formatUsdIn(locale, cents) }));
  const range = { min: formatUsdIn(locale, min), max: formatUsdIn(locale, max) };
  const prompts = [await io.send(t.bot.topupStepAmount(range), amountKeyboard(choices))];
  const answer = await io.answerTo('amount', prompts, t);
  const cents = answer.kind === 'button' ? Number(answer.value) : typedUsdCents(answer.text);
  if (answer.kind === 'button' && !choices.some((c) => c.cents === cents)) return io.reject();
  if (cents === null || cents === 0) {
    await io.send(t.bot.amountNotANumber);
    return io.reject();
  }
  if (cents < min || cents > max) {
    await io.send(t.bot.amountOutOfRange(range));
    return io.reject();
  }
  draft.amount = { cents, label: formatUsdIn(locale, cents) };
  return 'done';
}

async function review(io: ConversationIo, draft: Draft): Promise<{ action: 'confirm' | 'cancel'; reviewId: number }> {
  const texts = await io.texts();
  const { t } = texts;
  const { amount, coin } = draft as Required<Draft>;
  // The server's quote, as for a recharge; without the coin's price, the dollars alone.
  const quote = await io.call(async (o) => {
    const api = o.services.api;
    const { serviceFee, totalAmount, crypto } = await api
      .quote(amount.cents, coin.symbol, 'balance_topup')
      .catch(() => api.quote(amount.cents, undefined, 'balance_topup'));
    return { feeCents: serviceFee, totalCents: totalAmount, cryptoAmount: crypto?.cryptoAmount ?? null };
  });
  const text = [
    t.bot.topupReviewTitle,
    reviewLine(t, t.bot.topupAmount, h(amount.label)),
    ...chargeLines(texts, coin, quote.ok ? quote.value : null),
    '',
    t.bot.topupReviewNotice,
  ].join('\n');
  const reviewId = await io.send(text, topupReviewKeyboard(t));
  const answer = await io.answerTo('review', [reviewId], t);
  if (answer.kind === 'button' && (answer.value === 'confirm' || answer.value === 'cancel')) return { action: answer.value, reviewId };
  if (answer.kind === 'text') await io.send(t.bot.useButtons);
  return io.reject();
}

/** The order, then its payment message; the review message is the idempotency key, as for a recharge. */
async function pay(io: ConversationIo, draft: Draft, reviewId: number): Promise<boolean> {
  const texts = await io.texts();
  const { amount, coin } = draft as Required<Draft>;
  const created = await io.call((o) =>
    o.userApi().topUpBalance({ amountCents: amount.cents, cryptoCurrency: coin.symbol, locale: texts.locale }, `tg-${io.chatId}-${reviewId}`),
  );
  if (!created.ok) return refused(io, texts, draft, created.error);
  await showPayment(io, texts, created.value, { phoneNumber: null, operatorName: null });
  return true;
}
