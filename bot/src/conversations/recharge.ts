import { InlineKeyboard, type Context } from 'grammy';
import {
  apiErrorText,
  formatUsdIn,
  asksNetwork,
  countText,
  countryNameIn,
  feeText,
  formatLocalAmount,
  phoneErrorKey,
  usdToCents,
  escapeHtml as h,
  type Catalog,
} from '@topup/shared';
import { countryLabel, internationalNumber, matchCountry, normalize, popularCountries, toChoice, type CountryChoice } from '../countries';
import { amountKeyboard, coinKeyboard, countryKeyboard, networkKeyboard, operatorKeyboard, withBack } from '../keyboards';
import { edit, pay, payFromBalance, review } from './checkout';
import { assetChoices, cents, type AmountChoice, type Draft, type OperatorChoice, type StepOutcome } from './draft';
import { ConversationIo, type Answer, type Conv } from './io';

/**
 * The recharge, as one conversation (conversations v2): country, operator, amount, phone, coin then
 * its network (shared/src/payment-choice.ts), review, then the payment message. Its state lives in the API (see bot.ts) under a version: bump
 * RECHARGE_STATE_VERSION whenever a change here would make a stored replay log invalid, so that
 * conversations in flight restart cleanly instead of replaying the wrong steps.
 */
export const RECHARGE_CONVERSATION = 'recharge';
export const RECHARGE_STATE_VERSION = 4;

/**
 * Back: the step before this one is asked again. A number given first filled the country, the number
 * and the operator at once: going back from the amount asks the operator, and from there the country.
 */
function goBack(draft: Draft, step: 'operator' | 'amount' | 'phone' | 'coin' | 'network'): StepOutcome {
  if (step === 'operator') draft.country = draft.phone = undefined;
  else if (step === 'amount') draft.operator = undefined;
  else if (step === 'phone') draft.amount = undefined;
  else if (step === 'coin') draft.phone = undefined;
  else draft.asset = undefined;
  draft.operatorConfirmed = undefined;
  return 'done';
}

const isBack = (answer: Answer) => answer.kind === 'button' && answer.value === 'back';

/**
 * A recharge started from an earlier one ("🔁 Top up again", a recent recipient on /start, a friend's
 * "top me up" card): what it knows is filled in, so the review (or the first step it lacks) comes at once.
 * Without a country, the number's country and operator are detected.
 */
export interface RechargePrefill {
  phone: string;
  countryCode: string | null;
  operatorId: number | null;
  amountCents: number | null;
  coin: string | null;
}

export async function recharge(conversation: Conv, ctx: Context, prefill?: RechargePrefill): Promise<void> {
  const io = new ConversationIo(conversation, ctx.chat!.id);
  const draft: Draft = {};
  if (prefill) await fill(io, draft, prefill);
  for (;;) {
    let outcome: StepOutcome = 'done';
    if (!draft.country) outcome = await askCountry(io, draft);
    else if (!draft.operator) outcome = await askOperator(io, draft);
    else if (!draft.amount) outcome = await askAmount(io, draft);
    else if (!draft.phone) outcome = await askPhone(io, draft);
    else if (!draft.asset) outcome = await askCoin(io, draft);
    else if (!draft.coin) outcome = await askNetwork(io, draft);
    else {
      const { action, reviewId } = await review(io, draft);
      if (action === 'cancel') {
        const { t } = await io.texts();
        await io.send(t.bot.cancelled);
        return;
      }
      if (action === 'edit') {
        await edit(io, draft);
        continue;
      }
      if (action === 'balance' ? await payFromBalance(io, draft, reviewId) : await pay(io, draft, reviewId)) return;
    }
    if (outcome === 'abort') return;
  }
}

async function fill(io: ConversationIo, draft: Draft, p: RechargePrefill): Promise<void> {
  const { locale } = await io.texts();
  const known = await io.call(async (o) => {
    const api = o.services.api;
    let countryCode = p.countryCode;
    let phone = p.phone;
    let operatorId = p.operatorId;
    if (!countryCode) {
      const detected = await api.detectPhone(p.phone);
      if (!detected.valid || !detected.country || !detected.phoneNumber) return null;
      countryCode = detected.country.code;
      phone = detected.phoneNumber;
      operatorId = detected.detectedOperatorId;
    }
    const country = (await api.countries()).find((c) => c.code === countryCode);
    if (!country) return null;
    const op = operatorId === null ? undefined : (await api.operators(country.code)).find((x) => x.operatorId === operatorId);
    const coin = p.coin
      ? (assetChoices(await api.paymentOptions())
          .flatMap((a) => a.networks.map((n) => ({ asset: a.asset, n })))
          .find(({ n }) => n.symbol === p.coin) ?? null)
      : null;
    return {
      country: toChoice(country),
      phone,
      operator: op
        ? {
            operatorId: op.operatorId,
            name: op.name,
            denominationType: op.denominationType,
            serviceType: op.serviceType,
            minCents: cents(op.minAmount),
            maxCents: cents(op.maxAmount),
          }
        : null,
      coin,
    };
  });
  if (!known.ok || !known.value) return;
  const { country, phone, operator, coin } = known.value;
  draft.country = country;
  draft.phone = phone;
  if (!operator) return;
  draft.operator = operator;
  // The amount as before, if the operator still sells it (the review's quote is the server's).
  if (p.amountCents !== null && p.amountCents >= operator.minCents && p.amountCents <= operator.maxCents)
    draft.amount = { cents: p.amountCents, label: formatUsdIn(locale, p.amountCents) };
  if (coin) {
    draft.asset = coin.asset;
    draft.coin = coin.n;
  }
}

