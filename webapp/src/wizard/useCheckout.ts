import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCoinSymbol, TOrderKind, TPaymentCreated, TPaymentStatus, TQuote } from '@topup/shared';
import { randomKey } from '../api/client';
import type * as PaymentsModule from '../api/payments';
import { checkPhone } from '../api/phone';
import { paymentOptionsQuery, quoteQuery } from '../api/queries';
import {
  checkoutReducer,
  classifyCreateError,
  completeOrder,
  initialCheckout,
  isPayable,
  onChain,
  orderKind,
  problemWith,
  quoteRequest,
  recipientNumber,
  stepAt,
  stepIndex,
  stepProblem,
  wizardStepAt,
  type CheckoutAction,
  type CheckoutState,
  type CompleteOrder,
  type CreatedOrder,
  type CreateError,
  type Need,
  type PaymentMethod,
  type PayWith,
  type Problem,
  type StepSpec,
} from './checkout';
import { afterCreated, type Keeper } from './after-created';
import { forgetPayment, rememberedPayment, rememberPayment, type RememberedPayment } from './resume';
import { wizardAnswers, type WizardAction, type WizardStep } from './state';
import { isFinalStatus } from '../shared';

/** The calls of creating and following a payment (api/payments.ts), loaded once the checkout needs them. */
export type PaymentsApi = typeof PaymentsModule;
let payments: PaymentsApi | null = null;
const loadPayments = async (): Promise<PaymentsApi> => (payments ??= await import('../api/payments'));

export interface CheckoutOptions extends Keeper {
  steps: readonly StepSpec[];
  /** Where the checkout starts (read once). */
  start?: Partial<CheckoutState>;
  /** What paying needs before the order's own answers (and, on chain, the coin). */
  payNeeds?: readonly Need[];
  /** Creates the order with the surface's payload (spec section 7) through `api`, under the attempt's idempotency key. */
  create(api: PaymentsApi, order: CompleteOrder, payWith: PayWith, key: string, state: CheckoutState): Promise<CreatedOrder>;
  /** What the surface adds once the order exists (haptics, a toast), after the model's own steps. */
  onCreated?(order: CreatedOrder): void;
  onCreateFailed?(error: CreateError, cause: unknown): void;
  /** Every live status of the order being paid. */
  onStatus?(status: TPaymentStatus, order: CreatedOrder): void;
  /**
   * The step index of the surface's payment screen: an unfinished payment this browser remembers
   * (./resume.ts) is brought back there when the checkout starts, if GET /api/orders/open still has it.
   */
  resumeStep?: number;
}

export interface Checkout {
  state: CheckoutState;
  /** The one step index (./checkout.ts stepIndex): where the customer is on the surface's steps, from 1. */
  step: number;
  /** The wizard's step at that index (its last on a step that does not show it step by step). */
  wizardStep: WizardStep;
  kind: TOrderKind;
  /** The recipient as the API takes it. */
  number: string;
  /** A payment this browser remembered that is no longer open (expired, paid or cancelled meanwhile); null: none. */
  lapsed: Pick<RememberedPayment, 'paymentId' | 'orderToken'> | null;
  /** The server's price of what is chosen (cents); undefined until it answers. */
  quote: TQuote | undefined;
  /** The server could not quote what is chosen. */
  quoteFailed: boolean;
  /** The total in the chosen coin on a step that shows it: undefined while asked, null when it could not be had. */
  cryptoAmount: string | null | undefined;
  choose(action: WizardAction): void;
  setCoin(coin: TCoinSymbol): void;
  /** The coin the choice preselects (./PaymentChoice.tsx), taken only while none is chosen. */
  preselectCoin(coin: TCoinSymbol): void;
  setEmail(email: string): void;
  /** Checks the step's needs (and the number, on the server), then moves on; the problem when it did not. */
  next(): Promise<Problem | null>;
  /** To a step index. */
  goTo(step: number): void;
  /** One step back on the step index, within the step showing the wizard. */
  back(): void;
  /** Back to an earlier step index of the wizard, clearing the choices from there on (spec section 4). */
  jumpTo(step: number): void;
  /** Creates the order (one attempt at a time); `payment` or `createError` tells how it went, the problem why it was not tried. */
  pay(method?: PaymentMethod): Promise<Problem | null>;
  /**
   * The customer leaves the payment: an order still payable is released. `cancel` (the spec's
   * cancel-transaction) asks the server, which refuses for an order that received funds: the payment
   * then stays on screen with the server's reason (`state.notice`).
   */
  leave(how?: 'back' | 'cancel'): Promise<void>;
  reset(start?: Partial<CheckoutState>): void;
}

