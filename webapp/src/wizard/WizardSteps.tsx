import type { ReactNode } from 'react';
import type { TAmountOption, TCountry, TOperator } from '@topup/shared';
import { AmountStep } from './AmountStep';
import { CountryStep } from './CountryStep';
import { NumberFirst } from './NumberFirst';
import { OperatorStep } from './OperatorStep';
import { PhoneStep } from './PhoneStep';
import type { WizardAction, WizardState, WizardStep } from './state';

/** What a surface passes of one catalog query (a react-query result fits). */
export interface CatalogList<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
}

export interface WizardStepsProps {
  wizard: WizardState;
  /** The wizard's step on screen (the checkout's `wizardStep`). */
  step: WizardStep;
  countries: CatalogList<TCountry>;
  operators: CatalogList<TOperator>;
  amounts: CatalogList<TAmountOption>;
  /** A choice of country, service type, operator or amount (a surface may add haptics). */
  onChoose(action: WizardAction): void;
  onPhoneChange(phone: string): void;
  phoneError: string | null;
  onPhoneSubmit(): void;
  /**
   * Absent: the four-step wizard (amount on step 3, phone on step 4). Given: phone and amount together
   * on one details step (the wizard's steps 3 and 4), laid out by the surface.
   */
  details?(phone: ReactNode, amount: ReactNode): ReactNode;
}

/** The wizard's country, operator, amount and phone steps for its step on screen (docs/design.md section 6). */
export function WizardSteps({ wizard, step, countries, operators, amounts, onChoose, onPhoneChange, phoneError, onPhoneSubmit, details }: WizardStepsProps) {
  const { country, operator, amount } = wizard;
  const phoneStep = country && (
    <PhoneStep country={country} operator={operator} value={wizard.phone} onChange={onPhoneChange} error={phoneError} onSubmit={onPhoneSubmit} />
  );
  const amountStep = (
    <AmountStep
      operator={operator}
      amounts={amounts.data}
      loading={amounts.isPending}
      error={amounts.isError}
      selectedId={amount?.id}
      onSelect={(a) => onChoose({ type: 'selectAmount', amount: a })}
    />
  );
  return (
    <>
      {step === 1 && <NumberFirst onDetected={(d) => onChoose({ type: 'detected', ...d })} />}
      {step === 1 && (
        <CountryStep
          countries={countries.data}
          loading={countries.isPending}
          error={countries.isError}
          selectedId={country?.id}
          onSelect={(c) => onChoose({ type: 'selectCountry', country: c })}
        />
      )}
      {step === 2 && (
        <OperatorStep
          country={country}
          operators={operators.data}
          loading={operators.isPending}
          error={operators.isError}
          selectedId={operator?.id}
          onSelect={(o) => onChoose({ type: 'selectOperator', operator: o })}
          serviceType={wizard.serviceType}
          onServiceType={(t) => onChoose({ type: 'selectServiceType', serviceType: t })}
        />
      )}
      {details ? (
        step >= 3 && phoneStep && details(phoneStep, amountStep)
      ) : (
        <>
          {step === 3 && amountStep}
          {step === 4 && phoneStep}
        </>
      )}
    </>
  );
}
