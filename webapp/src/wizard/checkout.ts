import type {
  TAmountOption,
  TBalanceOrderCreated,
  TCoinSymbol,
  TCountry,
  TOperator,
  TOperatorMismatchDetails,
  TOrderKind,
  TPaymentCreated,
  TPaymentStatus,
  TServiceType,
} from '@topup/shared';
import type { StoredRecipient } from '../../../shared/src/recipients-storage';
import { ApiError } from '../api/client';
import { internationalNumber } from '../api/phone';
import type { QuoteRequest } from '../api/queries';
import { BALANCE_TOPUP_COUNTRY_NAME, BALANCE_TOPUP_PHONE, isEmailAddress } from '../shared';
import { centsOf } from './format';
import { clearFrom, initialWizardState, LAST_WIZARD_STEP, wizardReducer, type WizardAction, type WizardState, type WizardStep } from './state';

/**
 * The checkout model every surface composes (the site's /recharge and /app, the mini-app): what is
 * being bought (the wizard's choices, the coin, a receipt e-mail), the surface's steps and what each
 * needs, the attempt to create the order with its idempotency key, and the order being paid with its
 * live status. Plain data and a reducer; `useCheckout` runs the calls. Texts are the surfaces': the
 * model says what is wrong (a Problem, a CreateError), each surface says it in its own words.
 */

/** What a step (or paying) needs first. `order`: everything an order of its kind needs. */
export type Need = 'country' | 'operator' | 'amount' | 'phone' | 'coin' | 'email' | 'order';

/** Why the checkout did not move on; `message` carries the server's (or a surface rule's) own words. */
export interface Problem {
  need: Need;
  reason: 'missing' | 'invalid';
  message?: string;
}

/** One step of a surface, in the surface's order. */
export interface StepSpec {
  needs?: readonly Need[];
  /** The server checks the phone number before the next step (spec section 5; a failed check lets it through). */
  checkNumber?: boolean;
  /** A surface's own rule (the compact flow's amount range, say). */
  check?(state: CheckoutState): Problem | null;
  /** The step shows the total in the chosen coin: its quote is asked for while the step is on. */
  showsCryptoTotal?: boolean;
  /**
   * The step shows the wizard's first `wizardSteps` steps, one position each; the last position shows
   * the wizard's steps from there on (/recharge's details step is the wizard's 3 and 4).
   */
  wizardSteps?: number;
  /** The step shows the order from the moment it is being created (or failed to be), whatever step the customer was on. */
  paying?: boolean;
}

/** The order once created: paid on chain, or from the balance (no chain payment). */
export type CreatedOrder = TPaymentCreated | TBalanceOrderCreated;
export type PaymentMethod = 'crypto' | 'balance';

/** Why creating the order failed: busy (429), refused (another 4xx) or failed (5xx, no answer); `message` is the API's. */
export interface CreateError {
  kind: 'busy' | 'refused' | 'failed';
  message: string | null;
  status: number | null;
  method: PaymentMethod;
  /** OPERATOR_MISMATCH: the number belongs to another operator the catalog knows (offer to switch to it). */
  mismatch?: TOperatorMismatchDetails | null;
}

export interface CheckoutState {
  /**
   * Where the customer is on the surface, from 1: each of the surface's steps counts once, a step showing
   * the wizard once per wizard step it shows. The one position the checkout keeps.
   */
  step: number;
  wizard: WizardState;
  /** Null until chosen or preselected (the coin choice preselects the server's default, on its cheapest network). */
  coin: TCoinSymbol | null;
  email: string;
  /** Why the last move on was refused; cleared by any change. */
  problem: Problem | null;
  /** The server is checking the number. */
  checking: boolean;
  creating: boolean;
  /** Idempotency key of the current attempt: kept after a failure that may have created the order, so a retry gets it back. */
  attemptKey: string | null;
  createError: CreateError | null;
  payment: CreatedOrder | null;
  /** The latest live status of `payment`. */
  status: TPaymentStatus | null;
  /** Why Cancel did not cancel `payment` (funds arrived): the server's explanation, shown as is. */
  notice: string | null;
}

