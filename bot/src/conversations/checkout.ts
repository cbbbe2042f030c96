import { InlineKeyboard } from 'grammy';
import {
  dollarsToCents,
  apiErrorText,
  formatUsdIn,
  networkSummary,
  ZOperatorMismatchDetails,
  escapeHtml as h,
  type Catalog,
  type Locale,
  type TPaymentCreated,
} from '@topup/shared';
import { countryLabel } from '../countries';
import { editKeyboard, NO_ORDER_LINKS, pendingPaymentKeyboard, reviewKeyboard } from '../keyboards';
import { STEP } from '../keyboards/callbacks';
import { TEXT } from '../order-messages';
import { pendingPaymentCaption, sendPaymentMessage, type OrderDetails } from '../views/payment';
import { findOperator, type CoinChoice, type Draft } from './draft';
import type { ConversationIo, Failure, Texts } from './io';

/**
 * The recharge's end: the review (with the server's quote, and the balance when it covers the total),
 * its edit menu, and the order: paid on chain (the payment message, kept up to date by
 * order-messages.ts) or from the balance; an operator the number does not belong to is offered the
 * switch to the one it does. The review's charge lines, a refused order and the payment message are
 * the balance top-up's too (balance-topup.ts).
 */

export async function review(io: ConversationIo, draft: Draft): Promise<{ action: 'confirm' | 'balance' | 'edit' | 'cancel'; reviewId: number }> {
  const texts = await io.texts();
  const { locale, t } = texts;
  const { country, operator, amount, phone, coin } = draft as Required<Draft>;
  // The server's quote: fee and total as it will charge them; without the coin's price, the dollars alone.
  const quote = await io.call(async (o) => {
    const api = o.services.api;
    const [{ serviceFee, totalAmount, crypto }, balance] = await Promise.all([
      api.quote(amount.cents, coin.symbol).catch(() => api.quote(amount.cents)),
      // The balance can pay the recharge when it covers the total.
      o
        .userApi()
        .balance()
        .then((b) => b.balance)
        .catch(() => 0),
    ]);
    return { feeCents: serviceFee, totalCents: totalAmount, cryptoAmount: crypto?.cryptoAmount ?? null, balanceCents: balance };
  });
  const charges = quote.ok ? quote.value : null;
  const line = (label: string, value: string) => reviewLine(t, label, value);
  const text = [
    t.bot.reviewTitle,
    line(t.common.labels.country, h(`${countryLabel(locale, country)}`)),
    line(t.common.labels.operator, h(operator.name)),
    line(t.common.labels.phone, `<code>${h(phone)}</code>`),
    line(t.common.labels.amount, h(amount.label)),
    ...chargeLines(texts, coin, charges),
    '',
    t.bot.reviewNotice,
  ].join('\n');
  const balance = charges && charges.balanceCents >= charges.totalCents && charges.totalCents > 0 ? formatUsdIn(locale, charges.balanceCents) : null;
  const reviewId = await io.send(text, reviewKeyboard(t, balance));
  const answer = await io.answerTo('review', [reviewId], t);
  if (
    answer.kind === 'button' &&
    (answer.value === 'confirm' || answer.value === 'edit' || answer.value === 'cancel' || (answer.value === 'balance' && balance))
  ) {
    return { action: answer.value, reviewId };
  }
  if (answer.kind === 'text') await io.send(t.bot.useButtons);
  return io.reject();
}

/** "Label: <b>value</b>", a review's line (`value` already HTML). */
export function reviewLine(t: Catalog, label: string, value: string): string {
  return `${h(label)}${t.common.colon} <b>${value}</b>`;
}