async function askCountry(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const popular = await io.call(async (o) => popularCountries(await o.services.api.countries()).map((c) => ({ code: c.code, label: countryLabel(locale, c) })));
  if (!popular.ok) {
    await io.send(popular.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorLoadingCountries);
    return 'abort';
  }
  const prompts = [await io.send(t.bot.stepCountry, countryKeyboard(popular.value))];
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
      if (!r.valid || !r.country || !r.phoneNumber) return { error: r.error ?? t.bot.countryNotFound };
      const operators = r.detectedOperatorId === null ? [] : await o.services.api.operators(r.country.code);
      const op = operators.find((x) => x.operatorId === r.detectedOperatorId);
      const operator: OperatorChoice | null = op
        ? {
            operatorId: op.operatorId,
            name: op.name,
            denominationType: op.denominationType,
            serviceType: op.serviceType,
            minCents: cents(op.minAmount),
            maxCents: cents(op.maxAmount),
          }
        : null;
      return { country: toChoice(r.country), phone: r.phoneNumber, operator };
    });
    if (!detected.ok) {
      await io.send(
        t.bot.numberNotRecognised({ error: detected.error.status === 0 ? t.bot.serviceUnavailable : apiErrorText(t.common, detected.error, locale === 'en') }),
      );
      return io.reject();
    }
    if ('error' in detected.value) {
      await io.send(t.bot.numberNotRecognised({ error: localPhoneError(t, detected.value.error) }));
      return io.reject();
    }
    const { country, phone, operator } = detected.value;
    draft.country = country;
    draft.phone = phone;
    if (operator) draft.operator = operator;
    await io.send(t.bot.detected({ country: countryLabel(locale, country), operator: operator?.name ?? null }));
    return 'done';
  }
  const match = await io.call(async (o) => matchCountry(answer.text, await o.services.api.countries(), locale));
  if (!match.ok) {
    await io.send(t.bot.errorLoadingCountries);
    return io.reject();
  }
  const m = match.value;
  if (m.kind === 'one') {
    draft.country = m.country;
    return 'done';
  }
  // Candidates or the popular countries again: their buttons count (they are newer than the step's
  // first prompt), and the typed name is forgotten.
  if (m.kind === 'many') await io.send(t.bot.countryCandidates, countryKeyboard(m.countries.map((c) => ({ code: c.code, label: countryLabel(locale, c) }))));
  else await io.send(t.bot.countryNotFound, countryKeyboard(popular.value));
  return io.reject();
}

async function askOperator(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const country = draft.country!;
  const list = await io.call(async (o) =>
    (await o.services.api.operators(country.code)).map((op): OperatorChoice => ({
      operatorId: op.operatorId,
      name: op.name,
      denominationType: op.denominationType,
      serviceType: op.serviceType,
      minCents: cents(op.minAmount),
      maxCents: cents(op.maxAmount),
    })),
  );
  if (!list.ok) {
    await io.send(list.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorLoadingOperators);
    return 'abort';
  }
  if (list.value.length === 0) {
    await io.send(t.bot.noOperators);
    draft.country = undefined;
    draft.phone = undefined;
    return 'done';
  }
  const keyboard = () => withBack(operatorKeyboard(list.value), t, 'operator');
  const prompts = [await io.send(t.bot.stepOperator({ code: country.code, name: countryNameIn(locale, country.code, country.name) }), keyboard())];
  const answer = await io.answerTo('operator', prompts, t);
  if (isBack(answer)) return goBack(draft, 'operator');
  const chosen =
    answer.kind === 'button'
      ? list.value.find((op) => String(op.operatorId) === answer.value)
      : (list.value.find((op) => normalize(op.name) === normalize(answer.text)) ?? singleMatch(list.value, answer.text));
  if (chosen) {
    draft.operator = chosen;
    return 'done';
  }
  await io.send(t.bot.useButtons, keyboard());
  return io.reject();
}

