import type { TAmountOption, TCountry, TOperator, TServiceType } from '@topup/shared';

/**
 * State of the four-step wizard (spec sections 2-5: "Telegram wizard", "Four-step wizard"): country,
 * operator, amount, phone. Surface-agnostic: the mini-app and the web site drive it alike.
 */

export type WizardStep = 1 | 2 | 3 | 4;
export const WIZARD_STEP_LABELS = ['Country', 'Operator', 'Amount', 'Phone'] as const;

export interface WizardState {
  step: WizardStep;
  country: TCountry | null;
  serviceType: TServiceType;
  operator: TOperator | null;
  amount: TAmountOption | null;
  phone: string;
}

export const initialWizardState: WizardState = { step: 1, country: null, serviceType: 'airtime', operator: null, amount: null, phone: '' };

export type WizardAction =
  | { type: 'selectCountry'; country: TCountry }
  | { type: 'selectServiceType'; serviceType: TServiceType }
  | { type: 'selectOperator'; operator: TOperator }
  | { type: 'selectAmount'; amount: TAmountOption }
  /** An amount being typed that is not (yet) a valid one. */
  | { type: 'clearAmount' }
  | { type: 'setPhone'; phone: string }
  /** Number first: the country and operator the API found for a full number, and its national part. */
  | { type: 'detected'; country: TCountry; operator: TOperator; phone: string }
  | { type: 'next' }
  /** One step back; `shown`: the last of the wizard's steps the surface shows apart (a step past it shares its position, and is left with it). */
  | { type: 'back'; shown?: WizardStep }
  | { type: 'jumpTo'; step: WizardStep }
  | { type: 'reset' };

const clamp = (step: number): WizardStep => Math.min(4, Math.max(1, step)) as WizardStep;

/** Whether the choice of `step` is made. Step 4 (phone) only needs to be non-empty (spec section 5). */
export function isStepDone(state: WizardState, step: WizardStep): boolean {
  switch (step) {
    case 1:
      return state.country !== null;
    case 2:
      return state.operator !== null;
    case 3:
      return state.amount !== null;
    case 4:
      return state.phone.trim() !== '';
  }
}

/**
 * Spec section 4: 1 to 2 needs a country, 2 to 3 an operator, 3 to 4 an amount. (The spec's "3 to 4 an
 * amount and phone" would need the phone before its step: here the phone is needed to pay.)
 */
export const canAdvance = (state: WizardState): boolean => state.step < 4 && isStepDone(state, state.step);

/** A step before the current one, whose badge goes back to it. */
export const canJumpTo = (state: WizardState, step: WizardStep): boolean => step < state.step;

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'selectCountry':
      // Choosing a country advances; another country clears operator and amount (spec section 3).
      if (state.country?.id === action.country.id) return { ...state, step: 2 };
      return { ...state, step: 2, country: action.country, operator: null, amount: null };
    case 'selectServiceType':
      if (state.serviceType === action.serviceType) return state;
      return { ...state, serviceType: action.serviceType, operator: null, amount: null, step: clamp(Math.min(state.step, 2)) };
    case 'selectOperator':
      // Another operator clears the amount.
      if (state.operator?.id === action.operator.id) return { ...state, step: 3 };
      return { ...state, step: 3, operator: action.operator, amount: null };
    case 'selectAmount':
      return { ...state, step: 4, amount: action.amount };
    case 'clearAmount':
      return state.amount === null ? state : { ...state, amount: null };
    case 'setPhone':
      return { ...state, phone: action.phone };
    case 'detected':
      // Straight to the amount: country, operator (and its service type) and number are known.
      return {
        ...state,
        step: 3,
        country: action.country,
        operator: action.operator,
        serviceType: action.operator.serviceType,
        amount: null,
        phone: action.phone,
      };
    case 'next':
      return canAdvance(state) ? { ...state, step: clamp(state.step + 1) } : state;
    case 'back':
      return { ...state, step: clamp(Math.min(state.step, action.shown ?? 4) - 1) };
    case 'jumpTo':
      return jumpTo(state, action.step);
    case 'reset':
      return initialWizardState;
  }
}

/**
 * Spec section 4: tapping a completed step's badge goes back to it and clears the choices from it on:
 * step 1 clears country, operator, amount, phone; step 2 operator, amount, phone; step 3 amount and phone.
 */
function jumpTo(state: WizardState, step: WizardStep): WizardState {
  if (!canJumpTo(state, step)) return state;
  const next: WizardState = { ...state, step, amount: null, phone: '' };
  if (step <= 2) next.operator = null;
  if (step === 1) next.country = null;
  return next;
}