export type CheckoutAction =
  | { type: 'choose'; action: WizardAction }
  | { type: 'setCoin'; coin: TCoinSymbol }
  /** The coin the choice preselects, taken while none is chosen: not the customer's change. */
  | { type: 'preselectCoin'; coin: TCoinSymbol }
  | { type: 'setEmail'; email: string }
  | { type: 'problem'; problem: Problem }
  | { type: 'checking'; on: boolean }
  | { type: 'goTo'; step: number }
  /** One position back, within the step showing the wizard. */
  | { type: 'back' }
  /** Back to an earlier position of the wizard, clearing the choices from it on (spec section 4). */
  | { type: 'jumpTo'; step: number }
  | { type: 'createStart'; key: string }
  | { type: 'created'; payment: CreatedOrder }
  | { type: 'createFailed'; error: CreateError }
  | { type: 'status'; status: TPaymentStatus }
  | { type: 'closePayment' }
  /** The server refused to cancel the order (funds arrived): it stays on screen with the reason. */
  | { type: 'cancelRefused'; message: string }
  /** An unfinished payment found again after a reload: its choices, its order and its live status. */
  | { type: 'resume'; payment: TPaymentCreated; status: TPaymentStatus | null; wizard: WizardState; coin: TCoinSymbol | null; step: number }
  | { type: 'reset'; state: CheckoutState };

export function initialCheckout(start: Partial<CheckoutState> = {}): CheckoutState {
  return {
    step: 1,
    wizard: initialWizardState,
    // Preselected by the coin choice once the server says what it offers (GET /api/payment-options).
    coin: null,
    email: '',
    problem: null,
    checking: false,
    creating: false,
    attemptKey: null,
    createError: null,
    payment: null,
    status: null,
    notice: null,
    ...start,
  };
}

/** The surface's step at `position`, with its first position; the last step past the end. */
export function stepAt(steps: readonly StepSpec[], position: number): { spec: StepSpec; first: number; next: number } {
  let first = 1;
  for (const [i, spec] of steps.entries()) {
    const next = first + (spec.wizardSteps ?? 1);
    if (position < next || i === steps.length - 1) return { spec, first, next };
    first = next;
  }
  throw new Error('a checkout has steps');
}

/** The surface's step showing the wizard at `position`: its first position and how many it has; null on another step. */
function wizardAt(steps: readonly StepSpec[], position: number): { first: number; shown: number } | null {
  const { spec, first } = stepAt(steps, position);
  return spec.wizardSteps ? { first, shown: spec.wizardSteps } : null;
}

/** The wizard's step at `position`: the surface's position on a step showing the wizard, else the wizard's last (all of it is on one step). */
export function wizardStepAt(steps: readonly StepSpec[], position: number): WizardStep {
  const at = wizardAt(steps, position);
  return at ? ((position - at.first + 1) as WizardStep) : LAST_WIZARD_STEP;
}

/** The step index showing the wizard's step `wizardStep` (a step showing the wizard's last steps together holds them all); 1 where no step shows it. */
export function stepShowing(steps: readonly StepSpec[], wizardStep: WizardStep): number {
  let first = 1;
  for (const spec of steps) {
    if (spec.wizardSteps) return first + Math.min(wizardStep, spec.wizardSteps) - 1;
    first += 1;
  }
  return 1;
}

/** `steps`: the surface's, which say where the wizard's steps are. */
export function checkoutReducer(state: CheckoutState, action: CheckoutAction, steps: readonly StepSpec[]): CheckoutState {
  switch (action.type) {
    // What is bought changes: another request, so another idempotency key. A choice moves the customer
    // only on a step showing the wizard, and not past its last position.
    case 'choose': {
      const at = wizardAt(steps, state.step);
      const moved = wizardReducer(state.wizard, wizardStepAt(steps, state.step), action.action);
      const step = at ? at.first + Math.min(moved.step, at.shown) - 1 : state.step;
      if (moved.wizard === state.wizard && step === state.step) return state;
      return { ...state, wizard: moved.wizard, step, problem: null, attemptKey: moved.wizard === state.wizard ? state.attemptKey : null };
    }
    case 'back': {
      const at = wizardAt(steps, state.step);
      return at && state.step > at.first ? { ...state, step: state.step - 1, problem: null } : state;
    }
    case 'jumpTo': {
      const at = wizardAt(steps, action.step);
      if (!at || action.step >= state.step) return state;
      const wizard = clearFrom(state.wizard, (action.step - at.first + 1) as WizardStep);
      return { ...state, wizard, step: action.step, problem: null, createError: null, attemptKey: null };
    }
    case 'setCoin':
      return action.coin === state.coin ? state : { ...state, coin: action.coin, problem: null, attemptKey: null };
    case 'preselectCoin':
      return state.coin === null ? { ...state, coin: action.coin } : state;
    case 'setEmail':
      return { ...state, email: action.email, problem: null, attemptKey: null };
    case 'problem':
      return { ...state, problem: action.problem };
    case 'checking':
      return { ...state, checking: action.on };
    case 'goTo':
      return { ...state, step: action.step, problem: null, createError: null };
    case 'createStart':
      return { ...state, creating: true, attemptKey: action.key, createError: null, problem: null };
    case 'created':
      return { ...state, creating: false, attemptKey: null, payment: action.payment, status: null, notice: null };
    case 'createFailed':
      // A refusal is final: the next attempt is a new request. After a 5xx or a lost connection the
      // order may exist, so the retry keeps the key.
      return { ...state, creating: false, createError: action.error, attemptKey: action.error.kind === 'failed' ? state.attemptKey : null };
    case 'status':
      return state.payment?.orderId === action.status.orderId ? { ...state, status: action.status } : state;
    case 'closePayment':
      return { ...state, payment: null, status: null, createError: null, notice: null };
    case 'cancelRefused':
      return { ...state, notice: action.message };
    case 'resume':
      return {
        ...state,
        wizard: action.wizard,
        coin: action.coin,
        step: action.step,
        payment: action.payment,
        status: action.status,
        notice: null,
        problem: null,
        createError: null,
      };
    case 'reset':
      return action.state;
  }
}

