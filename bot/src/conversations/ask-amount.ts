import {
  customAmountLimits,
  customAmountRange,
  customAmountValue,
  customLocalLimits,
  dollarsToCents,
  formatLocalAmount,
  formatUsdIn,
  usdToCents,
  escapeHtml as h,
  type Locale,
  type TCustomFormats,
  type TLocalLimits,
} from '@topup/shared';
import { amountKeyboard, withBack } from '../keyboards';
import type { AmountChoice, Draft, StepOutcome } from './draft';
import type { ConversationIo } from './io';
import { goBack, isBack } from './step-back';

const formats = (locale: Locale): TCustomFormats => ({
  usd: (cents) => formatUsdIn(locale, cents),
  local: (amount, code) => formatLocalAmount(locale, amount, code),
});

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
  const loaded = await io.call((o) => o.services.api.amounts(op.operatorId, op.serviceType));
  if (!loaded.ok) {
    await io.send(loaded.error.status === 0 ? t.bot.serviceUnavailable : t.bot.errorLoadingAmounts);
    return 'abort';
  }
  // A range operator's custom amount, within the admin's limits, in dollars or in the recipient's money (shared custom-amount.ts).
  const usdLimits = customAmountLimits(op, false);
  const localLimits = customLocalLimits(op);
  const usdRange = usdLimits && customAmountRange(usdLimits, formats(locale));
  // The API offers only the options the service's limits allow.
  const choices: AmountChoice[] = loaded.value.map((a) => {
    const c = dollarsToCents(a.amount);
    // Local money first ("2,500 XAF · $5.00"), as the recipient counts it; the dollars are the price.
    const usd = formatUsdIn(locale, c);
    const money =
      a.localAmount !== null && a.currencyCode ? t.common.amountChoice({ local: formatLocalAmount(locale, a.localAmount, a.currencyCode), usd }) : usd;
    return { cents: c, label: `${money}${a.description ? ` · ${a.description}` : ''}` };
  });
  if (choices.length === 0 && !usdRange) {
    await io.send(t.bot.noAmounts);
    draft.operator = undefined;
    return 'done';
  }
  // A range operator's amount can also be typed in the recipient's money ("3000 XAF"): the server says what it costs.
  const text = [
    t.bot.stepAmount({ operator: op.name }),
    usdRange ? t.bot.customAmountHint(usdRange) : '',
    localLimits ? h(t.common.customAmountLocal({ currency: localLimits.code, ...customAmountRange(localLimits, formats(locale)) })) : '',
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
  const local = localLimits ? new RegExp(`^([\\d\\s.,]+)\\s*${localLimits.code}$`, 'i').exec(answer.text.trim()) : null;
  if (local) return localAmount(io, draft, local[1]!, localLimits!);
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
  if (!usdLimits || !usdRange) {
    await io.send(t.bot.amountNotOffered({ operator: op.name, amounts: choices.map((a) => formatUsdIn(locale, a.cents)).join(', ') }));
    return io.reject();
  }
  if (typed < usdLimits.min || typed > usdLimits.max) {
    await io.send(t.bot.amountOutOfRange(usdRange));
    return io.reject();
  }
  draft.amount = { cents: typed, label: formatUsdIn(locale, typed) };
  return 'done';
}

/**
 * An amount typed in the recipient's money: checked against the limits in that money, then the
 * server's quote gives its price in dollars. Refused in the money typed, as the hint said it.
 */
async function localAmount(io: ConversationIo, draft: Draft, typed: string, limits: TLocalLimits): Promise<StepOutcome> {
  const { locale, t } = await io.texts();
  const currency = limits.code;
  const value = typed
    .replace(/\s/g, '')
    .replace(/,(\d{1,2})$/, '.$1')
    .replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(value)) {
    await io.send(t.bot.amountNotANumber);
    return io.reject();
  }
  const outOfRange = async () => {
    await io.send(t.bot.amountOutOfRange(customAmountRange(limits, formats(locale))));
    return io.reject();
  };
  if (customAmountValue(value, limits) === null) return outOfRange();
  const quoted = await io.call((o) => o.services.api.quoteLocal(value, draft.operator!.operatorId));
  if (!quoted.ok && quoted.error.status === 0) {
    await io.send(t.bot.serviceUnavailable);
    return io.reject();
  }
  if (!quoted.ok) return outOfRange();
  const usd = quoted.value.amount;
  const usdLimits = customAmountLimits(draft.operator!, false);
  if (!usdLimits || usd < usdLimits.min || usd > usdLimits.max) return outOfRange();
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
