import { describe, expect, it } from 'vitest';
import type { TAmountOption, TBalanceOrderCreated, TCountry, TOperator, TPaymentCreated, TPaymentStatus } from '@topup/shared';
import { ApiError } from '../api/client';
import {
  balanceTopupWizard,
  checkoutReducer,
  classifyCreateError,
  completeOrder,
  createErrorText,
  initialCheckout,
  isPayable,
  orderKind,
  orderRequest,
  problemWith,
  quoteRequest,
  recipientNumber,
  recipientOf,
  stepIndex,
  stepProblem,
  stepShowing,
  wizardStepAt,
  type CheckoutAction,
  type CheckoutState,
  type StepSpec,
} from './checkout';
import { initialWizardState } from './state';
import { web } from '../../../shared/src/i18n/en/web';

const cameroon = { id: 120, name: 'Cameroon', code: 'CM', dialCode: '+237', flag: '', currencyCode: 'XAF' } as TCountry;
const mtn = { id: 53, operatorId: 53, name: 'MTN Cameroon' } as TOperator;
const ten = { id: '53-1000', amount: 10, localAmount: 6000, currencyCode: 'XAF' } as TAmountOption;

/** The surfaces' steps: where each shows the wizard. */
const recharge: StepSpec[] = [{ wizardSteps: 3 }, {}, {}];
const miniApp: StepSpec[] = [{ wizardSteps: 4 }, {}];
const compact: StepSpec[] = [{}, {}, {}, {}, {}, { paying: true }];

const on =
  (steps: readonly StepSpec[]) =>
  (state: CheckoutState, ...actions: CheckoutAction[]) =>
    actions.reduce((s, a) => checkoutReducer(s, a, steps), state);
const run = on(miniApp);
const choose = (action: CheckoutAction & { type: 'choose' }) => action;
const chosen = (): CheckoutState =>
  run(
    initialCheckout(),
    { type: 'choose', action: { type: 'selectCountry', country: cameroon } },
    { type: 'choose', action: { type: 'selectOperator', operator: mtn } },
    { type: 'choose', action: { type: 'selectAmount', amount: ten } },
    { type: 'choose', action: { type: 'setPhone', phone: '671 23 45 67' } },
    { type: 'setCoin', coin: 'USDT' },
  );

const created = {
  orderId: 7,
  paymentId: 'pay_abcdefghijklmnop',
  status: 'pending_crypto_payment',
  cryptocurrency: 'USDT',
  expiresAt: '2030-01-01T00:06:00.000Z',
} as TPaymentCreated;
const status = (s: TPaymentStatus['status'], orderId = 7) => ({ orderId, status: s, expiresAt: created.expiresAt }) as TPaymentStatus;
const BEFORE_EXPIRY = Date.parse('2030-01-01T00:05:00.000Z');