/** Releases the order's address when it can still be paid (spec section 4, "Wallet release"). */
function release(state: CheckoutState, how: 'back' | 'cancel'): void {
  // A payment exists, so its calls are loaded.
  if (!payments || !isPayable(state, Date.now())) return;
  const payment = state.payment as TPaymentCreated;
  if (how === 'cancel') void payments.cancelTransaction(payment);
  else void payments.releaseWallet(payment);
}

/** The checkout model (./checkout.ts) with its calls: number check, quote, creation, live status, leaving. */
export function useCheckout(options: CheckoutOptions): Checkout {
  const opts = useRef(options);
  opts.current = options;
  // The surface's steps are fixed: they say where its wizard's steps are.
  const [state, dispatch] = useReducer((s: CheckoutState, a: CheckoutAction) => checkoutReducer(s, a, options.steps), options.start, initialCheckout);
  const latest = useRef(state);
  const [lapsed, setLapsed] = useState<RememberedPayment | null>(null);
  latest.current = state;
  const creating = useRef(false);
  const queryClient = useQueryClient();

  const withCoin = stepAt(options.steps, state.step).spec.showsCryptoTotal === true;
  const dollars = useQuery(quoteQuery(quoteRequest(state)));
  const inCoin = useQuery(quoteQuery(withCoin ? quoteRequest(state, true) : null));

  // An unfinished payment of this browser comes back (a reload, a closed tab, the wallet app).
  useEffect(() => {
    const step = opts.current.resumeStep;
    const saved = rememberedPayment();
    if (step === undefined || !saved) return;
    let live = true;
    void loadPayments()
      .then((api) => api.openOrder(saved.orderToken))
      .then((open) => {
        if (!live || latest.current.payment) return;
        if (open.payment?.paymentId !== saved.paymentId) {
          // Not silently: the customer left it open, and its order page says what became of it.
          setLapsed(saved);
          return forgetPayment(saved.paymentId);
        }
        dispatch({ type: 'resume', payment: open.payment, status: open.status, wizard: wizardAnswers(saved.wizard), coin: saved.coin, step });
      })
      .catch((err: unknown) => console.error('open order', err));
    return () => {
      live = false;
    };
  }, []);

  const { payment } = state;
  useEffect(() => {
    if (!payment) return;
    let live = true;
    let stop: (() => void) | undefined;
    void loadPayments().then(({ watchPayment }) => {
      if (!live) return;
      stop = watchPayment(payment, (status) => {
        dispatch({ type: 'status', status });
        // Finished: nothing to bring back after a reload.
        if (isFinalStatus(status.status)) forgetPayment(payment.paymentId);
        opts.current.onStatus?.(status, payment);
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [payment]);

  // Leaving the page with the payment open releases it: a beacon when the page goes away, a release
  // when the surface goes (another page of the site).
  useEffect(() => {
    const onHide = (e: PageTransitionEvent) => {
      const s = latest.current;
      if (!e.persisted && s.payment && isPayable(s, Date.now())) payments?.autoCancelBeacon(s.payment);
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      release(latest.current, 'back');
    };
  }, []);

  // Stable, so that a surface's effects can choose without running again on every render.
  const choose = useCallback((action: WizardAction) => dispatch({ type: 'choose', action }), []);

  const fail = (problem: Problem) => {
    dispatch({ type: 'problem', problem });
    return problem;
  };

  return {
    state,
    step: stepIndex(state, options.steps),
    wizardStep: wizardStepAt(options.steps, state.step),
    lapsed,
    kind: orderKind(state),
    number: recipientNumber(state),
    quote: inCoin.data ?? dollars.data,
    quoteFailed: dollars.isError,
    cryptoAmount: !withCoin ? undefined : inCoin.isError ? null : inCoin.data?.crypto?.cryptoAmount,
    choose,
    setCoin: (coin) => dispatch({ type: 'setCoin', coin }),
    preselectCoin: (coin) => dispatch({ type: 'preselectCoin', coin }),
    setEmail: (email) => dispatch({ type: 'setEmail', email }),
    goTo: (step) => dispatch({ type: 'goTo', step }),
    back: () => dispatch({ type: 'back' }),
    jumpTo: (step) => dispatch({ type: 'jumpTo', step }),
    reset: (start) => dispatch({ type: 'reset', state: initialCheckout(start) }),

    async next() {
      const s = latest.current;
      const { steps } = opts.current;
      const { spec: step, next } = stepAt(steps, s.step);
      if (s.checking) return null;
      // Paying comes after the steps: its calls and the coins with their networks load meanwhile.
      void loadPayments();
      void queryClient.prefetchQuery(paymentOptionsQuery());
      const problem = stepProblem(s, step);
      if (problem) return fail(problem);
      if (step.checkNumber && s.wizard.country) {
        dispatch({ type: 'checking', on: true });
        // The quote the next step shows is fetched meanwhile, so that step opens with it.
        const request = quoteRequest(s);
        const [error] = await Promise.all([checkPhone(recipientNumber(s), s.wizard.country.code), request && queryClient.prefetchQuery(quoteQuery(request))]);
        dispatch({ type: 'checking', on: false });
        if (error) return fail({ need: 'phone', reason: 'invalid', message: error });
        // The number checked is the number going on, or nothing moves.
        if (latest.current.wizard !== s.wizard) return null;
      }
      // The last step has nowhere further to go.
      if (step !== steps.at(-1)) dispatch({ type: 'goTo', step: next });
      return null;
    },

    async pay(method = 'crypto') {
      const s = latest.current;
      if (creating.current) return null;
      // Paid on chain, it needs a coin too.
      const problem = problemWith(s, [...(opts.current.payNeeds ?? []), 'order', ...(method === 'crypto' ? (['coin'] as const) : [])]);
      if (problem) return fail(problem);
      const order = completeOrder(s.wizard);
      const payWith: PayWith | null = method === 'balance' ? { method } : s.coin ? { method, coin: s.coin } : null;
      // problemWith has said so already: this only tells the types.
      if (!order || !payWith) return null;
      creating.current = true;
      const key = s.attemptKey ?? randomKey();
      dispatch({ type: 'createStart', key });
      try {
        const created = await opts.current.create(await loadPayments(), order, payWith, key, s);
        dispatch({ type: 'created', payment: created });
        if (onChain(created)) rememberPayment({ paymentId: created.paymentId, orderToken: created.orderToken, wizard: s.wizard, coin: s.coin });
        afterCreated(queryClient, created, order, s.coin, opts.current);
        opts.current.onCreated?.(created);
      } catch (err) {
        const error = classifyCreateError(err, method, await (await loadPayments()).operatorMismatchOf(err));
        dispatch({ type: 'createFailed', error });
        opts.current.onCreateFailed?.(error, err);
      } finally {
        creating.current = false;
      }
      return null;
    },

    async leave(how = 'back') {
      const s = latest.current;
      const open = s.payment && onChain(s.payment) && !isFinalStatus(s.status?.status ?? s.payment.status) ? s.payment : null;
      if (how === 'cancel' && open && payments) {
        // The server decides: an order that received funds is not cancelled, and says why.
        const refusal = await payments.cancelTransaction(open);
        if (refusal) return dispatch({ type: 'cancelRefused', message: refusal });
      } else {
        release(s, how);
      }
      if (s.payment) forgetPayment(s.payment.paymentId);
      dispatch({ type: 'closePayment' });
    },
  };
}
