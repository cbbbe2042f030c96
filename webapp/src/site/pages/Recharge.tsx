import './pages.css';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCoinSymbol, TCountry, TPaymentCreated, TPaymentStatus } from '@topup/shared';
import { ApiError, randomKey } from '../../api/client';
import { amountsQuery, countriesQuery, cryptoPriceQuery, operatorsQuery, pricingQuery, siteConfigQuery } from '../../api/queries';
import {
  cancelTransaction,
  checkPhone,
  createBalancePayment,
  createCryptoPayment,
  internationalNumber,
  releaseWallet,
  watchPayment,
} from '../../api/payments';
import { useToast } from '../../components/Toast';
import { BALANCE_TOPUP_COUNTRY_NAME, BALANCE_TOPUP_PHONE, DEFAULT_COIN, formatDateTime, formatUsd, isEmailAddress } from '../../shared';
import {
  canJumpTo,
  centsOf,
  CoinStep,
  dialPrefix,
  Flag,
  initialWizardState,
  Notice,
  StepProgress,
  usd,
  wizardReducer,
  WizardSteps,
  type WizardState,
  type WizardStep,
} from '../../wizard';
import type { OverlayState } from '../../wizard/PaymentOverlay';
import type { PaymentView } from '../../wizard/PaymentScreen';
import { PageLoading } from '../components/PageLoading';
import { useReleaseOnLeave } from '../leave-payment';
import { usePageMeta } from '../meta';
import { Link, navigate, useLocation } from '../router';
import { rememberOrder, useUser } from '../session';
import { openSupportChat, whatsappLink } from '../support';

const loadOverlay = () => import('../../wizard/PaymentOverlay');
const PaymentOverlay = lazy(loadOverlay);

/**
 * The five-step wizard on /recharge (spec section 2, "Five-step wizard"): steps 1-3 are the four-step
 * wizard's (country, operator, details: phone and amount) from the shared step components; step 4 the
 * crypto payment (summary, coin, optional e-mail, the payment overlay); step 5 success.
 */

export const STEP_LABELS = ['Country', 'Operator', 'Details', 'Payment', 'Success'] as const;

type Stage = 'wizard' | 'pay' | 'success';

interface Saved {
  wizard: WizardState;
  stage: Exclude<Stage, 'success'>;
  coin: TCoinSymbol;
}

/** The pseudo country of a balance top-up (spec: phone 'balance_topup', country 'Balance Top-up'). */
const BALANCE_COUNTRY: TCountry = { id: 0, name: BALANCE_TOPUP_COUNTRY_NAME, code: '', dialCode: '', flag: '', currencyCode: null };

/**
 * Where the wizard starts: the progress saved in this history entry (a reload or Back keeps it; a new
 * visit to /recharge starts afresh), a balance top-up handed over by /add-balance, or step 1 (with the
 * data service type for /recharge?service=data).
 */
function initialState(historyState: unknown, search: string): Saved {
  const state = historyState as { recharge?: Saved; balanceTopup?: unknown } | null;
  const saved = state?.recharge;
  if (saved && typeof saved === 'object' && saved.wizard && (saved.stage === 'wizard' || saved.stage === 'pay')) {
    return { coin: saved.coin ?? DEFAULT_COIN, stage: saved.stage, wizard: { ...initialWizardState, ...saved.wizard } };
  }
  const handoff = state?.balanceTopup;
  if (handoff !== undefined) {
    const amount = typeof handoff === 'number' && handoff > 0 ? { id: `balance-${handoff}`, amount: handoff, localAmount: null, currencySymbol: null, currencyCode: null, description: null } : null;
    return { wizard: { ...initialWizardState, step: 4, country: BALANCE_COUNTRY, phone: BALANCE_TOPUP_PHONE, amount }, stage: 'pay', coin: DEFAULT_COIN };
  }
  const serviceType = new URLSearchParams(search).get('service') === 'data' ? 'data' : 'airtime';
  return { wizard: { ...initialWizardState, serviceType }, stage: 'wizard', coin: DEFAULT_COIN };
}

const isBalanceTopup = (w: WizardState) => w.phone === BALANCE_TOPUP_PHONE && w.country?.name === BALANCE_TOPUP_COUNTRY_NAME;

interface Done {
  orderId: number;
  transactionId: string | null;
  date: string;
  recipient: string;
  operator: string;
  amount: number;
  balanceTopup: boolean;
}