/** The spec's balance top-up: phone 'balance_topup', country 'Balance Top-up' (spec section 2, five-step wizard). */
const BALANCE_COUNTRY: TCountry = { id: 0, name: BALANCE_TOPUP_COUNTRY_NAME, code: '', dialCode: '', flag: '', currencyCode: null };

/**
 * The step index every surface shows and branches on: the customer's position, or the paying step's
 * from the moment the order is being created (or failed to be).
 */
export function stepIndex(state: CheckoutState, steps: readonly StepSpec[]): number {
  const paying = steps.findIndex((s) => s.paying);
  if (paying < 0 || !(state.payment || state.creating || state.createError)) return state.step;
  return 1 + steps.slice(0, paying).reduce((positions, step) => positions + (step.wizardSteps ?? 1), 0);
}

/** Everything an order of its kind needs, given: a recharge's country, operator, amount and number, or a balance top-up's amount. */
export type CompleteOrder =
  | { kind: 'recharge'; country: TCountry; operator: TOperator; amount: TAmountOption; serviceType: TServiceType; phone: string; number: string }
  | { kind: 'balance_topup'; amount: TAmountOption; number: string };

/** The one "ready to pay": the wizard's answers, complete, or null while one is missing. */
export function completeOrder(wizard: WizardState): CompleteOrder | null {
  const { country, operator, amount, phone, serviceType } = wizard;
  if (!amount) return null;
  if (isBalanceTopup(wizard)) return { kind: 'balance_topup', amount, number: BALANCE_TOPUP_PHONE };
  if (!country || !operator || !phone.trim()) return null;
  return { kind: 'recharge', country, operator, amount, serviceType, phone, number: internationalNumber(country.dialCode, phone) };
}

/** The spec's order payload (the five-step and Telegram flows share it) without the coin and the e-mail. */
export function orderRequest(order: CompleteOrder) {
  const recharge = order.kind === 'recharge' ? { operatorId: order.operator.operatorId, countryId: order.country.id, serviceType: order.serviceType } : {};
  return { amount: order.amount.amount, phoneNumber: order.number, ...recharge };
}

/** An order's recipient as the browser keeps it (an anonymous visitor's list); a balance top-up has none. */
export function recipientOf(order: CompleteOrder, coin: string | null): Omit<StoredRecipient, 'name'> | null {
  if (order.kind !== 'recharge') return null;
  const { country, operator, amount } = order;
  return {
    phoneNumber: order.number,
    countryCode: country.code,
    countryId: country.id,
    operatorId: operator.operatorId,
    operatorName: operator.name,
    lastAmountCents: centsOf(amount.amount),
    lastCoin: coin,
    lastLocalAmount: amount.localAmount,
    localCurrency: amount.currencyCode,
    lastOrderAt: new Date().toISOString(),
  };
}

/** How the order is paid: on chain in a coin, or from the balance. */
export type PayWith = { method: 'crypto'; coin: TCoinSymbol } | { method: 'balance' };

export const isBalanceTopup = (wizard: WizardState): boolean => wizard.phone === BALANCE_TOPUP_PHONE && wizard.country?.name === BALANCE_TOPUP_COUNTRY_NAME;

/** The wizard of a balance top-up of `amount` US dollars, ready to pay. */
export function balanceTopupWizard(amount: number | null): WizardState {
  const option =
    amount && amount > 0 ? { id: `balance-${amount}`, amount, localAmount: null, currencySymbol: null, currencyCode: null, description: null } : null;
  return { ...initialWizardState, country: BALANCE_COUNTRY, phone: BALANCE_TOPUP_PHONE, amount: option };
}

export const orderKind = (state: CheckoutState): TOrderKind => (isBalanceTopup(state.wizard) ? 'balance_topup' : 'recharge');

