import './pages.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { amountsQuery, countriesQuery, operatorsQuery, pricingQuery, siteConfigQuery } from '../../api/queries';
import { useToast } from '../../components/Toast';
import { useI18n } from '../../i18n/I18n';
import { apiErrorText, PHONE_ERROR_MESSAGES, type WebMessages } from '../../shared';
import { completeOrder, createErrorText, Notice, onChain, orderRequest, StepProgress, useCheckout, WizardSteps } from '../../wizard';
import type { OverlayState } from '../../wizard/PaymentOverlay';
import { Maintenance } from '../../wizard/Maintenance';
import { SwitchOperator } from '../../wizard/SwitchOperator';
import { Recents, useRepeat } from '../../wizard/Recents';
import { PageLoading } from '../components/PageLoading';
import { usePageMeta } from '../meta';
import { navigate, useLocation } from '../router';
import { rememberOrder, useUser } from '../session';
import { DETAILS, PAY, RECHARGE_STEPS, savedStart, SUCCESS, useSavedProgress } from './recharge/progress';
import { LapsedPayment } from '../../wizard/LapsedPayment';
import { SuccessStep } from './recharge/SuccessStep';
import { loadOverlay, RechargeOverlay } from './recharge/Overlay';

/** Step 4 (the coin and network choice with it) loads once the customer moves towards it, not with the page. */
const loadPayStep = () => import('./recharge/PayStep');
const PayStep = lazy(async () => ({ default: (await loadPayStep()).PayStep }));

/**
 * The five-step wizard on /recharge (spec section 2, "Five-step wizard"): steps 1-3 are the four-step
 * wizard's (country, operator, details: phone and amount) from the shared step components; step 4 the
 * crypto payment (summary, coin, optional e-mail, the payment overlay); step 5 success.
 */
const stepLabels = (web: WebMessages) => [web.steps.country, web.steps.operator, web.stepDetails, web.steps.payment, web.stepSuccess];

/** Spec section 8: the five-step flow's creation failure. */
const words = (web: WebMessages) => ({
  refused: (message: string) => web.paymentCreationFailedWith({ message }),
  failed: () => web.paymentCreationFailed,
  busy: web.walletBusy,
});

