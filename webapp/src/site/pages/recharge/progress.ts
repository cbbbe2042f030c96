import { useEffect } from 'react';
import type { TCoinSymbol } from '@topup/shared';
import { balanceTopupWizard, initialWizardState, type CheckoutState, type WizardState } from '../../../wizard';

/** The checkout's steps on /recharge: the wizard (steps 1-3), the payment (4), success (5). */
export const [CHOOSE, PAY, SUCCESS] = [0, 1, 2];

/** What this history entry keeps of the progress (the shape stays that of earlier builds: a reload reads it back). */
interface Saved {
  wizard: WizardState;
  stage: 'wizard' | 'pay';
  coin: TCoinSymbol | null;
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
    return { coin: saved.coin ?? null, step: saved.stage === 'pay' ? PAY : CHOOSE, wizard: { ...initialWizardState, ...saved.wizard } };
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
    const recharge = step === SUCCESS ? undefined : ({ wizard, stage: step === PAY ? 'pay' : 'wizard', coin } satisfies Saved);
    window.history.replaceState({ ...state, recharge }, '');
  }, [wizard, step, coin]);
}