function singleMatch(ops: OperatorChoice[], text: string): OperatorChoice | undefined {
  const q = normalize(text);
  if (q.length < 2) return undefined;
  const hits = ops.filter(
    (op) =>
      normalize(op.name)
        .split(' ')
        .some((w) => w.startsWith(q)) || normalize(op.name).startsWith(q),
  );
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
    await io.send(loaded.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorLoadingAmounts);
    return 'abort';
  }
  const min = Math.max(op.minCents, loaded.value.minCents);
  const max = Math.min(op.maxCents, loaded.value.maxCents);
  // The API offers only the options the service's limits allow.
  const choices: AmountChoice[] = loaded.value.options.map((a) => {
    const c = cents(a.amount);
    // Local money first ("2,500 XAF · $5.00"), as the recipient counts it; the dollars are the price.
    const usd = formatUsdIn(locale, c);
    const money =
      a.localAmount !== null && a.currencyCode ? t.common.amountChoice({ local: formatLocalAmount(locale, a.localAmount, a.currencyCode), usd }) : usd;
    return { cents: c, label: `${money}${a.description ? ` · ${a.description}` : ''}` };
  });
  const range = op.denominationType === 'RANGE' && min <= max;
  if (choices.length === 0 && !range) {
    await io.send(t.bot.noAmounts);
    draft.operator = undefined;
    return 'done';
  }
  // A range operator's amount can also be typed in the recipient's money ("3000 XAF"): the server says what it costs.
  const currency = range ? (loaded.value.options.find((a) => a.currencyCode)?.currencyCode ?? null) : null;
  const text = [
    t.bot.stepAmount({ operator: op.name }),
    range ? t.bot.customAmountHint({ min: formatUsdIn(locale, min), max: formatUsdIn(locale, max) }) : '',
    currency ? h(t.common.customAmountLocal({ currency })) : '',
  ]
    .filter(Boolean)
    .join('\n');
  const prompts = [await io.send(text, withBack(amountKeyboard(choices), t, 'amount'))];
  const answer = await io.answerTo('amount', prompts, t);
  if (isBack(answer)) return goBack(draft, 'amount');
  if (answer.kind === 'button') {
    const chosen = choices.find((a) => String(a.cents) === answer.value);
    if (chosen) {
      draft.amount = chosen;
      return 'done';
    }
    return io.reject();
  }
  const local = currency ? new RegExp(`^([\\d\\s.,]+)\\s*${currency}$`, 'i').exec(answer.text.trim()) : null;
  if (local) return localAmount(io, draft, local[1]!, currency!, { min, max });
  const typed = usdToCents(
    answer.text
      .replace(/[$\s]|usd/gi, '')
      .replace(/,(\d{1,2})$/, '.$1')
      .replace(/,/g, ''),
  );
  if (typed === null || typed === 0) {
    await io.send(t.bot.amountNotANumber);
    return io.reject();
  }
  const listed = choices.find((a) => a.cents === typed);
  if (listed) {
    draft.amount = listed;
    return 'done';
  }
  if (!range) {
    await io.send(t.bot.amountNotOffered({ operator: op.name, amounts: choices.map((a) => formatUsdIn(locale, a.cents)).join(', ') }));
    return io.reject();
  }
  if (typed < min || typed > max) {
    await io.send(t.bot.amountOutOfRange({ min: formatUsdIn(locale, min), max: formatUsdIn(locale, max) }));
    return io.reject();
  }
  draft.amount = { cents: typed, label: formatUsdIn(locale, typed) };
  return 'done';
}

/** An amount typed in the recipient's money: the server's quote gives its price in dollars, then the range is checked. */
async function localAmount(io: ConversationIo, draft: Draft, typed: string, currency: string, range: { min: number; max: number }): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const value = typed
    .replace(/\s/g, '')
    .replace(/,(\d{1,2})$/, '.$1')
    .replace(/,/g, '');
  const quoted = /^\d+(\.\d+)?$/.test(value) ? await io.call((o) => o.services.api.quoteLocal(value, draft.operator!.operatorId)) : null;
  if (!quoted?.ok) {
    await io.send(t.bot.amountNotANumber);
    return io.reject();
  }
  const usd = quoted.value.amount;
  if (usd < range.min || usd > range.max) {
    await io.send(t.bot.amountOutOfRange({ min: formatUsdIn(locale, range.min), max: formatUsdIn(locale, range.max) }));
    return io.reject();
  }
  const got = quoted.value.local
    ? formatLocalAmount(locale, quoted.value.local.amount, quoted.value.local.currencyCode)
    : formatLocalAmount(locale, Number(value), currency);
  draft.amount = { cents: usd, label: t.common.amountChoice({ local: got, usd: formatUsdIn(locale, usd) }) };
  return 'done';
}

