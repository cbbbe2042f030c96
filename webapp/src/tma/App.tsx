import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppRoot, Banner, Button, Spinner } from '@telegram-apps/telegram-ui';
import type { TCoinSymbol, TPaymentCreated, TPaymentStatus } from '@topup/shared';
import { ApiError, randomKey } from '../api/client';
import { amountsQuery, countriesQuery, cryptoPriceQuery, operatorsQuery, pricingQuery } from '../api/queries';
import { autoCancelBeacon, checkPhone, createCryptoPayment, internationalNumber, releaseWallet, watchPayment } from '../api/payments';
import { useToast } from '../components/Toast';
import { DEFAULT_COIN } from '../shared';
import {
  canAdvance,
  canJumpTo,
  centsOf,
  CoinStep,
  dialPrefix,
  initialWizardState,
  isReadyToPay,
  isStepDone,
  Notice,
  OrderSummary,
  StepProgress,
  WIZARD_STEP_LABELS,
  wizardReducer,
  WizardSteps,
  type WizardAction,
  type WizardStep,
} from '../wizard';
import type { PaymentView } from '../wizard/PaymentScreen';
import { haptics, useBackButton, useClosingConfirmation, useIsDark, useMainButton, type MainButtonSpec, type TelegramEnv } from './telegram';

const loadPaymentScreen = () => import('../wizard/PaymentScreen');
const PaymentScreen = lazy(loadPaymentScreen);
const OrdersScreen = lazy(() => import('./OrdersScreen'));

type Screen = 'wizard' | 'coin' | 'payment' | 'orders';

/** Spec: the main button's label per step of the Telegram wizard. */
export const MAIN_BUTTON_LABELS: Record<WizardStep, string> = { 1: 'Select Operator', 2: 'Choose Amount', 3: 'Enter Phone', 4: 'Pay with Crypto' };

/** Spec section 6: the Telegram flow sends a placeholder e-mail from the username at a Telegram-style domain. */
const placeholderEmail = (env: TelegramEnv) => `${env.user?.username ?? 'telegram_user'}@telegram.org`;