export default function Recharge() {
  usePageMeta('Recharge Now', 'Send mobile credit to your loved ones in minutes: choose a country, an operator and an amount, and pay with cryptocurrency.');
  const location = useLocation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useUser();
  const [init] = useState(() => initialState(location.state, location.search));
  const [wizard, dispatch] = useReducer(wizardReducer, init.wizard);
  const [stage, setStage] = useState<Stage>(init.stage);
  const [coin, setCoin] = useState<TCoinSymbol | null>(init.coin);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const [creating, setCreating] = useState(false);
  const [overlay, setOverlay] = useState<OverlayState | null>(null);
  const [balanceOrder, setBalanceOrder] = useState<{ orderId: number; paymentId: string; status: TPaymentStatus | null } | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const attemptKey = useRef<string | null>(null);

  const { country, operator, amount } = wizard;
  const balanceTopup = isBalanceTopup(wizard);
  const countries = useQuery(countriesQuery());
  const operators = useQuery(operatorsQuery(balanceTopup ? undefined : country?.id, wizard.serviceType));
  const amounts = useQuery(amountsQuery(operator?.id, wizard.serviceType));
  const pricing = useQuery(pricingQuery());
  const siteConfig = useQuery(siteConfigQuery());
  const serviceFee = balanceTopup ? 0 : pricing.data?.serviceFee;
  const totalCents = amount ? centsOf(amount.amount) + (serviceFee === undefined ? 0 : centsOf(serviceFee)) : 0;
  const quote = useQuery(cryptoPriceQuery(stage === 'pay' && coin && serviceFee !== undefined && amount ? (totalCents / 100).toFixed(2) : undefined, coin ?? DEFAULT_COIN));
  const phoneNumber = balanceTopup ? BALANCE_TOPUP_PHONE : country ? internationalNumber(country.dialCode, wizard.phone) : wizard.phone;
  const siteStep = stage === 'success' ? 5 : stage === 'pay' ? 4 : (Math.min(wizard.step, 3) as 1 | 2 | 3);

  // The progress is kept in this history entry (a reload or Back returns to it); a finished recharge is not.
  useEffect(() => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    const recharge = stage === 'success' ? undefined : ({ wizard, stage, coin: coin ?? DEFAULT_COIN } satisfies Saved);
    window.history.replaceState({ ...state, recharge }, '');
  }, [wizard, stage, coin]);

  // Spec: the page scrolls to the top on each move.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [siteStep]);

  useEffect(() => {
    if (stage === 'pay') void loadOverlay();
  }, [stage]);

  // The overlay is modal: the page behind it can be neither reached nor read until it closes (the
  // support widget stays usable, above it).
  const modal = overlay !== null;
  useEffect(() => {
    if (!modal) return;
    const behind = [...document.querySelectorAll('.site-header, .site-main, .site-footer')];
    behind.forEach((el) => el.setAttribute('inert', ''));
    document.body.classList.add('modal-open');
    return () => {
      behind.forEach((el) => el.removeAttribute('inert'));
      document.body.classList.remove('modal-open');
    };
  }, [modal]);

  const payment = overlay?.payment ?? null;
  const unpaid = overlay?.kind === 'processing' && (overlay.status?.status ?? overlay.payment.status) === 'pending_crypto_payment';

  // Live status of the payment on the overlay.
  useEffect(() => {
    if (overlay?.kind !== 'processing') return;
    const { payment: p } = overlay;
    return watchPayment(p, (status) => setOverlay((o) => (o?.kind === 'processing' && o.payment.paymentId === p.paymentId ? { ...o, status } : o)));
  }, [overlay?.kind, payment?.paymentId]);

  // Spec: leaving while the payment is open releases the address (a beacon when the page goes away).
  useReleaseOnLeave(unpaid, payment);

  const refreshAccount = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/balance'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
  }, [queryClient]);

  const succeed = useCallback(
    (ref: { orderId: number }, status: TPaymentStatus | null) => {
      setDone({
        orderId: ref.orderId,
        transactionId: status?.providerTransactionId ?? null,
        date: status?.updatedAt ?? new Date().toISOString(),
        recipient: balanceTopup ? 'Your balance' : country ? `${dialPrefix(country.dialCode)} ${wizard.phone.trim()}` : phoneNumber,
        operator: balanceTopup ? BALANCE_TOPUP_COUNTRY_NAME : (operator?.name ?? ''),
        amount: amount?.amount ?? 0,
        balanceTopup,
      });
      setOverlay(null);
      setBalanceOrder(null);
      setStage('success');
      refreshAccount();
    },
    [balanceTopup, country, wizard.phone, phoneNumber, operator, amount, refreshAccount],
  );

  const onViewChange = useCallback(
    (view: PaymentView) => {
      // Spec: on completed the wizard advances to step 5.
      if (view === 'completed' && overlay?.kind === 'processing') succeed(overlay.payment, overlay.status);
      if (view === 'failed') refreshAccount();
    },
    [overlay, succeed, refreshAccount],
  );

  // A recharge paid from the balance: its status until it is delivered.
  useEffect(() => {
    if (!balanceOrder) return;
    return watchPayment(balanceOrder, (status) => {
      if (status.status === 'completed') succeed(balanceOrder, status);
      else if (status.status === 'failed') {
        setBalanceOrder(null);
        refreshAccount();
        toast({ title: 'Top-up Failed', description: 'The recharge could not be completed. The amount is back on your balance.', variant: 'destructive' });
      } else setBalanceOrder((b) => (b ? { ...b, status } : b));
    });
  }, [balanceOrder?.paymentId]);

  const startOver = useCallback(() => {
    setOverlay(null);
    setBalanceOrder(null);
    setDone(null);
    setEmail('');
    setEmailError(null);
    setPhoneError(null);
    setCoin(DEFAULT_COIN);
    dispatch({ type: 'reset' });
    setStage('wizard');
    if (balanceTopup) navigate('/recharge', { replace: true });
  }, [balanceTopup]);

  /** 'Continue to Payment': phone required, an amount required, then the server's check of the number. */
  const continueToPayment = async () => {
    if (!wizard.phone.trim()) return void setPhoneError('Phone number is required');
    if (!amount || !country || !operator) return toast({ title: 'Please select an amount', variant: 'destructive' });
    setPhoneError(null);
    setValidating(true);
    const error = await checkPhone(phoneNumber, country.code);
    setValidating(false);
    if (error) return void setPhoneError(error);
    attemptKey.current = null;
    setStage('pay');
  };

  const checkPayment = (): boolean => {
    const value = email.trim();
    if (value && !isEmailAddress(value)) {
      setEmailError('Please enter a valid email address.');
      return false;
    }
    setEmailError(null);
    if (!amount || !phoneNumber || (!balanceTopup && (!operator || !country))) {
      toast({ title: 'Missing required payment information. Please complete all steps first.', variant: 'destructive' });
      return false;
    }
    return true;
  };

  const createPayment = async () => {
    if (creating || !coin || !checkPayment() || !amount) return;
    setCreating(true);
    attemptKey.current ??= randomKey();
    try {
      const created: TPaymentCreated = await createCryptoPayment(
        {
          amount: amount.amount,
          phoneNumber,
          ...(balanceTopup ? {} : { operatorId: operator!.operatorId, countryId: country!.id, serviceType: wizard.serviceType }),
          cryptoCurrency: coin,
          ...(email.trim() ? { email: email.trim() } : {}),
        },
        attemptKey.current,
      );
      attemptKey.current = null;
      rememberOrder(created.orderToken, !!user.data);
      setOverlay({ kind: 'processing', payment: created, status: null });
      void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    } catch (err) {
      // A refusal is final; after a network error or a 5xx the order may exist: a retry keeps the key.
      if (err instanceof ApiError && err.status < 500) attemptKey.current = null;
      const message =
        err instanceof ApiError && err.status === 429
          ? err.message || 'Cryptocurrency wallet temporarily unavailable. Please try again in a moment.'
          : err instanceof ApiError && err.status < 500
            ? `Payment creation failed: ${err.message}`
            : 'Payment creation failed';
      setOverlay({ kind: 'failed', payment: null, status: null, message });
    } finally {
      setCreating(false);
    }
  };

  const payFromBalance = async () => {
    if (creating || !checkPayment() || !amount || !operator || !country) return;
    setCreating(true);
    attemptKey.current ??= randomKey();
    try {
      const created = await createBalancePayment(
        { amount: amount.amount, phoneNumber, operatorId: operator.operatorId, countryId: country.id, serviceType: wizard.serviceType, ...(email.trim() ? { email: email.trim() } : {}) },
        attemptKey.current,
      );
      attemptKey.current = null;
      setBalanceOrder({ orderId: created.orderId, paymentId: created.paymentId, status: null });
      refreshAccount();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) attemptKey.current = null;
      toast({ title: 'Payment Failed', description: err instanceof ApiError ? err.message : 'Payment creation failed', variant: 'destructive' });
    } finally {
      setCreating(false);
    }
  };

  const leaveOverlay = (how: 'back' | 'cancel') => {
    if (payment && unpaid) {
      if (how === 'back') void releaseWallet(payment);
      else void cancelTransaction(payment);
    }
    setOverlay(null);
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
  };

  const backInWizard = () => {
    setPhoneError(null);
    // The details step is the state's steps 3 and 4: back to the operator.
    if (wizard.step === 4) dispatch({ type: 'back' });
    dispatch({ type: 'back' });
  };

  const support = siteConfig.data?.support;
  const contactSupport = () => {
    const link = whatsappLink(support?.whatsapp, `Hello! My payment ${payment?.paymentId ?? ''} was received but the recharge failed.`);
    if (link) window.open(link, '_blank', 'noopener');
    else openSupportChat();
  };

  const invalid =
    (stage === 'pay' && (!country || !amount || (!balanceTopup && !operator))) || (stage === 'success' && !done);
  const maintenance = pricing.data?.maintenanceMode === true;
  const userBalance = user.data?.balance;
  const canPayFromBalance = !balanceTopup && userBalance !== undefined && serviceFee !== undefined && centsOf(userBalance) >= totalCents;

  return (
    <div className="page recharge-page">
      <div className="container narrow">
        <header className="page-intro">
          <h1>{balanceTopup ? 'Add Balance' : 'Recharge Now'}</h1>
          <p className="lead">{balanceTopup ? 'Top up your balance with cryptocurrency' : 'Send mobile credit to your loved ones in minutes'}</p>
        </header>
        <div className="wz wizard-card">
          <StepProgress
            labels={STEP_LABELS}
            current={siteStep}
            isDone={(s) => s < siteStep}
            canJump={(s) => !balanceTopup && stage !== 'success' && !overlay && !balanceOrder && s < siteStep && canJumpTo({ ...wizard, step: 4 }, s as WizardStep)}
            onJump={(s) => {
              setPhoneError(null);
              setStage('wizard');
              // Jumping back clears the choices from that step on (spec section 4).
              dispatch({ type: 'jumpTo', step: s as WizardStep });
            }}
          />

          {maintenance && stage !== 'success' && <Notice kind="error">New orders are paused for maintenance. Please try again later.</Notice>}

          {invalid ? (
            <div className="wz-result" role="alert">
              <Notice kind="error">Invalid order state. Please start a new recharge.</Notice>
              <button type="button" className="wz-button" onClick={startOver}>
                Start New Recharge
              </button>
            </div>
          ) : stage === 'wizard' ? (
            <>
              <WizardSteps
                wizard={wizard}
                countries={countries}
                operators={operators}
                amounts={amounts}
                limits={pricing.data}
                onChoose={dispatch}
                onPhoneChange={(phone) => {
                  setPhoneError(null);
                  dispatch({ type: 'setPhone', phone });
                }}
                phoneError={phoneError}
                onPhoneSubmit={() => void continueToPayment()}
                details={(phoneStep, amountStep) => (
                  <div className="details-step">
                    {phoneStep}
                    {amountStep}
                    <button type="button" className="wz-button" disabled={validating || maintenance} onClick={() => void continueToPayment()}>
                      {validating ? 'Checking the number...' : 'Continue to Payment'}
                    </button>
                  </div>
                )}
              />
              {siteStep > 1 && (
                <button type="button" className="wz-button wz-button-secondary back-button" onClick={backInWizard}>
                  ‹ Back
                </button>
              )}
            </>
          ) : stage === 'pay' && amount ? (
            <div className="pay-step">
              <PaySummary wizard={wizard} balanceTopup={balanceTopup} serviceFee={serviceFee} totalCents={totalCents} />
              <CoinStep
                selected={coin}
                onSelect={(c) => {
                  // Another coin is another request: a new idempotency key.
                  if (c !== coin) attemptKey.current = null;
                  setCoin(c);
                }}
                totalCents={totalCents}
                cryptoAmount={serviceFee === undefined ? undefined : quote.isError ? null : quote.data?.cryptoAmount}
              >
                <div className="field">
                  <label htmlFor="receipt-email">Email (optional)</label>
                  <input
                    id="receipt-email"
                    className="wz-input"
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                    value={email}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      setEmailError(null);
                    }}
                    aria-invalid={emailError ? true : undefined}
                    aria-describedby="receipt-email-hint"
                  />
                  <p id="receipt-email-hint" className="wz-hint">
                    We&apos;ll send your receipt to this address.
                  </p>
                  {emailError && (
                    <p className="wz-field-error" role="alert">
                      {emailError}
                    </p>
                  )}
                </div>
                {balanceOrder ? (
                  <div className="wz-status wz-status-processing" role="status">
                    <span className="wz-status-icon wz-spinner" aria-hidden="true" />
                    <strong className="wz-status-text">Payment Received - Processing Top-up...</strong>
                  </div>
                ) : (
                  <div className="pay-actions">
                    <button type="button" className="wz-button wz-button-secondary" onClick={() => (balanceTopup ? navigate('/add-balance') : setStage('wizard'))}>
                      Go Back
                    </button>
                    <button type="button" className="wz-button" disabled={creating || !coin || maintenance} onClick={() => void createPayment()}>
                      {creating ? 'Processing Payment...' : `Create ${coin ?? ''} Payment`}
                    </button>
                  </div>
                )}
                {canPayFromBalance && !balanceOrder && (
                  <div className="balance-pay">
                    <p className="wz-hint">Your balance: {formatUsd(centsOf(userBalance))}</p>
                    <button type="button" className="wz-button wz-button-secondary" disabled={creating || maintenance} onClick={() => void payFromBalance()}>
                      Pay {formatUsd(totalCents)} from balance
                    </button>
                  </div>
                )}
              </CoinStep>
            </div>
          ) : stage === 'success' && done ? (
            <SuccessStep done={done} onNew={startOver} />
          ) : null}
        </div>
      </div>

      {overlay &&
        createPortal(
          <Suspense fallback={<PageLoading />}>
            <PaymentOverlay
              state={overlay}
              onBack={() => leaveOverlay('back')}
              onCancel={() => leaveOverlay('cancel')}
              onNewPayment={() => setOverlay(null)}
              onStartOver={() => (overlay.kind === 'failed' && !overlay.payment ? setOverlay(null) : startOver())}
              onContactSupport={contactSupport}
              onCopied={() => toast({ title: 'Copied to clipboard!', duration: 2000 })}
              onViewChange={onViewChange}
              failedNote={
                user.data ? (
                  'Its value has been credited to your balance.'
                ) : (
                  <>
                    Its value is kept for you: <Link to="/sign-in">sign in</Link> in this browser and it moves to your balance.
                  </>
                )
              }
            />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}

/** Step 4's summary (spec): country with flag, operator, phone with dial code, service type, amount, fee, total. */
function PaySummary({ wizard, balanceTopup, serviceFee, totalCents }: { wizard: WizardState; balanceTopup: boolean; serviceFee: number | undefined; totalCents: number }) {
  const { country, operator, amount } = wizard;
  return (
    <section className="wz-summary" aria-label="Order summary">
      <h2 className="wz-subheading">Order summary</h2>
      <dl>
        {balanceTopup ? (
          <div>
            <dt>Top-up</dt>
            <dd>💰 {BALANCE_TOPUP_COUNTRY_NAME}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Country</dt>
              <dd>{country && <Flag country={country} size={20} />} {country?.name}</dd>
            </div>
            <div>
              <dt>Operator</dt>
              <dd>{operator?.name}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{country ? `${dialPrefix(country.dialCode)} ${wizard.phone.trim()}` : wizard.phone}</dd>
            </div>
            <div>
              <dt>Service</dt>
              <dd>{wizard.serviceType === 'data' ? 'Data Bundle' : 'Airtime'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Amount</dt>
          <dd>{amount ? `${usd(amount.amount)} USD` : ''}</dd>
        </div>
        {!balanceTopup && (
          <div>
            <dt>Service fee</dt>
            <dd>{serviceFee === undefined ? 'Loading...' : `${usd(serviceFee)} USD`}</dd>
          </div>
        )}
        <div className="wz-total">
          <dt>Total</dt>
          <dd>{serviceFee === undefined ? 'Loading...' : `${formatUsd(totalCents)} USD`}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Step 5 (spec): 'Top-up Successful!', transaction id, date, recipient, operator, amount, status; history or a new recharge. */
function SuccessStep({ done, onNew }: { done: Done; onNew(): void }) {
  return (
    <section className="wz-step wz-success" aria-labelledby="success-heading">
      <div className="wz-success-icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="success-heading" className="wz-heading">
        Top-up Successful!
      </h2>
      <dl className="wz-summary success-details">
        <div>
          <dt>Transaction ID</dt>
          <dd data-testid="transaction-id">{done.transactionId ?? `#${done.orderId}`}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(done.date)}</dd>
        </div>
        <div>
          <dt>Recipient</dt>
          <dd>{done.recipient}</dd>
        </div>
        <div>
          <dt>{done.balanceTopup ? 'Type' : 'Operator'}</dt>
          <dd>{done.operator}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{usd(done.amount)} USD</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="status-completed">Completed</dd>
        </div>
      </dl>
      <div className="pay-actions">
        <Link to={done.balanceTopup ? '/dashboard' : '/orders'} className="wz-button wz-button-secondary">
          {done.balanceTopup ? 'View Dashboard' : 'View Order History'}
        </Link>
        <button type="button" className="wz-button" onClick={onNew}>
          New Recharge
        </button>
      </div>
    </section>
  );
}
