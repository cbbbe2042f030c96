import type { Context } from 'grammy';
import { formatUsd, usdToCents, type TCoinSymbol, type TServiceType } from '@topup/shared';
import { countryLabel, internationalNumber, matchCountry, normalize, popularCountries, toChoice, type CountryChoice } from '../countries';
import { amountKeyboard, coinKeyboard, countryKeyboard, editKeyboard, operatorKeyboard, pendingPaymentKeyboard, reviewKeyboard } from '../keyboards';
import type { Locale, Messages } from '../locales';
import { h } from '../locales/html';
import { pendingPaymentCaption, sendPaymentMessage } from '../views/payment';
import { ConversationIo, type Conv } from './io';

/**
 * The recharge, as one conversation (conversations v2): country, operator, amount, phone, coin,
 * review, then the payment message. Its state lives in the API (see bot.ts) under a version: bump
 * RECHARGE_STATE_VERSION whenever a change here would make a stored replay log invalid, so that
 * conversations in flight restart cleanly instead of replaying the wrong steps.
 */
export const RECHARGE_CONVERSATION = 'recharge';
export const RECHARGE_STATE_VERSION = 2;

interface OperatorChoice {
  operatorId: number;
  name: string;
  denominationType: 'FIXED' | 'RANGE';
  serviceType: TServiceType;
  minCents: number;
  maxCents: number;
}

interface AmountChoice {
  cents: number;
  label: string;
}

interface Draft {
  country?: CountryChoice;
  operator?: OperatorChoice;
  amount?: AmountChoice;
  /** E.164, as the API validated it. */
  phone?: string;
  coin?: CoinChoice;
}

/** A coin the API offers now (GET /api/coins): its symbol and its name in the list. */
interface CoinChoice {
  symbol: TCoinSymbol;
  name: string;
}

type StepOutcome = 'done' | 'abort';

const cents = (usd: number) => Math.round(usd * 100);

