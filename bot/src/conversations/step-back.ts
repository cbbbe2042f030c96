import type { Draft, StepOutcome } from './draft';
import type { Answer } from './io';

/**
 * Back: the step before this one is asked again. A number given first filled the country, the number
 * and the operator at once: going back from the amount asks the operator, and from there the country.
 * A balance top-up asks its amount right before the coin.
 */
export function goBack(draft: Draft, step: 'operator' | 'amount' | 'phone' | 'coin' | 'network'): StepOutcome {
  if (step === 'operator') draft.country = draft.phone = undefined;
  else if (step === 'amount') draft.operator = undefined;
  else if (step === 'phone') draft.amount = undefined;
  else if (step === 'coin' && draft.balanceTopup) draft.amount = undefined;
  else if (step === 'coin') draft.phone = undefined;
  else draft.asset = undefined;
  draft.operatorConfirmed = undefined;
  return 'done';
}

export const isBack = (answer: Answer) => answer.kind === 'button' && answer.value === 'back';