describe('checkout: what is bought', () => {
  it('reads the recipient, the kind and the order payload from the choices', () => {
    const s = chosen();
    expect(recipientNumber(s)).toBe('+237671234567');
    expect(orderKind(s)).toBe('recharge');
    const order = completeOrder(s.wizard);
    expect(order).toMatchObject({ kind: 'recharge', country: cameroon, operator: mtn, amount: ten, phone: '671 23 45 67', number: '+237671234567' });
    expect(order && orderRequest(order)).toEqual({ amount: 10, phoneNumber: '+237671234567', operatorId: 53, countryId: 120, serviceType: 'airtime' });
  });

  it("is a balance top-up with the spec's phone and country: no operator, no country id", () => {
    const s = initialCheckout({ step: 1, wizard: balanceTopupWizard(20) });
    expect(orderKind(s)).toBe('balance_topup');
    expect(recipientNumber(s)).toBe('balance_topup');
    const order = completeOrder(s.wizard);
    expect(order).toEqual({ kind: 'balance_topup', amount: expect.objectContaining({ amount: 20 }), number: 'balance_topup' });
    expect(order && orderRequest(order)).toEqual({ amount: 20, phoneNumber: 'balance_topup' });
    expect(order && recipientOf(order, 'USDT')).toBeNull();
    expect(problemWith(s, ['order'])).toBeNull();
    expect(balanceTopupWizard(null).amount).toBeNull();
    expect(completeOrder(balanceTopupWizard(null))).toBeNull();
  });

  it("asks the server's quote for the amount as the catalog gave it, of the order's kind, with the coin where shown", () => {
    expect(quoteRequest(initialCheckout())).toBeNull();
    expect(quoteRequest(chosen())).toEqual({ amount: '10', kind: 'recharge' });
    expect(quoteRequest(chosen(), true)).toEqual({ amount: '10', kind: 'recharge', coin: 'USDT' });
    expect(quoteRequest({ ...chosen(), coin: null }, true)).toBeNull();
    expect(quoteRequest(initialCheckout({ wizard: balanceTopupWizard(20), coin: 'ETH' }), true)).toEqual({ amount: '20', kind: 'balance_topup', coin: 'ETH' });
    // No coin yet (the coin choice preselects one): the dollars only.
    expect(initialCheckout().coin).toBeNull();
  });
});

describe('checkout: ready to pay', () => {
  it('is ready once every answer of a recharge is given, and says so with the answers typed', () => {
    const { wizard } = chosen();
    expect(completeOrder(initialWizardState)).toBeNull();
    expect(completeOrder({ ...wizard, country: null })).toBeNull();
    expect(completeOrder({ ...wizard, operator: null })).toBeNull();
    expect(completeOrder({ ...wizard, amount: null })).toBeNull();
    expect(completeOrder({ ...wizard, phone: '  ' })).toBeNull();
    expect(problemWith({ ...chosen(), wizard: { ...wizard, phone: '' } }, ['order'])).toEqual({ need: 'order', reason: 'missing' });
  });

  it("keeps the order's recipient for the browser's list (repeat in one tap)", () => {
    const order = completeOrder(chosen().wizard);
    expect(order && recipientOf(order, 'USDT')).toMatchObject({
      phoneNumber: '+237671234567',
      countryCode: 'CM',
      countryId: 120,
      operatorId: 53,
      operatorName: 'MTN Cameroon',
      lastAmountCents: 1000,
      lastCoin: 'USDT',
      lastLocalAmount: 6000,
      localCurrency: 'XAF',
    });
  });
});

