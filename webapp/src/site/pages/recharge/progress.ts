import { useEffect } from 'react';
import type { TCoinSymbol } from '@topup/shared';
import { balanceTopupWizard, type CheckoutState, type StepSpec } from '../../../wizard/checkout';
import { initialWizardState, wizardAnswers, type WizardState } from '../../../wizard/state';

/** The checkout's steps on /recharge: the wizard's first three (the details step holds its 3 and 4: amount and number), the payment, success. */
export const RECHARGE_STEPS: readonly StepSpec[] = [{ needs: ['phone', 'amount'], checkNumber: true, wizardSteps: 3 }, { showsCryptoTotal: true }, {}];
/** The step index on /recharge: the wizard (1 country, 2 operator, 3 details), the payment (4), success (5). */
export const [DETAILS, PAY, SUCCESS] = [3, 4, 5];

/**
 * What this history entry keeps of the progress. The shape is that of earlier builds, which kept the
 * wizard's step with its answers (a reload after an update reads an entry an earlier build wrote).
 */
interface Saved {
  wizard: WizardState & { step?: number };
  stage: 'wizard' | 'pay';
  coin: TCoinSymbol | null;
}

/** The history entry's progress for the checkout at `step` (the wizard's answers, a step index, the coin). */
export function savedProgress(wizard: WizardState, step: number, coin: TCoinSymbol | null): Saved {
  return { wizard: { ...wizard, step: Math.min(step, DETAILS) }, stage: step >= PAY ? 'pay' : 'wizard', coin };
}

/**
 * Where the checkout starts: the progress saved in this history entry (a reload or Back keeps it; a
 * new visit to /recharge starts afresh), a balance top-up handed over by /add-balance (its amount in
 * dollars), or step 1 (with the data service type for /recharge?service=data).
 */
export function savedStart(historyState: unknown, search: string): Partial<CheckoutState> {
  const state = historyState as { recharge?: Saved; balanceTopup?: unknown } | null;
  const saved = state?.recharge;
  if (saved && typeof saved === 'object' && saved.wizard && (saved.stage === 'wizard' || saved.stage === 'pay')) {
    const wizardStep = Math.min(Math.max(Number(saved.wizard.step) || 1, 1), DETAILS);
    return { coin: saved.coin ?? null, step: saved.stage === 'pay' ? PAY : wizardStep, wizard: wizardAnswers(saved.wizard) };
  }
  if (state?.balanceTopup !== undefined) {
    return { step: PAY, wizard: balanceTopupWizard(typeof state.balanceTopup === 'number' ? state.balanceTopup : null) };
  }
  const serviceType = new URLSearchParams(search).get('service') === 'data' ? 'data' : 'airtime';
  return { wizard: { ...initialWizardState, serviceType } };
}

/** Keeps the progress in this history entry; a finished recharge is not kept. */
export function useSavedProgress({ wizard, step, coin }: CheckoutState): void {
  useEffect(() => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    const recharge = step === SUCCESS ? undefined : savedProgress(wizard, step, coin);
    window.history.replaceState({ ...state, recharge }, '');
  }, [wizard, step, coin]);
}