/** What a review shows of the server's quote (null: it could not be had) and of the coin: fee, total, coin, network, total in the coin. */
export function chargeLines(
  { locale, t }: Texts,
  coin: CoinChoice,
  charges: { feeCents: number; totalCents: number; cryptoAmount: string | null } | null,
): string[] {
  const cryptoText = charges?.cryptoAmount ? `<code>${h(charges.cryptoAmount)}</code> ${h(coin.symbol)}` : t.bot.priceUnavailable;
  return [
    reviewLine(t, t.common.labels.fee, charges ? h(formatUsdIn(locale, charges.feeCents)) : '…'),
    reviewLine(t, t.common.labels.total, charges ? h(formatUsdIn(locale, charges.totalCents)) : '…'),
    reviewLine(t, t.common.labels.payWith, h(coin.name)),
    reviewLine(t, t.common.labels.network, h(networkSummary(coin, t.bot.choiceWords))),
    reviewLine(t, t.common.labels.totalCrypto, cryptoText),
  ];
}

export async function edit(io: ConversationIo, draft: Draft): Promise<void> {
  const { t } = await io.texts();
  const promptId = await io.send(t.bot.editPrompt, editKeyboard(t));
  const answer = await io.answerTo('edit', [promptId], t);
  if (answer.kind === 'text') {
    await io.send(t.bot.useButtons);
    return io.reject();
  }
  switch (answer.value) {
    case 'country':
      // Another country: another operator, amount and number format. The coin stays.
      draft.country = draft.operator = draft.amount = draft.phone = undefined;
      return;
    case 'operator':
      draft.operator = draft.amount = undefined;
      return;
    case 'amount':
      draft.amount = undefined;
      return;
    case 'phone':
      draft.phone = undefined;
      return;
    case 'coin':
      draft.asset = draft.coin = undefined;
      return;
    case 'back':
      return;
  }
  return io.reject();
}

/** The order the review confirms, as both ways of paying send it. */
function orderRequest(draft: Draft, locale: Locale) {
  const { country, operator, amount, phone, coin } = draft as Required<Draft>;
  return {
    amountCents: amount.cents,
    phoneNumber: phone,
    operatorId: operator.operatorId,
    countryId: country.id,
    cryptoCurrency: coin.symbol,
    locale,
    operatorConfirmed: draft.operatorConfirmed,
  };
}

/**
 * Creates the order and shows the payment. The idempotency key is the review message: two presses on
 * its Confirm button (or a retried update) make one order. Returns false when the order could not be
 * made, after saying why; the review is shown again with what needs changing cleared.
 */
export async function pay(io: ConversationIo, draft: Draft, reviewId: number): Promise<boolean> {
  const texts = await io.texts();
  const { operator, phone } = draft as Required<Draft>;
  const created = await io.call((o) => o.userApi().createPayment(orderRequest(draft, texts.locale), `tg-${io.chatId}-${reviewId}`));
  if (!created.ok) {
    if (created.error.code === 'OPERATOR_MISMATCH') return offerDetectedOperator(io, draft, created.error.details);
    return refused(io, texts, draft, created.error);
  }
  await showPayment(io, texts, created.value, { phoneNumber: phone, operatorName: operator.name });
  return true;
}

/** Says why the API refused the order; what it refused is cleared, to be asked again (the rest is reviewed again). */
export async function refused(io: ConversationIo, { locale, t }: Texts, draft: Draft, error: Failure): Promise<false> {
  await io.send(t.bot.paymentFailed({ error: error.status === 0 ? t.bot.serviceUnavailable : apiErrorText(t.common, error, locale === 'en') }));
  if (error.code === 'INVALID_PHONE') draft.phone = undefined;
  else if (error.code === 'AMOUNT_OUT_OF_RANGE') draft.amount = undefined;
  else if (/payments are not available/i.test(error.message)) draft.asset = draft.coin = undefined;
  return false;
}

/**
 * The payment message of an order just made (a recharge, or a balance top-up: `details` without a
 * number), its QR code in a photo.
 */