describe('checkout: the one step index', () => {
  const country = choose({ type: 'choose', action: { type: 'selectCountry', country: cameroon } });
  const operator = choose({ type: 'choose', action: { type: 'selectOperator', operator: mtn } });
  const amount = choose({ type: 'choose', action: { type: 'selectAmount', amount: ten } });
  const phone = choose({ type: 'choose', action: { type: 'setPhone', phone: '671234567' } });

  it("moves with the wizard's choices on a step showing the wizard, one position per wizard step", () => {
    const mini = on(miniApp);
    expect(
      [initialCheckout(), mini(initialCheckout(), country), mini(initialCheckout(), country, operator), mini(initialCheckout(), country, operator, amount)].map(
        (s) => s.step,
      ),
    ).toEqual([1, 2, 3, 4]);
    expect(wizardStepAt(miniApp, 4)).toBe(4);
    // The mini-app's main button: on only once the step's choice is made.
    const next = choose({ type: 'choose', action: { type: 'next' } });
    expect(mini(initialCheckout(), next).step).toBe(1);
    expect(mini(mini(initialCheckout(), country), { type: 'goTo', step: 1 }, next).step).toBe(2);
  });

  it("stops at the last position of a step showing the wizard's last steps together (/recharge's details: the wizard's 3 and 4)", () => {
    const rc = on(recharge);
    const details = rc(initialCheckout(), country, operator, amount, phone);
    expect(details.step).toBe(3);
    expect(wizardStepAt(recharge, 3)).toBe(3);
    expect(rc(details, { type: 'back' }).step).toBe(2);
    expect(rc(details, { type: 'back' }, { type: 'back' }, { type: 'back' }).step).toBe(1);
  });

  it('does not move on a step that does not show the wizard step by step: /app, or the payment step', () => {
    const app = on(compact);
    const chosen = app(initialCheckout(), country, operator, amount, phone);
    expect(chosen.step).toBe(1);
    expect(chosen.wizard).toMatchObject({ country: cameroon, operator: mtn, amount: ten, phone: '671234567' });
    expect(wizardStepAt(compact, 1)).toBe(4);
    expect(app(chosen, { type: 'goTo', step: 3 }, { type: 'back' }).step).toBe(3);
    const rc = on(recharge);
    const paying = rc(chosen, { type: 'goTo', step: 4 });
    expect(rc(paying, choose({ type: 'choose', action: { type: 'selectOperator', operator: { ...mtn, id: 54 } } })).step).toBe(4);
    expect(rc(paying, { type: 'back' }).step).toBe(4);
  });

  it('jumps back to an earlier step of the wizard, clearing the choices from there on; never forward, never off the wizard', () => {
    const rc = on(recharge);
    const paying = rc(initialCheckout(), country, operator, amount, phone, { type: 'goTo', step: 4 });
    expect(rc(paying, { type: 'jumpTo', step: 2 })).toMatchObject({ step: 2, wizard: { country: cameroon, operator: null, amount: null, phone: '' } });
    expect(rc(paying, { type: 'jumpTo', step: 1 }).wizard).toEqual(initialWizardState);
    expect(rc(paying, { type: 'jumpTo', step: 3 })).toMatchObject({ step: 3, wizard: { operator: mtn, amount: null } });
    const two = rc(initialCheckout(), country);
    expect(rc(two, { type: 'jumpTo', step: 3 })).toBe(two);
    expect(rc(two, { type: 'jumpTo', step: 2 })).toBe(two);
    expect(rc(paying, { type: 'jumpTo', step: 5 })).toBe(paying);
  });

  it("opens on the step showing a wizard's step (recharge again: the number, on /recharge's details step)", () => {
    expect([1, 2, 3, 4].map((w) => stepShowing(miniApp, w as 1 | 2 | 3 | 4))).toEqual([1, 2, 3, 4]);
    expect([1, 2, 3, 4].map((w) => stepShowing(recharge, w as 1 | 2 | 3 | 4))).toEqual([1, 2, 3, 3]);
    expect(stepShowing(compact, 4)).toBe(1);
  });

  it('is on the paying step from the moment the order is being created, or failed to be', () => {
    const at = (step: number, more: Partial<CheckoutState> = {}) => initialCheckout({ step, ...more });
    expect(stepIndex(at(5), compact)).toBe(5);
    expect(stepIndex(at(5, { creating: true }), compact)).toBe(6);
    expect(stepIndex(at(5, { payment: created }), compact)).toBe(6);
    expect(stepIndex(at(5, { createError: classifyCreateError(new Error('offline'), 'crypto') }), compact)).toBe(6);
    // Without a paying step the order shows over the step it was created on.
    expect(stepIndex(at(4, { payment: created }), recharge)).toBe(4);
    expect(stepIndex(at(5, { payment: created }), miniApp)).toBe(5);
  });
});

