import { dollarsToCents, formatLocalAmount, formatUsdIn, usdToCents, escapeHtml as h } from '@topup/shared';
import { amountKeyboard, withBack } from '../keyboards';
import type { AmountChoice, Draft, StepOutcome } from './draft';
import type { ConversationIo } from './io';
import { goBack, isBack } from './step-back';

/** An amount typed in US dollars ("12.50", "$12,50", "12 usd"), in cents; null when it is none. */
export function typedUsdCents(text: string): number | null {
  return usdToCents(
    text
      .replace(/[$\s]|usd/gi, '')
      .replace(/,(\d{1,2})$/, '.$1')
      .replace(/,/g, ''),
  );
}

export async function askAmount(io: ConversationIo, draft: Draft): Promise<StepOutcome> {
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
    const c = dollarsToCents(a.amount);
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
  const typed = typedUsdCents(answer.text);
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
  // The price is in whole cents, so the recipient may get a little more or less than typed: said, never silent.
  if (quoted.value.local && quoted.value.local.amount !== Number(value)) {
    await io.send(t.bot.localAmountAdjusted({ typed: formatLocalAmount(locale, Number(value), currency), got, usd: formatUsdIn(locale, usd) }));
  }
  draft.amount = { cents: usd, label: t.common.amountChoice({ local: got, usd: formatUsdIn(locale, usd) }) };
  return 'done';
}