export async function showPayment(io: ConversationIo, { locale, t }: Texts, payment: TPaymentCreated, details: OrderDetails): Promise<void> {
  const photo = await io.call((o) => sendPaymentMessage(o.api, io.chatId, t, payment, details, o.services.orderLinks, locale));
  // Without the photo, the same text still lets the customer pay (address and amount are what matter).
  const links = await io.call(async (o) => o.services.orderLinks);
  const keyboard = pendingPaymentKeyboard(t, payment, links.ok ? links.value : NO_ORDER_LINKS);
  const messageId = photo.ok ? photo.value : await io.send(pendingPaymentCaption(t, payment, details, locale), keyboard);
  // Later status changes edit this message; without the registration they arrive as new messages. Payment
  // events that are no status change (part paid, confirmations) are watched here (order-messages.ts).
  await io.call(async (o) => o.services.orderMessages.track(payment.orderId, io.chatId, messageId, photo.ok ? payment.paymentUri : TEXT));
  await io.call((o) => o.services.api.registerOrderMessage(payment.orderId, io.chatId, messageId));
}

/**
 * The recharge paid from the balance, in the chat: no chain payment, the order goes to delivery at once
 * and its message follows it (the notifications edit it). The review's message is the idempotency key.
 */
export async function payFromBalance(io: ConversationIo, draft: Draft, reviewId: number): Promise<boolean> {
  const texts = await io.texts();
  const { locale, t } = texts;
  const { operator, phone, amount } = draft as Required<Draft>;
  const paid = await io.call((o) => o.userApi().payFromBalance(orderRequest(draft, locale), `tg-${io.chatId}-${reviewId}-balance`));
  if (!paid.ok) {
    if (paid.error.code === 'OPERATOR_MISMATCH') return offerDetectedOperator(io, draft, paid.error.details);
    return refused(io, texts, draft, paid.error);
  }
  // Dollars on the wire in this answer.
  const order = paid.value;
  const messageId = await io.send(
    [
      t.bot.orderTitle({ orderId: order.orderId }),
      t.bot.orderSummary({
        phone,
        operator: operator.name,
        amount: formatUsdIn(locale, amount.cents),
        total: formatUsdIn(locale, dollarsToCents(order.totalAmount)),
      }),
      '',
      t.bot.paidFromBalance({ balance: formatUsdIn(locale, dollarsToCents(order.balance)) }),
    ].join('\n'),
  );
  await io.call(async (o) => o.services.orderMessages.track(order.orderId, io.chatId, messageId, TEXT));
  await io.call((o) => o.services.api.registerOrderMessage(order.orderId, io.chatId, messageId));
  return true;
}

/**
 * The number belongs to another operator the catalog knows (OPERATOR_MISMATCH): switch to it (its
 * amounts are asked again), or keep the one chosen (the number moved: the order is sent confirmed).
 */
async function offerDetectedOperator(io: ConversationIo, draft: Draft, details: unknown): Promise<false> {
  const { t } = await io.texts();
  const parsed = ZOperatorMismatchDetails.safeParse(details);
  if (!parsed.success) {
    await io.send(t.bot.paymentFailed({ error: t.common.errors.OPERATOR_MISMATCH }));
    draft.operator = draft.amount = undefined;
    return false;
  }
  const { detectedOperatorId, detectedOperatorName: detected, chosenOperatorName: chosen } = parsed.data;
  const keyboard = new InlineKeyboard()
    .text(t.bot.btnSwitchOperator({ name: detected }), STEP.data('mismatch', 'switch'))
    .row()
    .text(t.bot.btnKeepOperator({ name: chosen }), STEP.data('mismatch', 'keep'));
  const promptId = await io.send(t.bot.operatorMismatch({ detected, chosen }), keyboard);
  const answer = await io.answerTo('mismatch', [promptId], t);
  if (answer.kind !== 'button') {
    await io.send(t.bot.useButtons, keyboard);
    return io.reject();
  }
  if (answer.value === 'keep') {
    draft.operatorConfirmed = true;
    return false;
  }
  const country = draft.country!;
  const found = await io.call((o) => findOperator(o.services.api, country.code, detectedOperatorId));
  if (found.ok && found.value) {
    draft.operator = found.value;
    // Its amounts are its own: the amount is chosen again.
    draft.amount = undefined;
  } else {
    draft.operator = draft.amount = undefined;
  }
  draft.operatorConfirmed = undefined;
  return false;
}
