import type { TAmountOption, TOperator, TPricingSettings } from '@topup/shared';
import type { I18n } from '../../../i18n/I18n';
import { customAmountLimits, customAmountValue, QUICK_AMOUNTS_USD, usdToCents, type TLocalLimits } from '../../../shared';
import { centsOf, type Problem } from '../../../wizard';
import { customRange } from '../../../wizard/LocalAmount';

/**
 * What the amount step holds: a quick amount tapped, and a custom amount typed (which wins when not
 * blank), in US dollars or, `local`, in the operator's currency (a range operator with a rate).
 */
export interface AmountEntry {
  quick: number | null;
  text: string;
  local?: boolean;
}
export const NO_AMOUNT: AmountEntry = { quick: null, text: '' };

/** Whether the amount is the custom one typed in the operator's currency. */
export const typedLocal = (entry: AmountEntry): boolean => !!entry.local && entry.text.trim() !== '';

/** A custom amount typed in the operator's currency: its limits, and its quote (the amount it makes) or the quote's refusal. */
export interface LocalEntry {
  limits: TLocalLimits;
  option: TAmountOption | undefined;
  refused: boolean;
}

/** Limits in US cents. */
export interface Limits {
  min: number;
  max: number;
}

/**
 * The dollar limits: a range operator's custom amount (its range within the admin's: shared custom-amount.ts),
 * else the spec's custom range ($1-200) within the admin's.
 */
export const compactLimits = (pricing: TPricingSettings | undefined, operator: TOperator | null = null): Limits =>
  customAmountLimits(operator, false) ?? {
    min: Math.max(100, pricing?.minAmount ?? 0),
    max: Math.min(20_000, pricing?.maxAmount ?? Infinity),
  };

/** The quick amounts (USD): a FIXED operator's own within the limits, else the spec's that the operator's range takes. */
export function quickAmounts(operator: TOperator | null, fixedAmounts: TAmountOption[] | undefined, limits: Limits): number[] {
  if (operator?.denominationType === 'FIXED')
    return (fixedAmounts ?? []).map((a) => a.amount).filter((a) => centsOf(a) >= limits.min && centsOf(a) <= limits.max);
  // Within the admin's limits too: a tile the server would refuse is not offered.
  return QUICK_AMOUNTS_USD.filter(
    (a) => centsOf(a) >= limits.min && centsOf(a) <= limits.max && (!operator || (a >= operator.minAmount && a <= operator.maxAmount)),
  );
}

/** The amount entered in dollars (NaN when the text is no number), null when none. */
export const enteredAmount = ({ quick, text }: AmountEntry): number | null => (text.trim() === '' ? quick : Number(text));

/** The amount entered when it is a whole number of cents within the limits. */
export function validAmount(entry: AmountEntry, limits: Limits): number | null {
  const amount = enteredAmount(entry);
  const cents = amount === null || !Number.isFinite(amount) ? null : usdToCents(amount);
  return cents !== null && cents >= limits.min && cents <= limits.max ? amount : null;
}

/** The amount as an option: the operator's own when it lists it (with what the recipient gets locally), else a bare one. */
export const amountOption = (amount: number, options: TAmountOption[] | undefined): TAmountOption =>
  options?.find((o) => o.amount === amount) ?? {
    id: `compact-${amount}`,
    amount,
    localAmount: null,
    currencySymbol: null,
    currencyCode: null,
    description: null,
  };

/**
 * Spec section 5, step 3: an amount is required and within the range; the operator's own range or amounts
 * too; a local amount within the operator's local range. Said in the page's language.
 */
export function amountProblem(
  t: Pick<I18n, 'web' | 'usd' | 'shortUsd' | 'local'>,
  typed: AmountEntry,
  limits: Limits,
  operator: TOperator | null,
  quick: number[],
  local: LocalEntry | null = null,
): Problem | null {
  const invalid = (message: string): Problem => ({ need: 'amount', reason: 'invalid', message });
  const usdRange = () => invalid(t.web.amountBetween(customRange(t, { kind: 'usd', ...limits })));
  let entry = typed;
  if (local && typedLocal(typed)) {
    // Refused in the currency typed: the customer never has to convert the limits.
    const localRange = () => invalid(t.web.amountBetween(customRange(t, local.limits)));
    if (customAmountValue(typed.text, local.limits) === null || local.refused) return localRange();
    // Still being quoted ('Continue' waits for the quote).
    if (!local.option) return { need: 'amount', reason: 'missing' };
    // The quote's dollars are what the order charges: checked against the dollar limits, refused in the currency typed.
    entry = { quick: local.option.amount, text: '' };
    if (validAmount(entry, limits) === null) return localRange();
  }
  const amount = enteredAmount(entry);
  if (amount === null) return { need: 'amount', reason: 'missing' };
  if (validAmount(entry, limits) === null) return usdRange();
  if (operator?.denominationType === 'FIXED') return quick.includes(amount) ? null : invalid(t.web.pay.chooseOperatorAmount({ operator: operator.name }));
  if (operator && (amount < operator.minAmount || amount > operator.maxAmount)) {
    return invalid(t.web.pay.operatorAccepts({ operator: operator.name, min: t.usd(centsOf(operator.minAmount)), max: t.usd(centsOf(operator.maxAmount)) }));
  }
  return null;
}