function localAmountLabel(locale: Locale, amount: number, code: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${code}`;
}

export async function recharge(conversation: Conv, ctx: Context): Promise<void> {
  const io = new ConversationIo(conversation, ctx.chat!.id);
  const draft: Draft = {};
  for (;;) {
    let outcome: StepOutcome = 'done';
    if (!draft.country) outcome = await askCountry(io, draft);
    else if (!draft.operator) outcome = await askOperator(io, draft);
    else if (!draft.amount) outcome = await askAmount(io, draft);
    else if (!draft.phone) outcome = await askPhone(io, draft);
    else if (!draft.coin) outcome = await askCoin(io, draft);
    else {
      const { action, reviewId } = await review(io, draft);
      if (action === 'cancel') {
        const { t } = await io.texts();
        await io.send(t.cancelled);
        return;
      }
      if (action === 'edit') {
        await edit(io, draft);
        continue;
      }
      if (await pay(io, draft, reviewId)) return;
    }
    if (outcome === 'abort') return;
  }
}

async function askCountry(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const popular = await io.call(async (o) => popularCountries(await o.services.api.countries()).map((c) => ({ code: c.code, label: countryLabel(locale, c) })));
  if (!popular.ok) {
    await io.send(popular.error.status === 0 ? t.serviceUnavailable : t.errorLoadingCountries);
    return 'abort';
  }
  const prompts = [await io.send(t.stepCountry, countryKeyboard(popular.value))];
  const answer = await io.answerTo('country', prompts, t);
  if (answer.kind === 'button') {
    const found = await io.call(async (o) => {
      const c = (await o.services.api.countries()).find((x) => x.code === answer.value);
      return c ? toChoice(c) : null;
    });
    if (found.ok && found.value) {
      draft.country = found.value;
      return 'done';
    }
    return io.reject();
  }
  const number = internationalNumber(answer.text);
  if (number) {
    type Detected = { error: string } | { country: CountryChoice; phone: string; operator: OperatorChoice | null };
    const detected = await io.call(async (o): Promise<Detected> => {
      const r = await o.services.api.detectPhone(number);
      if (!r.valid || !r.country || !r.phoneNumber) return { error: r.error ?? t.countryNotFound };
      const operators = r.detectedOperatorId === null ? [] : await o.services.api.operators(r.country.code);
      const op = operators.find((x) => x.operatorId === r.detectedOperatorId);
      const operator: OperatorChoice | null = op
        ? { operatorId: op.operatorId, name: op.name, denominationType: op.denominationType, serviceType: op.serviceType, minCents: cents(op.minAmount), maxCents: cents(op.maxAmount) }
        : null;
      return { country: toChoice(r.country), phone: r.phoneNumber, operator };
    });
    if (!detected.ok) {
      await io.send(t.numberNotRecognised({ error: detected.error.message }));
      return io.reject();
    }
    if ('error' in detected.value) {
      await io.send(t.numberNotRecognised({ error: localPhoneError(t, detected.value.error) }));
      return io.reject();
    }
    const { country, phone, operator } = detected.value;
    draft.country = country;
    draft.phone = phone;
    if (operator) draft.operator = operator;
    await io.send(t.detected({ country: countryLabel(locale, country), operator: operator?.name ?? null }));
    return 'done';
  }
  const match = await io.call(async (o) => matchCountry(answer.text, await o.services.api.countries(), locale));
  if (!match.ok) {
    await io.send(t.errorLoadingCountries);
    return io.reject();
  }
  const m = match.value;
  if (m.kind === 'one') {
    draft.country = m.country;
    return 'done';
  }
  // Candidates or the popular countries again: their buttons count (they are newer than the step's
  // first prompt), and the typed name is forgotten.
  if (m.kind === 'many') await io.send(t.countryCandidates, countryKeyboard(m.countries.map((c) => ({ code: c.code, label: countryLabel(locale, c) }))));
  else await io.send(t.countryNotFound, countryKeyboard(popular.value));
  return io.reject();
}

async function askOperator(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const country = draft.country!;
  const list = await io.call(async (o) =>
    (await o.services.api.operators(country.code)).map(
      (op): OperatorChoice => ({
        operatorId: op.operatorId,
        name: op.name,
        denominationType: op.denominationType,
        serviceType: op.serviceType,
        minCents: cents(op.minAmount),
        maxCents: cents(op.maxAmount),
      }),
    ),
  );
  if (!list.ok) {
    await io.send(list.error.status === 0 ? t.serviceUnavailable : t.errorLoadingOperators);
    return 'abort';
  }
  if (list.value.length === 0) {
    await io.send(t.noOperators);
    draft.country = undefined;
    draft.phone = undefined;
    return 'done';
  }
  const prompts = [await io.send(t.stepOperator({ country: countryLabel(locale, country) }), operatorKeyboard(list.value))];
  const answer = await io.answerTo('operator', prompts, t);
  const chosen =
    answer.kind === 'button'
      ? list.value.find((op) => String(op.operatorId) === answer.value)
      : list.value.find((op) => normalize(op.name) === normalize(answer.text)) ?? singleMatch(list.value, answer.text);
  if (chosen) {
    draft.operator = chosen;
    return 'done';
  }
  await io.send(t.useButtons, operatorKeyboard(list.value));
  return io.reject();
}

function singleMatch(ops: OperatorChoice[], text: string): OperatorChoice | undefined {
  const q = normalize(text);
  if (q.length < 2) return undefined;
  const hits = ops.filter((op) => normalize(op.name).split(' ').some((w) => w.startsWith(q)) || normalize(op.name).startsWith(q));
  return hits.length === 1 ? hits[0] : undefined;
}

async function askAmount(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const op = draft.operator!;
  const loaded = await io.call(async (o) => {
    const [options, pricing] = await Promise.all([o.services.api.amounts(op.operatorId, op.serviceType), o.services.api.pricing()]);
    return { options, minCents: pricing.minAmount, maxCents: pricing.maxAmount };
  });
  if (!loaded.ok) {
    await io.send(loaded.error.status === 0 ? t.serviceUnavailable : t.errorLoadingAmounts);
    return 'abort';
  }
  const min = Math.max(op.minCents, loaded.value.minCents);
  const max = Math.min(op.maxCents, loaded.value.maxCents);
  // The API offers only the options the service's limits allow.
  const choices: AmountChoice[] = loaded.value.options.map((a) => {
    const c = cents(a.amount);
    const local = a.localAmount !== null && a.currencyCode ? ` · ${localAmountLabel(locale, a.localAmount, a.currencyCode)}` : '';
    const description = a.description ? ` · ${a.description}` : '';
    return { cents: c, label: `${formatUsd(c)}${local}${description}` };
  });
  const range = op.denominationType === 'RANGE' && min <= max;
  if (choices.length === 0 && !range) {
    await io.send(t.noAmounts);
    draft.operator = undefined;
    return 'done';
  }
  const text = [t.stepAmount({ operator: op.name }), range ? t.customAmountHint({ min: formatUsd(min), max: formatUsd(max) }) : ''].filter(Boolean).join('\n');
  const prompts = [await io.send(text, amountKeyboard(choices))];
  const answer = await io.answerTo('amount', prompts, t);
  if (answer.kind === 'button') {
    const chosen = choices.find((a) => String(a.cents) === answer.value);
    if (chosen) {
      draft.amount = chosen;
      return 'done';
    }
    return io.reject();
  }
  const typed = usdToCents(answer.text.replace(/[$\s]|usd/gi, '').replace(/,(\d{1,2})$/, '.$1').replace(/,/g, ''));
  if (typed === null || typed === 0) {
    await io.send(t.amountNotANumber);
    return io.reject();
  }
  const listed = choices.find((a) => a.cents === typed);
  if (listed) {
    draft.amount = listed;
    return 'done';
  }
  if (!range) {
    await io.send(t.amountNotOffered({ operator: op.name, amounts: choices.map((a) => formatUsd(a.cents)).join(', ') }));
    return io.reject();
  }
  if (typed < min || typed > max) {
    await io.send(t.amountOutOfRange({ min: formatUsd(min), max: formatUsd(max) }));
    return io.reject();
  }
  draft.amount = { cents: typed, label: formatUsd(typed) };
  return 'done';
}

/** The API's phone messages in the user's language when we know them, else as the API says them. */
function localPhoneError(t: Messages, error: string): string {
  return t.phoneErrors[error] ?? error;
}

async function askPhone(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const country = draft.country!;
  const prompts = [await io.send(t.stepPhone({ country: countryLabel(locale, country), dialCode: country.dialCode }))];
  const answer = await io.answerTo('phone', prompts, t);
  if (answer.kind === 'button') return io.reject();
  const checked = await io.call((o) => o.services.api.validatePhone(answer.text, country.code));
  if (!checked.ok) {
    await io.send(t.phoneInvalid({ error: checked.error.status === 0 ? t.serviceUnavailable : checked.error.message }));
    return io.reject();
  }
  if (!checked.value.valid || !checked.value.phoneNumber) {
    await io.send(t.phoneInvalid({ error: localPhoneError(t, checked.value.error ?? 'Invalid phone number format') }));
    return io.reject();
  }
  draft.phone = checked.value.phoneNumber;
  return 'done';
}

async function askCoin(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { t } = await io.texts();
  // The coins the server takes now: a network switched off there is not offered here.
  const offered = await io.call(async (o) => (await o.services.api.coins()).coins.map((c) => ({ symbol: c.symbol, name: c.name })));
  if (!offered.ok) {
    await io.send(t.serviceUnavailable);
    return 'abort';
  }
  const prompts = [await io.send(t.stepCoin, coinKeyboard(offered.value))];
  const answer = await io.answerTo('coin', prompts, t);
  const value = answer.kind === 'button' ? answer.value : answer.text.trim().toUpperCase().replace(/\s+/g, '-');
  const coin = offered.value.find((c) => c.symbol === value);
  if (coin) {
    draft.coin = coin;
    return 'done';
  }
  await io.send(t.useButtons, coinKeyboard(offered.value));
  return io.reject();
}

async function review(io: ConversationIo, draft: Draft): Promise<{ action: 'confirm' | 'edit' | 'cancel'; reviewId: number }> {
  const { locale, t } = await io.texts();
  const { country, operator, amount, phone, coin } = draft as Required<Draft>;
  // The server's quote: fee and total as it will charge them; without the coin's price, the dollars alone.
  const quote = await io.call(async (o) => {
    const api = o.services.api;
    const { serviceFee, totalAmount, crypto } = await api.quote(amount.cents, coin.symbol).catch(() => api.quote(amount.cents));
    return { feeCents: serviceFee, totalCents: totalAmount, cryptoAmount: crypto?.cryptoAmount ?? null };
  });
  const charges = quote.ok ? quote.value : null;
  const cryptoText = charges?.cryptoAmount ? `<code>${h(charges.cryptoAmount)}</code> ${h(coin.symbol)}` : t.priceUnavailable;
  const line = (label: string, value: string) => `${h(label)}: <b>${value}</b>`;
  const text = [
    t.reviewTitle,
    line(t.lblCountry, h(`${countryLabel(locale, country)}`)),
    line(t.lblOperator, h(operator.name)),
    line(t.lblPhone, `<code>${h(phone)}</code>`),
    line(t.lblAmount, h(amount.label)),
    line(t.lblFee, charges ? h(formatUsd(charges.feeCents)) : '…'),
    line(t.lblTotal, charges ? h(formatUsd(charges.totalCents)) : '…'),
    line(t.lblPayWith, h(coin.name)),
    line(t.lblTotalCrypto, cryptoText),
    '',
    t.reviewNotice,
  ].join('\n');
  const reviewId = await io.send(text, reviewKeyboard(t));
  const answer = await io.answerTo('review', [reviewId], t);
  if (answer.kind === 'button' && (answer.value === 'confirm' || answer.value === 'edit' || answer.value === 'cancel')) {
    return { action: answer.value, reviewId };
  }
  if (answer.kind === 'text') await io.send(t.useButtons);
  return io.reject();
}

async function edit(io: ConversationIo, draft: Draft): Promise<void> {
  const { t } = await io.texts();
  const promptId = await io.send(t.editPrompt, editKeyboard(t));
  const answer = await io.answerTo('edit', [promptId], t);
  if (answer.kind === 'text') {
    await io.send(t.useButtons);
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
      draft.coin = undefined;
      return;
    case 'back':
      return;
  }
  return io.reject();
}

/**
 * Creates the order and shows the payment. The idempotency key is the review message: two presses on
 * its Confirm button (or a retried update) make one order. Returns false when the order could not be
 * made, after saying why; the review is shown again with what needs changing cleared.
 */
async function pay(io: ConversationIo, draft: Draft, reviewId: number): Promise<boolean> {
  const { t } = await io.texts();
  const { country, operator, amount, phone, coin } = draft as Required<Draft>;
  const created = await io.call((o) =>
    o.userApi().createPayment(
      { amountCents: amount.cents, phoneNumber: phone, operatorId: operator.operatorId, countryId: country.id, cryptoCurrency: coin.symbol },
      `tg-${io.chatId}-${reviewId}`,
    ),
  );
  if (!created.ok) {
    const { code, message } = created.error;
    await io.send(t.paymentFailed({ error: code === 'INVALID_PHONE' ? localPhoneError(t, message) : created.error.status === 0 ? t.serviceUnavailable : message }));
    if (code === 'INVALID_PHONE') draft.phone = undefined;
    else if (code === 'AMOUNT_OUT_OF_RANGE') draft.amount = undefined;
    else if (/payments are not available/i.test(message)) draft.coin = undefined;
    return false;
  }
  const payment = created.value;
  const details = { phoneNumber: phone, operatorName: operator.name };
  const photo = await io.call((o) => sendPaymentMessage(o.api, io.chatId, t, payment, details));
  // Without the photo, the same text still lets the customer pay (address and amount are what matter).
  const messageId = photo.ok ? photo.value : await io.send(pendingPaymentCaption(t, payment, details), pendingPaymentKeyboard(t, payment.paymentId));
  // Later status changes edit this message; without the registration they arrive as new messages.
  await io.call((o) => o.services.api.registerOrderMessage(payment.orderId, io.chatId, messageId));
  return true;
}