describe('checkout: validation', () => {
  it('names the first need not met, in the order asked', () => {
    const empty = initialCheckout();
    expect(problemWith(empty, ['phone', 'amount'])).toEqual({ need: 'phone', reason: 'missing' });
    expect(problemWith({ ...empty, wizard: { ...initialWizardState, phone: '6' } }, ['phone', 'amount'])).toEqual({ need: 'amount', reason: 'missing' });
    expect(problemWith(empty, ['country', 'operator'])).toEqual({ need: 'country', reason: 'missing' });
    expect(problemWith(chosen(), ['country', 'operator', 'amount', 'phone', 'coin', 'order'])).toBeNull();
    expect(problemWith({ ...chosen(), coin: null }, ['coin'])).toEqual({ need: 'coin', reason: 'missing' });
    expect(problemWith({ ...chosen(), wizard: { ...chosen().wizard, operator: null } }, ['order'])).toEqual({ need: 'order', reason: 'missing' });
  });

  it("checks a step's needs, then the surface's own rule", () => {
    const rule = {
      needs: ['amount'] as const,
      check: (s: CheckoutState) => ((s.wizard.amount?.amount ?? 0) > 5 ? ({ need: 'amount', reason: 'invalid', message: 'At most $5.' } as const) : null),
    };
    expect(stepProblem(initialCheckout(), rule)).toEqual({ need: 'amount', reason: 'missing' });
    expect(stepProblem(chosen(), rule)).toEqual({ need: 'amount', reason: 'invalid', message: 'At most $5.' });
    expect(stepProblem(chosen(), {})).toBeNull();
  });

  it('takes the e-mail as optional, and refuses one that is not an address', () => {
    expect(problemWith(chosen(), ['email'])).toBeNull();
    expect(problemWith({ ...chosen(), email: ' ada@example.com ' }, ['email'])).toBeNull();
    expect(problemWith({ ...chosen(), email: 'not-an-email' }, ['email'])).toEqual({ need: 'email', reason: 'invalid' });
  });

  it("takes the server's default coin while none is chosen, without forgetting a problem", () => {
    const refused = run({ ...chosen(), coin: null }, { type: 'problem', problem: { need: 'phone', reason: 'missing' } });
    const preselected = run(refused, { type: 'preselectCoin', coin: 'USDT' });
    expect(preselected).toMatchObject({ coin: 'USDT', problem: { need: 'phone' } });
    expect(run(preselected, { type: 'setCoin', coin: 'ETH' }, { type: 'preselectCoin', coin: 'USDT' }).coin).toBe('ETH');
  });

  it('forgets a problem once anything changes or the step moves', () => {
    const refused = run(chosen(), { type: 'problem', problem: { need: 'phone', reason: 'invalid', message: 'Invalid phone number format' } });
    expect(refused.problem?.message).toBe('Invalid phone number format');
    expect(run(refused, { type: 'choose', action: { type: 'setPhone', phone: '671234568' } }).problem).toBeNull();
    expect(run(refused, { type: 'setEmail', email: 'a' }).problem).toBeNull();
    expect(run(refused, { type: 'goTo', step: 1 }).problem).toBeNull();
  });
});