/** The API's phone messages in the user's language when we know them, else as the API says them. */
function localPhoneError(t: Catalog, error: string): string {
  const key = phoneErrorKey(error);
  return key ? t.common.phoneErrors[key] : error;
}

async function askPhone(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const country = draft.country!;
  const prompts = [
    await io.send(
      t.bot.stepPhone({ code: country.code, name: countryNameIn(locale, country.code, country.name), dialCode: country.dialCode }),
      withBack(new InlineKeyboard(), t, 'phone'),
    ),
  ];
  const answer = await io.answerTo('phone', prompts, t);
  if (isBack(answer)) return goBack(draft, 'phone');
  if (answer.kind === 'button') return io.reject();
  const checked = await io.call((o) => o.services.api.validatePhone(answer.text, country.code));
  if (!checked.ok) {
    await io.send(
      t.bot.phoneInvalid({ error: checked.error.status === 0 ? t.bot.serviceUnavailable : apiErrorText(t.common, checked.error, locale === 'en') }),
    );
    return io.reject();
  }
  if (!checked.value.valid || !checked.value.phoneNumber) {
    await io.send(t.bot.phoneInvalid({ error: localPhoneError(t, checked.value.error ?? 'Invalid phone number format') }));
    return io.reject();
  }
  draft.phone = checked.value.phoneNumber;
  return 'done';
}

async function askCoin(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { t } = await io.texts();
  // The coins the server takes now: a network switched off there is not offered here.
  const offered = await io.call(async (o) => assetChoices(await o.services.api.paymentOptions()));
  if (!offered.ok) {
    await io.send(t.bot.serviceUnavailable);
    return 'abort';
  }
  const assets = offered.value;
  const prompts = [await io.send(t.bot.stepCoin, withBack(coinKeyboard(assets), t, 'coin'))];
  const answer = await io.answerTo('coin', prompts, t);
  if (isBack(answer)) return goBack(draft, 'coin');
  const value = answer.kind === 'button' ? answer.value : answer.text.trim().toUpperCase().replace(/\s+/g, '-');
  // A coin (USDT), or a coin on its network typed as its symbol (USDT-POLYGON): that network, no question.
  const asset = assets.find((a) => a.asset === value);
  const typedCoin = asset ? undefined : assets.flatMap((a) => a.networks.map((n) => ({ a, n }))).find(({ n }) => n.symbol === value);
  const chosen = asset ?? typedCoin?.a;
  if (!chosen) {
    await io.send(t.bot.useButtons, withBack(coinKeyboard(assets), t, 'coin'));
    return io.reject();
  }
  draft.asset = chosen.asset;
  // A coin offered on one network asks nothing more.
  draft.coin = typedCoin?.n ?? (asksNetwork(chosen) ? undefined : chosen.networks[0]);
  return 'done';
}

async function askNetwork(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
  const { t } = await io.texts();
  const words = t.bot.choiceWords;
  const offered = await io.call(async (o) => assetChoices(await o.services.api.paymentOptions()).find((a) => a.asset === draft.asset) ?? null);
  if (!offered.ok) {
    await io.send(t.bot.serviceUnavailable);
    return 'abort';
  }
  if (!offered.value) {
    // No longer offered (its networks were switched off meanwhile): the coin is asked again.
    draft.asset = undefined;
    return 'done';
  }
  const { name, networks } = offered.value;
  const lines = networks.map(
    (n) => `• <b>${h(n.networkLabel)}</b> · ${h(n.name)}\n   ${h(feeText(n.typicalFee, words))} · ${h(countText(n.timeToCountSeconds, words))}`,
  );
  const keyboard = () =>
    withBack(networkKeyboard(networks.map((n) => ({ symbol: n.symbol, label: `${n.networkLabel} · ${feeText(n.typicalFee, words)}` }))), t, 'network');
  const prompts = [await io.send([t.bot.stepNetwork({ asset: name }), ...lines].join('\n'), keyboard())];
  const answer = await io.answerTo('network', prompts, t);
  if (isBack(answer)) return goBack(draft, 'network');
  const chosen =
    answer.kind === 'button'
      ? networks.find((n) => n.symbol === answer.value)
      : networks.find((n) => normalize(n.networkLabel) === normalize(answer.text) || n.symbol === answer.text.trim().toUpperCase());
  if (chosen) {
    draft.coin = chosen;
    return 'done';
  }
  await io.send(t.bot.useButtons, keyboard());
  return io.reject();
}