export default function Recharge() {
  const t = useI18n();
  usePageMeta(t.web.rechargeNow, t.web.rechargeDescription);
  const location = useLocation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useUser();
  const [start] = useState(() => savedStart(location.state, location.search));
  const refreshAccount = () => ['/api/orders', '/api/balance', '/api/auth/user'].forEach((key) => void queryClient.invalidateQueries({ queryKey: [key] }));
  const checkout = useCheckout({
    steps: RECHARGE_STEPS,
    start,
    payNeeds: ['email'],
    // A reload (or a new visit) with an unfinished payment: its overlay again.
    resumeStep: PAY,
    create: (api, order, payWith, key, s) => {
      const input = { ...orderRequest(order), ...(s.email.trim() ? { email: s.email.trim() } : {}) };
      return payWith.method === 'balance' ? api.createBalancePayment(input, key) : api.createCryptoPayment({ ...input, cryptoCurrency: payWith.coin }, key);
    },
    keptBy: user.data ? 'account' : 'browser',
    keepOrderToken: rememberOrder,
    onCreateFailed: (error) => {
      if (error.method === 'balance')
        toast({
          title: t.web.paymentFailed,
          description: error.message ? apiErrorText(t.common, { message: error.message }, t.locale === 'en') : t.web.paymentCreationFailed,
          variant: 'destructive',
        });
    },
    onStatus: (status, order) => {
      // Spec: on completed the wizard advances to step 5.
      if (status.status === 'completed') checkout.goTo(SUCCESS);
      if (status.status === 'completed' || status.status === 'failed') refreshAccount();
      if (status.status === 'failed' && !onChain(order)) {
        void checkout.leave();
        toast({ title: t.web.topupFailed, description: t.web.backOnBalance, variant: 'destructive' });
      }
    },
  });
  const { state } = checkout;
  const { wizard, payment, createError } = state;
  const { step } = checkout;
  const balanceTopup = checkout.kind === 'balance_topup';
  const countries = useQuery(countriesQuery());
  const operators = useQuery(operatorsQuery(balanceTopup ? undefined : wizard.country?.id, wizard.serviceType));
  const amounts = useQuery(amountsQuery(wizard.operator?.id, wizard.serviceType));
  const pricing = useQuery(pricingQuery());
  const support = useQuery(siteConfigQuery()).data?.support;
  useSavedProgress(state);

  // Spec: the page scrolls to the top on each move.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);
  useEffect(() => {
    if (step === PAY) void loadOverlay();
  }, [step]);

  const overlay: OverlayState | null =
    step !== PAY
      ? null
      : payment && onChain(payment)
        ? { kind: 'processing', payment, status: state.status }
        : createError?.method === 'crypto'
          ? { kind: 'failed', payment: null, status: null, message: createErrorText(createError, words(t.web)) }
          : null;

  const startOver = () => {
    checkout.reset();
    if (balanceTopup) navigate('/recharge', { replace: true });
  };
  const leaveOverlay = async (how: 'back' | 'cancel') => {
    await checkout.leave(how);
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
  };
  const continueToPayment = async () => {
    void loadPayStep();
    if ((await checkout.next())?.need === 'amount') toast({ title: t.web.selectAmount, variant: 'destructive' });
  };
  const pay = async (method?: 'balance') => {
    if ((await checkout.pay(method))?.need === 'order') toast({ title: t.web.missingPaymentInfo, variant: 'destructive' });
  };

  const repeat = useRepeat({ countries: countries.data, wizard, choose: checkout.choose, proceed: () => void continueToPayment() });

  const invalid = (step === PAY && !completeOrder(wizard)) || (step === SUCCESS && !payment);
  const maintenance = pricing.data?.maintenanceMode === true;
  const phoneError = state.problem?.need === 'phone' ? apiErrorText(t.common, state.problem.message ?? PHONE_ERROR_MESSAGES.required, t.locale === 'en') : null;

  return (
    <div className="page recharge-page">
      <div className="container narrow">
        <header className="page-intro">
          <h1>{balanceTopup ? t.web.addBalance : t.web.rechargeNow}</h1>
          <p className="lead">{balanceTopup ? t.web.addBalanceSubtitle : t.web.rechargeSubtitle}</p>
        </header>
        <div className="wz wizard-card">
          <StepProgress
            labels={stepLabels(t.web)}
            current={step}
            isDone={(s) => s < step}
            canJump={(s) => !balanceTopup && step !== SUCCESS && !payment && !overlay && s < step}
            // Jumping back clears the choices from that step on (spec section 4).
            onJump={checkout.jumpTo}
          />

          {step !== SUCCESS && <Maintenance pricing={pricing.data} />}

          {invalid ? (
            <div className="wz-result" role="alert">
              <Notice kind="error">{t.web.invalidOrderState}</Notice>
              <button type="button" className="wz-button" onClick={startOver}>
                {t.web.startNewRecharge}
              </button>
            </div>
          ) : step <= DETAILS ? (
            <>
              {!payment && <LapsedPayment lapsed={checkout.lapsed} />}
              {!balanceTopup && step === 1 && <Recents source={user.data ? 'account' : 'browser'} onRepeat={(r) => void repeat(r)} />}
              <WizardSteps
                wizard={wizard}
                step={checkout.wizardStep}
                countries={countries}
                operators={operators}
                amounts={amounts}
                onChoose={checkout.choose}
                onPhoneChange={(phone) => checkout.choose({ type: 'setPhone', phone })}
                phoneError={phoneError}
                onPhoneSubmit={() => void continueToPayment()}
                details={(phoneStep, amountStep) => (
                  <div className="details-step">
                    {phoneStep}
                    {amountStep}
                    <button type="button" className="wz-button" disabled={state.checking || maintenance} onClick={() => void continueToPayment()}>
                      {state.checking ? t.web.checkingNumber : t.web.continueToPayment}
                    </button>
                  </div>
                )}
              />
              {step > 1 && (
                <button type="button" className="wz-button wz-button-secondary back-button" onClick={checkout.back}>
                  {t.web.back}
                </button>
              )}
            </>
          ) : step === PAY ? (
            <Suspense fallback={<PageLoading />}>
              <PayStep
                checkout={checkout}
                balance={user.data?.balance}
                maintenance={maintenance}
                onGoBack={() => (balanceTopup ? navigate('/add-balance') : checkout.goTo(DETAILS))}
                onPay={() => void pay()}
                onPayFromBalance={() => void pay('balance')}
              />
            </Suspense>
          ) : (
            <SuccessStep checkout={checkout} onNew={startOver} />
          )}
        </div>
      </div>

      {overlay && (
        <RechargeOverlay
          state={overlay}
          signedIn={!!user.data}
          support={support}
          onLeave={(how) => void leaveOverlay(how)}
          onNewPayment={() => void checkout.leave()}
          onStartOver={() => (payment ? startOver() : void checkout.leave())}
          notice={state.notice}
          refusalAction={
            createError?.mismatch ? (
              <SwitchOperator checkout={checkout} mismatch={createError.mismatch} onSwitched={(kept) => !kept && checkout.goTo(DETAILS)} />
            ) : null
          }
        />
      )}
    </div>
  );
}