describe('checkout: creating the order', () => {
  it('keeps the idempotency key after a failure that may have created the order, and only then', () => {
    const started = run(chosen(), { type: 'createStart', key: 'k1' });
    expect(started).toMatchObject({ creating: true, attemptKey: 'k1' });
    const lost = run(started, { type: 'createFailed', error: classifyCreateError(new TypeError('Failed to fetch'), 'crypto') });
    expect(lost).toMatchObject({ creating: false, attemptKey: 'k1', createError: { kind: 'failed', status: null } });
    const broken = run(started, { type: 'createFailed', error: classifyCreateError(new ApiError(502, 'HTTP_ERROR', null, '502: Bad Gateway'), 'crypto') });
    expect(broken.attemptKey).toBe('k1');
    const refused = run(started, {
      type: 'createFailed',
      error: classifyCreateError(new ApiError(400, 'AMOUNT_OUT_OF_RANGE', 'Amount must be between $5.00 and $500.00.', '400: '), 'crypto'),
    });
    expect(refused.attemptKey).toBeNull();
    const busy = run(started, { type: 'createFailed', error: classifyCreateError(new ApiError(429, 'HTTP_ERROR', null, '429: '), 'crypto') });
    expect(busy.attemptKey).toBeNull();
    expect(run(started, { type: 'created', payment: created })).toMatchObject({ creating: false, attemptKey: null, payment: created, status: null });
  });

  it('takes a new key for another request: another coin, amount, number or e-mail', () => {
    const kept = run(chosen(), { type: 'createStart', key: 'k1' }, { type: 'createFailed', error: classifyCreateError(new TypeError('x'), 'crypto') });
    expect(run(kept, { type: 'setCoin', coin: 'USDT' }).attemptKey).toBe('k1');
    expect(run(kept, { type: 'goTo', step: 1 }).attemptKey).toBe('k1');
    expect(run(kept, { type: 'setCoin', coin: 'ETH' }).attemptKey).toBeNull();
    expect(run(kept, { type: 'choose', action: { type: 'setPhone', phone: '699' } }).attemptKey).toBeNull();
    expect(run(kept, { type: 'setEmail', email: 'ada@example.com' }).attemptKey).toBeNull();
  });

  it('says a failure in each surface’s words, a busy wallet in the spec’s (the page’s language)', () => {
    const words = {
      refused: (m: string) => `Payment creation failed: ${m}`,
      failed: (s: number | null) => (s ? `Payment creation failed: ${s}` : 'Payment creation failed'),
      busy: web.walletBusy,
    };
    expect(createErrorText(classifyCreateError(new ApiError(429, 'HTTP_ERROR', null, '429: '), 'crypto'), words)).toBe(
      'Cryptocurrency wallet temporarily unavailable. Please try again in a moment.',
    );
    expect(createErrorText(classifyCreateError(new ApiError(429, 'HTTP_ERROR', 'Wallet busy', '429: '), 'crypto'), words)).toBe('Wallet busy');
    expect(createErrorText(classifyCreateError(new ApiError(400, 'INVALID_PHONE', 'Bad number', '400: '), 'crypto'), words)).toBe(
      'Payment creation failed: Bad number',
    );
    expect(createErrorText(classifyCreateError(new ApiError(503, 'MAINTENANCE', 'x', '503: '), 'crypto'), words)).toBe('Payment creation failed: 503');
    expect(createErrorText(classifyCreateError(new Error('offline'), 'balance'), words)).toBe('Payment creation failed');
  });
});

describe('checkout: the order being paid', () => {
  const paying = () => run(chosen(), { type: 'createStart', key: 'k' }, { type: 'created', payment: created });

  it('follows the live status of its own order only', () => {
    const s = run(paying(), { type: 'status', status: status('confirming') }, { type: 'status', status: status('completed', 8) });
    expect(s.status?.status).toBe('confirming');
  });

  it('is payable (released when left) only while unpaid and within its window', () => {
    expect(isPayable(paying(), BEFORE_EXPIRY)).toBe(true);
    expect(isPayable(paying(), Date.parse(created.expiresAt))).toBe(false);
    expect(isPayable(run(paying(), { type: 'status', status: status('confirming') }), BEFORE_EXPIRY)).toBe(false);
    expect(isPayable(run(paying(), { type: 'status', status: status('pending_crypto_payment') }), BEFORE_EXPIRY)).toBe(true);
    // Paid from the balance: there is nothing to release.
    const fromBalance = run(chosen(), { type: 'created', payment: { orderId: 9, paymentMethod: 'balance', status: 'paid' } as TBalanceOrderCreated });
    expect(isPayable(fromBalance, BEFORE_EXPIRY)).toBe(false);
  });

  it('closing the payment clears it and any creation failure; the choices stay', () => {
    const closed = run(paying(), { type: 'status', status: status('pending_crypto_payment') }, { type: 'closePayment' });
    expect(closed).toMatchObject({ payment: null, status: null, createError: null, wizard: chosen().wizard });
  });
});
