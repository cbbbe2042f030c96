import { lazy, Suspense, useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { amountsQuery, countriesQuery, operatorsQuery, pricingQuery } from '../api/queries';
import { useToast, useToastsOnTop } from '../components/Toast';
import type { WebMessages } from '../shared';
import {
  canAdvance,
  completeOrder,
  createErrorText,
  LAST_WIZARD_STEP,
  onChain,
  orderRequest,
  stepShowing,
  useCheckout,
  type StepSpec,
  type WizardAction,
  type WizardStep,
} from '../wizard';
import type { PaymentView } from '../wizard/PaymentScreen';
import { backAction, COIN_STEP, PHONE_STEP, screenOf, type BackAction } from './navigation';
import { paymentIdFromStartParam } from '../../../shared/src/links';
import { Maintenance } from '../wizard/Maintenance';
import { useI18n } from '../i18n/I18n';
import { AppRoot, Spinner } from '@telegram-apps/telegram-ui';
import { WizardScreen } from './WizardScreen';
import { Recents, useRepeat } from '../wizard/Recents';
import {
  haptics,
  openExternal,
  useBackButton,
  useClosingConfirmation,
  useIsDark,
  useMainButton,
  useSettingsButton,
  type MainButtonSpec,
  type TelegramEnv,
} from './telegram';
import { SITE_NAME } from '../site/meta';

const loadPaymentScreen = () => import('../wizard/PaymentScreen');
const PaymentScreen = lazy(loadPaymentScreen);
const OrdersScreen = lazy(() => import('./OrdersScreen'));
const OrderScreen = lazy(() => import('./OrderScreen'));
const PrivacyScreen = lazy(() => import('./PrivacyScreen'));
const loadCoinScreen = () => import('./CoinScreen');
const CoinScreen = lazy(loadCoinScreen);

/** Spec: the main button's label per step of the Telegram wizard ('Select Operator', 'Choose Amount', 'Enter Phone', 'Pay with Crypto'). */
const mainButtonLabels = (tma: WebMessages['tma']): Record<WizardStep, string> => ({
  1: tma.selectOperator,
  2: tma.chooseAmount,
  3: tma.enterPhone,
  4: tma.payWithCrypto,
});

/** The mini-app's checkout: the four-step wizard ('Pay with Crypto' checks the number), then the coin. The payment screen shows once the order exists. */
const STEPS: readonly StepSpec[] = [{ needs: ['phone', 'amount'], checkNumber: true, wizardSteps: 4 }, { showsCryptoTotal: true }];

/** Spec section 6: the Telegram flow sends a placeholder e-mail from the username at a Telegram-style domain. */
const placeholderEmail = (env: TelegramEnv) => `${env.user?.username ?? 'telegram_user'}@telegram.org`;

export function App({ env }: { env: TelegramEnv }) {
  const t = useI18n();
  const MAIN_BUTTON_LABELS = mainButtonLabels(t.web.tma);
  const dark = useIsDark(env.inTelegram);
  const toast = useToast();
  // `startapp=order_<paymentId>` opens that order (a link from the bot, an e-mail, the site).
  const [openOrder, setOpenOrder] = useState<string | null>(() => paymentIdFromStartParam(env.startParam));
  const [showOrders, setShowOrders] = useState(openOrder !== null);
  const [view, setView] = useState<PaymentView | null>(null);
  // The privacy policy, over whatever screen was open (Telegram's Settings button, or the entry at the foot).
  const [showPrivacy, setShowPrivacy] = useState(false);
  useSettingsButton(() => setShowPrivacy(true));
  const checkout = useCheckout({
    steps: STEPS,
    create: (api, order, payWith, key) => {
      if (payWith.method !== 'crypto') throw new Error('the mini-app pays on chain only');
      return api.createCryptoPayment(
        { ...orderRequest(order), ...(env.inTelegram ? { customerEmail: placeholderEmail(env) } : {}), cryptoCurrency: payWith.coin },
        key,
      );
    },
    // In Telegram the account keeps the recipients (from its orders); outside, the browser.
    keptBy: env.inTelegram ? 'account' : 'browser',
    onCreated: () => {
      haptics.heavy();
      setView(null);
      toast({ title: t.web.tma.paymentCreated, description: t.web.tma.paymentCreatedBody });
    },
    onCreateFailed: () => haptics.heavy(),
    // Opened again with an unfinished payment: its screen again (countdown, QR, live status).
    resumeStep: COIN_STEP,
  });
  const { wizard, payment, creating, checking, coin } = checkout.state;
  const countries = useQuery(countriesQuery());
  const operators = useQuery(operatorsQuery(wizard.country?.id, wizard.serviceType));
  const amounts = useQuery(amountsQuery(wizard.operator?.id, wizard.serviceType));
  const pricing = useQuery(pricingQuery());
  const screen = screenOf({
    privacy: showPrivacy,
    orders: showOrders,
    openOrder: openOrder !== null,
    payment: payment !== null,
    onWizard: checkout.step < COIN_STEP,
  });

  const choose = (action: WizardAction) => {
    haptics.select();
    checkout.choose(action);
  };

  /** 'Pay with Crypto': phone required, amount required, then the server's check of the number. */
  const proceed = async () => {
    const problem = await checkout.next();
    if (!problem) return void Promise.all([loadCoinScreen(), loadPaymentScreen()]);
    if (problem.need === 'phone') haptics.error();
    else toast({ title: t.web.selectAmount, variant: 'destructive' });
  };
  const pay = () => void checkout.pay();
  const repeat = useRepeat({ countries: countries.data, wizard, choose, proceed: () => void proceed() });

  const onViewChange = useCallback((next: PaymentView) => {
    setView(next);
    if (next === 'completed') haptics.success();
    else if (next === 'failed') haptics.error();
    else if (next === 'expired') haptics.warning();
  }, []);

  const startOver = () => {
    setShowOrders(false);
    checkout.reset();
  };
  const leavePayment = () => void checkout.leave();

  const backActions: Record<BackAction, () => void> = {
    closePrivacy: () => setShowPrivacy(false),
    closeOrder: () => setOpenOrder(null),
    closeOrders: () => setShowOrders(false),
    toWizard: () => checkout.goTo(PHONE_STEP),
    leavePayment,
    startOver,
    toOrders: () => setShowOrders(true),
    previousStep: checkout.back,
  };
  const backTo = backAction(screen, view, checkout.step);
  const back = backTo && backActions[backTo];
  useBackButton(back);
  useToastsOnTop(screen === 'payment');
  useClosingConfirmation(screen === 'payment' && (view === 'waiting' || view === 'confirming' || view === 'processing'));

  const ready = completeOrder(wizard) !== null && coin !== null;
  const mainButton: MainButtonSpec | null =
    screen === 'wizard'
      ? checkout.wizardStep < LAST_WIZARD_STEP
        ? {
            text: MAIN_BUTTON_LABELS[checkout.wizardStep],
            enabled: canAdvance(wizard, checkout.wizardStep),
            onClick: () => checkout.choose({ type: 'next' }),
          }
        : // Enabled without a phone, so that pressing it says what is missing ('Phone number is required').
          { text: MAIN_BUTTON_LABELS[4], enabled: wizard.amount !== null, loading: checking, onClick: () => void proceed() }
      : screen === 'coin'
        ? { text: creating ? t.web.processingPayment : t.web.createPayment({ symbol: coin ?? '' }), enabled: ready, loading: creating, onClick: pay }
        : screen === 'orders' || screen === 'order'
          ? { text: t.web.newRecharge, enabled: true, onClick: startOver }
          : null;
  useMainButton(env.inTelegram ? mainButton : null);

  const createError = checkout.state.createError && createErrorText(checkout.state.createError, tmaWords(t.web));

  return (
    <AppRoot
      appearance={dark ? 'dark' : 'light'}
      platform={env.platform === 'ios' || env.platform === 'macos' ? 'ios' : 'base'}
      data-appearance={dark ? 'dark' : 'light'}
    >
      <main className="tma wz">
        <h1 className="wz-visually-hidden">{SITE_NAME}</h1>
        {env.user && (
          <section className="tma-banner">
            <p className="tma-banner-title">{t.web.tma.welcome({ name: env.user.firstName })}</p>
            <p>{t.web.rechargeSubtitle}</p>
          </section>
        )}
        <nav className="wz-segments tma-tabs" aria-label={t.web.tma.sections}>
          <button
            type="button"
            role="radio"
            aria-checked={!showOrders}
            onClick={() => {
              setShowPrivacy(false);
              setShowOrders(false);
            }}
          >
            {t.web.shell.recharge}
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={showOrders}
            onClick={() => {
              setShowPrivacy(false);
              setOpenOrder(null);
              setShowOrders(true);
            }}
          >
            {t.web.shell.myOrders}
          </button>
        </nav>

        {(screen === 'wizard' || screen === 'coin') && <Maintenance pricing={pricing.data} />}
        {screen === 'wizard' && checkout.step === 1 && <Recents source={env.inTelegram ? 'account' : 'browser'} onRepeat={(r) => void repeat(r)} />}
        {screen === 'wizard' && (
          <WizardScreen
            checkout={checkout}
            catalog={{ countries, operators, amounts }}
            inTelegram={env.inTelegram}
            onChoose={choose}
            onProceed={() => void proceed()}
          />
        )}
        {screen === 'coin' && (
          <Suspense fallback={<Loading />}>
            <CoinScreen checkout={checkout} error={createError} inTelegram={env.inTelegram} onPay={pay} />
          </Suspense>
        )}

        {screen === 'payment' && payment && onChain(payment) && (
          <Suspense fallback={<Loading />}>
            <PaymentScreen
              payment={payment}
              status={checkout.state.status}
              amountOption={checkout.state.wizard.amount}
              phoneNumber={checkout.number}
              onCancel={() => void checkout.leave('cancel')}
              notice={checkout.state.notice}
              onNewPayment={leavePayment}
              onNewPurchase={startOver}
              onCopied={() => {
                haptics.select();
                toast({ title: t.web.copied, duration: 2000 });
              }}
              onViewChange={onViewChange}
              openLink={env.inTelegram ? openExternal : undefined}
            />
          </Suspense>
        )}

        {screen === 'orders' && (
          <Suspense fallback={<Loading />}>
            <OrdersScreen onNewRecharge={startOver} showNewRecharge={!env.inTelegram} onOpenOrder={setOpenOrder} />
          </Suspense>
        )}
        {screen === 'order' && openOrder && (
          <Suspense fallback={<Loading />}>
            <OrderScreen
              paymentId={openOrder}
              onShowOrders={() => setOpenOrder(null)}
              onRechargeAgain={(again) => {
                setOpenOrder(null);
                setShowOrders(false);
                checkout.reset({ wizard: again.wizard, step: stepShowing(STEPS, again.step) });
              }}
              openLink={env.inTelegram ? openExternal : (url) => window.open(url, '_blank', 'noopener')}
            />
          </Suspense>
        )}

        {screen === 'privacy' && (
          <Suspense fallback={<Loading />}>
            <PrivacyScreen />
          </Suspense>
        )}
        {screen !== 'privacy' && (
          <button type="button" className="tma-privacy" onClick={() => setShowPrivacy(true)}>
            {t.web.shell.privacy}
          </button>
        )}

        {!env.inTelegram && back && screen !== 'payment' && (
          <button type="button" className="tma-back" onClick={back}>
            {t.web.back}
          </button>
        )}
      </main>
    </AppRoot>
  );
}

/** Spec section 8: the Telegram flow's creation failure. */
const tmaWords = (web: WebMessages) => ({
  refused: (message: string) => web.tma.paymentFailedWith({ message }),
  failed: () => web.tma.paymentFailed,
  busy: web.walletBusy,
});

function Loading() {
  return (
    <div className="tma-loading">
      <Spinner size="m" />
    </div>
  );
}
