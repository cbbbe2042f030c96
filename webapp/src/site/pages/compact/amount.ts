import type { TAmountOption, TOperator, TPricingSettings } from '@topup/shared';
import { QUICK_AMOUNTS_USD, usdToCents } from '../../../shared';
import { centsOf, shortUsd, usd, type Problem } from '../../../wizard';

/** What the amount step holds: a quick amount tapped, and a custom amount typed (which wins when not blank). */
export interface AmountEntry {
  quick: number | null;
  text: string;
}
export const NO_AMOUNT: AmountEntry = { quick: null, text: '' };

/** Limits in US cents. */
export interface Limits {
  min: number;
  max: number;
}

/** The spec's custom range ($1-200) within the API's limits. */
export const compactLimits = (pricing: TPricingSettings | undefined): Limits => ({
  min: Math.max(100, pricing?.minAmount ?? 0),
  max: Math.min(20_000, pricing?.maxAmount ?? Infinity),
});

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

export const amountOption = (amount: number): TAmountOption => ({
  id: `compact-${amount}`,
  amount,
  localAmount: null,
  currencySymbol: null,
  currencyCode: null,
  description: null,
});

/** Spec section 5, step 3: an amount is required and within the range; the operator's own range or amounts too. */
export function amountProblem(entry: AmountEntry, limits: Limits, operator: TOperator | null, quick: number[]): Problem | null {
  const amount = enteredAmount(entry);
  const invalid = (message: string): Problem => ({ need: 'amount', reason: 'invalid', message });
  if (amount === null) return { need: 'amount', reason: 'missing' };
  if (validAmount(entry, limits) === null) return invalid(`Amount must be between ${shortUsd(limits.min)} and ${shortUsd(limits.max)}.`);
  if (operator?.denominationType === 'FIXED') return quick.includes(amount) ? null : invalid(`Please choose one of ${operator.name}'s amounts.`);
  if (operator && (amount < operator.minAmount || amount > operator.maxAmount)) {
    return invalid(`${operator.name} accepts amounts between ${usd(operator.minAmount)} and ${usd(operator.maxAmount)}.`);
  }
  return null;
}