export function App({ env }: { env: TelegramEnv }) {
  const dark = useIsDark(env.inTelegram);
  const toast = useToast();
  const [wizard, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [screen, setScreen] = useState<Screen>('wizard');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [validating, setValidating] = useState(false);
  const [coin, setCoin] = useState<TCoinSymbol>(DEFAULT_COIN);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [payment, setPayment] = useState<TPaymentCreated | null>(null);
  const [status, setStatus] = useState<TPaymentStatus | null>(null);
  const [view, setView] = useState<PaymentView | null>(null);
  const attemptKey = useRef<string | null>(null);

  const { country, operator, amount, step } = wizard;
  const countries = useQuery(countriesQuery());
  const operators = useQuery(operatorsQuery(country?.id, wizard.serviceType));
  const amounts = useQuery(amountsQuery(operator?.id, wizard.serviceType));
  const pricing = useQuery(pricingQuery());
  const serviceFee = pricing.data?.serviceFee;
  const totalCents = amount ? centsOf(amount.amount) + (serviceFee === undefined ? 0 : centsOf(serviceFee)) : 0;
  const quote = useQuery(cryptoPriceQuery(screen === 'coin' && serviceFee !== undefined ? (totalCents / 100).toFixed(2) : undefined, coin));
  const phoneNumber = country ? internationalNumber(country.dialCode, wizard.phone) : wizard.phone;
  const ready = isReadyToPay(wizard);

  // Spec section 4: the page scrolls to the top on each move.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step, screen]);

  const choose = (action: WizardAction) => {
    haptics.select();
    dispatch(action);
  };

  /** 'Pay with Crypto': phone required, amount required, then the server's check of the number. */
  const pay = async () => {
    if (!wizard.phone.trim()) {
      haptics.error();
      return void setPhoneError('Phone number is required');
    }
    if (!amount || !country || !operator) return toast({ title: 'Please select an amount', variant: 'destructive' });
    setPhoneError(null);
    setValidating(true);
    const error = await checkPhone(phoneNumber, country.code);
    setValidating(false);
    if (error) {
      haptics.error();
      return void setPhoneError(error);
    }
    attemptKey.current = null;
    setCreateError(null);
    setScreen('coin');
    void loadPaymentScreen();
  };

  const createPayment = async () => {
    if (!ready || creating) return;
    setCreating(true);
    setCreateError(null);
    attemptKey.current ??= randomKey();
    try {
      const created = await createCryptoPayment(
        {
          countryId: wizard.country.id,
          operatorId: wizard.operator.operatorId,
          amount: wizard.amount.amount,
          phoneNumber,
          ...(env.inTelegram ? { customerEmail: placeholderEmail(env) } : {}),
          cryptoCurrency: coin,
          serviceType: wizard.serviceType,
        },
        attemptKey.current,
      );
      attemptKey.current = null;
      haptics.heavy();
      setStatus(null);
      setView(null);
      setPayment(created);
      setScreen('payment');
      toast({ title: 'Payment Created', description: 'Your crypto payment has been set up successfully!' });
    } catch (err) {
      haptics.heavy();
      // A refusal is final: the next attempt is a new request. After a network error or a 5xx the order
      // may exist, so a retry keeps the key and gets that order back.
      if (err instanceof ApiError && err.status < 500) attemptKey.current = null;
      const message =
        err instanceof ApiError && err.status === 429
          ? err.message || 'Cryptocurrency wallet temporarily unavailable. Please try again in a moment.'
          : err instanceof ApiError && err.status < 500
            ? `Failed to create payment. Please try again. ${err.message}`
            : 'Failed to create payment. Please try again.';
      setCreateError(message);
    } finally {
      setCreating(false);
    }
  };

  // Live status of the payment on screen.
  useEffect(() => {
    if (!payment) return;
    return watchPayment(payment, setStatus);
  }, [payment]);

  const unpaid = screen === 'payment' && view === 'waiting';
  // Spec: leaving while the payment is open releases the address; a beacon when the page goes away.
  // Hiding the page does not: in Telegram the customer switches to the wallet app to pay.
  useEffect(() => {
    if (!unpaid || !payment) return;
    const leave = (e: PageTransitionEvent) => {
      if (!e.persisted) autoCancelBeacon(payment);
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [unpaid, payment]);
  useClosingConfirmation(screen === 'payment' && (view === 'waiting' || view === 'confirming' || view === 'processing'));

  const onViewChange = useCallback((next: PaymentView) => {
    setView(next);
    if (next === 'completed') haptics.success();
    else if (next === 'failed') haptics.error();
    else if (next === 'expired') haptics.warning();
  }, []);

  const startOver = useCallback(() => {
    setPayment(null);
    setStatus(null);
    setView(null);
    dispatch({ type: 'reset' });
    setScreen('wizard');
  }, []);

  const leavePayment = useCallback(() => {
    if (payment && view === 'waiting') void releaseWallet(payment);
    setPayment(null);
    setStatus(null);
    setView(null);
    setScreen('coin');
  }, [payment, view]);

  const back: (() => void) | null =
    screen === 'orders'
      ? () => setScreen(payment ? 'payment' : 'wizard')
      : screen === 'coin'
        ? () => setScreen('wizard')
        : screen === 'payment'
          ? view === 'waiting' || view === 'expired' || view === 'cancelled'
            ? leavePayment
            : view === 'completed' || view === 'failed'
              ? startOver
              : () => setScreen('orders')
          : step > 1
            ? () => dispatch({ type: 'back' })
            : null;
  useBackButton(back);

  const mainButton: MainButtonSpec | null =
    screen === 'wizard'
      ? step < 4
        ? { text: MAIN_BUTTON_LABELS[step], enabled: canAdvance(wizard), onClick: () => dispatch({ type: 'next' }) }
        : // Enabled without a phone, so that pressing it says what is missing ('Phone number is required').
          { text: MAIN_BUTTON_LABELS[4], enabled: amount !== null, loading: validating, onClick: () => void pay() }
      : screen === 'coin'
        ? { text: creating ? 'Processing Payment...' : `Create ${coin} Payment`, enabled: ready, loading: creating, onClick: () => void createPayment() }
        : screen === 'orders'
          ? { text: 'New Recharge', enabled: true, onClick: startOver }
          : null;
  useMainButton(env.inTelegram ? mainButton : null);

  return (
    <AppRoot appearance={dark ? 'dark' : 'light'} platform={env.platform === 'ios' || env.platform === 'macos' ? 'ios' : 'base'} data-appearance={dark ? 'dark' : 'light'}>
      <main className="tma wz">
        {env.user && (
          <Banner className="tma-banner" type="section" header={`Welcome, ${env.user.firstName}!`} description="Send mobile credit to your loved ones in minutes" />
        )}
        <nav className="wz-segments tma-tabs" aria-label="Sections">
          <button type="button" role="radio" aria-checked={screen !== 'orders'} onClick={() => screen === 'orders' && setScreen(payment ? 'payment' : 'wizard')}>
            Recharge
          </button>
          <button type="button" role="radio" aria-checked={screen === 'orders'} onClick={() => setScreen('orders')}>
            My Orders
          </button>
        </nav>

        {screen === 'wizard' && (
          <>
            <StepProgress
              labels={WIZARD_STEP_LABELS}
              current={step}
              isDone={(s) => isStepDone(wizard, s as WizardStep)}
              canJump={(s) => canJumpTo(wizard, s as WizardStep)}
              onJump={(s) => {
                haptics.select();
                setPhoneError(null);
                dispatch({ type: 'jumpTo', step: s as WizardStep });
              }}
            />
            <WizardSteps
              wizard={wizard}
              countries={countries}
              operators={operators}
              amounts={amounts}
              limits={pricing.data}
              onChoose={choose}
              onPhoneChange={(phone) => {
                setPhoneError(null);
                dispatch({ type: 'setPhone', phone });
              }}
              phoneError={phoneError}
              onPhoneSubmit={() => void pay()}
            />
            {step === 4 && ready && (
              <OrderSummary country={wizard.country} operator={wizard.operator} amount={wizard.amount} phone={wizard.phone} serviceFee={serviceFee} />
            )}
            {!env.inTelegram && step === 4 && ready && (
              <Button className="tma-pay" size="l" stretched loading={validating} onClick={() => void pay()}>
                Pay with Crypto
              </Button>
            )}
          </>
        )}

        {screen === 'coin' && ready && (
          <CoinStep
            selected={coin}
            onSelect={(c) => {
              haptics.select();
              // Another coin is another request: a new idempotency key.
              if (c !== coin) attemptKey.current = null;
              setCoin(c);
            }}
            totalCents={totalCents}
            cryptoAmount={quote.isError ? null : quote.data?.cryptoAmount}
          >
            <p className="wz-hint">
              {wizard.country.name} · {wizard.operator.name} · {dialPrefix(wizard.country.dialCode)} {wizard.phone.trim()}
            </p>
            {createError && <Notice kind="error">{createError}</Notice>}
            {!env.inTelegram && (
              <Button size="l" stretched loading={creating} disabled={creating} onClick={() => void createPayment()}>
                {creating ? 'Processing Payment...' : `Create ${coin} Payment`}
              </Button>
            )}
          </CoinStep>
        )}

        {screen === 'payment' && payment && (
          <Suspense fallback={<Loading />}>
            <PaymentScreen
              payment={payment}
              status={status}
              phoneNumber={phoneNumber}
              onCancel={leavePayment}
              onNewPayment={leavePayment}
              onNewPurchase={startOver}
              onCopied={() => {
                haptics.select();
                toast({ title: 'Copied to clipboard!', duration: 2000 });
              }}
              onViewChange={onViewChange}
            />
          </Suspense>
        )}

        {screen === 'orders' && (
          <Suspense fallback={<Loading />}>
            <OrdersScreen onNewRecharge={startOver} showNewRecharge={!env.inTelegram} />
          </Suspense>
        )}

        {!env.inTelegram && back && screen !== 'payment' && (
          <button type="button" className="tma-back" onClick={back}>
            ‹ Back
          </button>
        )}
      </main>
    </AppRoot>
  );
}

function Loading() {
  return (
    <div className="tma-loading">
      <Spinner size="m" />
    </div>
  );
}
