import type { TAmountOption, TCountry, TOperator, TServiceType } from '@topup/shared';

/**
 * State of the four-step wizard (spec sections 2-5: "Telegram wizard", "Four-step wizard"): country,
 * operator, amount, phone. Surface-agnostic: the mini-app and the web site drive it alike.
 */

export type WizardStep = 1 | 2 | 3 | 4;
export const WIZARD_STEP_LABELS = ['Country', 'Operator', 'Amount', 'Phone'] as const;
/** The wizard's last step: where a surface that does not show the wizard step by step has it. */
export const LAST_WIZARD_STEP: WizardStep = 4;

/** The wizard's answers. Where the customer is lives in the checkout (./checkout.ts), once. */
export interface WizardState {
  country: TCountry | null;
  serviceType: TServiceType;
  operator: TOperator | null;
  amount: TAmountOption | null;
  phone: string;
}

export const initialWizardState: WizardState = { country: null, serviceType: 'airtime', operator: null, amount: null, phone: '' };

/** The answers of a saved wizard (a history entry, a remembered payment): earlier builds saved their step with them. */
export function wizardAnswers(saved: Partial<WizardState>): WizardState {
  const { country, serviceType, operator, amount, phone } = { ...initialWizardState, ...saved };
  return { country, serviceType, operator, amount, phone };
}

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
  | { type: 'next' };

/** The answers after a choice, and the wizard's step it leads to. */
export interface WizardMove {
  wizard: WizardState;
  step: WizardStep;
}

/** Whether the choice of `step` is made. Step 4 (phone) only needs to be non-empty (spec section 5). */
export function isStepDone(wizard: WizardState, step: WizardStep): boolean {
  switch (step) {
    case 1:
      return wizard.country !== null;
    case 2:
      return wizard.operator !== null;
    case 3:
      return wizard.amount !== null;
    case 4:
      return wizard.phone.trim() !== '';
  }
}

/**
 * Spec section 4: 1 to 2 needs a country, 2 to 3 an operator, 3 to 4 an amount. (The spec's "3 to 4 an
 * amount and phone" would need the phone before its step: here the phone is needed to pay.)
 */
export const canAdvance = (wizard: WizardState, step: WizardStep): boolean => step < LAST_WIZARD_STEP && isStepDone(wizard, step);

/** The wizard after `action` taken on `step`. */
export function wizardReducer(wizard: WizardState, step: WizardStep, action: WizardAction): WizardMove {
  switch (action.type) {
    case 'selectCountry':
      // Choosing a country advances; another country clears operator and amount (spec section 3).
      if (wizard.country?.id === action.country.id) return { wizard, step: 2 };
      return { wizard: { ...wizard, country: action.country, operator: null, amount: null }, step: 2 };
    case 'selectServiceType':
      if (wizard.serviceType === action.serviceType) return { wizard, step };
      return { wizard: { ...wizard, serviceType: action.serviceType, operator: null, amount: null }, step: step > 2 ? 2 : step };
    case 'selectOperator':
      // Another operator clears the amount.
      if (wizard.operator?.id === action.operator.id) return { wizard, step: 3 };
      return { wizard: { ...wizard, operator: action.operator, amount: null }, step: 3 };
    case 'selectAmount':
      return { wizard: { ...wizard, amount: action.amount }, step: 4 };
    case 'clearAmount':
      return { wizard: wizard.amount === null ? wizard : { ...wizard, amount: null }, step };
    case 'setPhone':
      return { wizard: { ...wizard, phone: action.phone }, step };
    case 'detected':
      // Straight to the amount: country, operator (and its service type) and number are known.
      return {
        wizard: { ...wizard, country: action.country, operator: action.operator, serviceType: action.operator.serviceType, amount: null, phone: action.phone },
        step: 3,
      };
    case 'next':
      return { wizard, step: canAdvance(wizard, step) ? ((step + 1) as WizardStep) : step };
  }
}

/**
 * Spec section 4: tapping a completed step's badge goes back to it and clears the choices from it on:
 * step 1 clears country, operator, amount, phone; step 2 operator, amount, phone; step 3 amount and phone.
 */
export function clearFrom(wizard: WizardState, step: WizardStep): WizardState {
  const next: WizardState = { ...wizard, amount: null, phone: '' };
  if (step <= 2) next.operator = null;
  if (step === 1) next.country = null;
  return next;
}