/** The number the order is for, as the API takes it: international, or the spec's 'balance_topup'. */
export function recipientNumber(state: CheckoutState): string {
  const { country, phone } = state.wizard;
  if (isBalanceTopup(state.wizard)) return BALANCE_TOPUP_PHONE;
  return country ? internationalNumber(country.dialCode, phone) : phone.trim();
}

/** The quote to ask for an amount in US dollars (as the catalog or the customer gave it). */
export const quoteFor = (amount: number, kind: TOrderKind, coin?: TCoinSymbol | null): QuoteRequest => ({
  amount: String(amount),
  kind,
  ...(coin ? { coin } : {}),
});

/** The server's quote of what is chosen (with the coin: the total in it); null until there is an amount. */
export function quoteRequest(state: CheckoutState, withCoin = false): QuoteRequest | null {
  const { amount } = state.wizard;
  if (!amount || (withCoin && !state.coin)) return null;
  return quoteFor(amount.amount, orderKind(state), withCoin ? state.coin : null);
}

function problemOf(state: CheckoutState, need: Need): Problem | null {
  const { country, operator, amount, phone } = state.wizard;
  const missing = { need, reason: 'missing' } as const;
  switch (need) {
    case 'country':
      return country ? null : missing;
    case 'operator':
      return operator ? null : missing;
    case 'amount':
      return amount ? null : missing;
    case 'phone':
      return phone.trim() ? null : missing;
    case 'coin':
      return state.coin ? null : missing;
    case 'email':
      // Optional; if given, it must be valid (spec section 5).
      return !state.email.trim() || isEmailAddress(state.email) ? null : { need, reason: 'invalid' };
    case 'order':
      return completeOrder(state.wizard) ? null : missing;
  }
}

/** The first of `needs` that is not met. */
export function problemWith(state: CheckoutState, needs: readonly Need[]): Problem | null {
  for (const need of needs) {
    const problem = problemOf(state, need);
    if (problem) return problem;
  }
  return null;
}

/** What keeps a step from moving on: its needs first, then its own rule. */
export function stepProblem(state: CheckoutState, step: StepSpec): Problem | null {
  return problemWith(state, step.needs ?? []) ?? step.check?.(state) ?? null;
}

/** `mismatch`: the operator an OPERATOR_MISMATCH refusal names, read with the contract's schema (api/payments.ts operatorMismatchOf). */
export function classifyCreateError(err: unknown, method: PaymentMethod, mismatch: TOperatorMismatchDetails | null = null): CreateError {
  if (!(err instanceof ApiError)) return { kind: 'failed', message: null, status: null, method };
  const kind = err.status === 429 ? 'busy' : err.status < 500 ? 'refused' : 'failed';
  return { kind, message: err.serverMessage, status: err.status, method, mismatch };
}

/** A creation failure in a surface's words (a 429 in the spec's, the same everywhere: `busy`, in the page's language). */
export function createErrorText(error: CreateError, words: { refused(message: string): string; failed(status: number | null): string; busy: string }): string {
  if (error.kind === 'busy') return error.message ?? words.busy;
  return error.kind === 'refused' ? words.refused(error.message ?? '') : words.failed(error.status);
}

export const onChain = (order: CreatedOrder): order is TPaymentCreated => !('paymentMethod' in order);

/** The order is waiting for a payment that can still come (the whole amount in its window, or the rest after a partial payment). */
export function isPayable(state: CheckoutState, now: number): boolean {
  const { payment, status } = state;
  if (!payment || !onChain(payment)) return false;
  if ((status?.status ?? payment.status) !== 'pending_crypto_payment') return false;
  return now < Date.parse(status?.toPay?.deadline ?? status?.expiresAt ?? payment.expiresAt);
}

/**
 * What to send now: after a partial payment only the rest (the live status's `toPay`, with its own QR
 * payload and wallet links), else the whole order as created.
 */
export function amountToPay(payment: TPaymentCreated, status: TPaymentStatus | null) {
  const rest = status?.toPay;
  const due = rest ?? {
    amount: payment.cryptoAmount,
    coin: payment.cryptocurrency,
    networkLabel: payment.networkLabel,
    address: payment.walletAddress,
    memo: payment.memo,
    paymentUri: payment.paymentUri,
    walletLinks: payment.walletLinks,
    deadline: status?.expiresAt ?? payment.expiresAt,
  };
  const { amount, coin, networkLabel, address, memo, paymentUri, walletLinks, deadline } = due;
  return {
    amount,
    coin,
    networkLabel,
    address,
    memo: memo ?? null,
    paymentUri,
    walletLinks,
    deadline,
    partly: status?.display.state === 'partly_paid' && !!rest,
  };
}
