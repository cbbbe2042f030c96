import { Button } from '@telegram-apps/telegram-ui';
import { apiErrorText, PHONE_ERROR_MESSAGES } from '../shared';
import type { TAmountOption, TCountry, TOperator } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { PHONE_STEP } from './navigation';
import { haptics } from './telegram';
import {
  completeOrder,
  isStepDone,
  OrderSummary,
  StepProgress,
  WizardSteps,
  type CatalogList,
  type Checkout,
  type WizardAction,
  type WizardStep,
} from '../wizard';

export interface WizardScreenProps {
  checkout: Checkout;
  catalog: { countries: CatalogList<TCountry>; operators: CatalogList<TOperator>; amounts: CatalogList<TAmountOption> };
  inTelegram: boolean;
  onChoose(action: WizardAction): void;
  /** 'Pay with Crypto'. */
  onProceed(): void;
}

/** The spec's Telegram wizard: progress badges, the four steps, then the order summary and 'Pay with Crypto'. */
export function WizardScreen({ checkout, catalog, inTelegram, onChoose, onProceed }: WizardScreenProps) {
  const t = useI18n();
  const { wizard, problem, checking } = checkout.state;
  const phoneError = problem?.need === 'phone' ? apiErrorText(t.common, problem.message ?? PHONE_ERROR_MESSAGES.required, t.locale === 'en') : null;
  const s = t.web.steps;
  const order = completeOrder(wizard);
  return (
    <>
      <StepProgress
        labels={[s.country, s.operator, s.amount, s.phone]}
        current={checkout.step}
        isDone={(s) => isStepDone(wizard, s as WizardStep)}
        canJump={(s) => s < checkout.step}
        onJump={(s) => {
          haptics.select();
          checkout.jumpTo(s);
        }}
      />
      <WizardSteps
        wizard={wizard}
        step={checkout.wizardStep}
        countries={catalog.countries}
        operators={catalog.operators}
        amounts={catalog.amounts}
        onChoose={onChoose}
        onPhoneChange={(phone) => checkout.choose({ type: 'setPhone', phone })}
        phoneError={phoneError}
        onPhoneSubmit={onProceed}
      />
      {/* The summary shows with the server's quote (or without, if it could not be had). */}
      {checkout.step === PHONE_STEP && order?.kind === 'recharge' && (checkout.quote !== undefined || checkout.quoteFailed) && (
        <OrderSummary country={order.country} operator={order.operator} amount={order.amount} phone={order.phone} quote={checkout.quote} />
      )}
      {!inTelegram && checkout.step === PHONE_STEP && order && (
        <Button className="tma-pay" size="l" stretched loading={checking} disabled={checking} onClick={onProceed}>
          {t.web.tma.payWithCrypto}
        </Button>
      )}
    </>
  );
}
