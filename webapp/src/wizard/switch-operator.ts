import type { QueryClient } from '@tanstack/react-query';
import type { TAmountOption, TOperatorMismatchDetails } from '@topup/shared';
import { amountsQuery, operatorsQuery } from '../api/queries';
import { centsOf } from './format';
import type { WizardAction, WizardState } from './state';

/**
 * The switch a refused order offers (OPERATOR_MISMATCH): the operator the number
 * belongs to, keeping the number, and the amount where that operator takes it (one of its
 * denominations, or within its range). Returns whether the amount was kept; null when the catalog no
 * longer lists that operator. Every web flow uses it: /recharge, /app, the mini-app.
 */
export async function switchToDetectedOperator(
  queryClient: QueryClient,
  wizard: WizardState,
  details: TOperatorMismatchDetails,
  choose: (action: WizardAction) => void,
): Promise<{ amountKept: boolean } | null> {
  if (!wizard.country) return null;
  const operators = await queryClient.fetchQuery(operatorsQuery(wizard.country.id, wizard.serviceType));
  const operator = operators.find((o) => o.operatorId === details.detectedOperatorId || o.id === details.detectedOperatorId);
  if (!operator) return null;
  const { amount, phone } = wizard;
  choose({ type: 'selectOperator', operator });
  let kept: TAmountOption | null = null;
  if (amount) {
    if (operator.denominationType === 'FIXED') {
      const amounts = await queryClient.fetchQuery(amountsQuery(operator.id, wizard.serviceType));
      kept = amounts.find((a) => a.amount === amount.amount) ?? null;
    } else {
      const cents = centsOf(amount.amount);
      kept = cents >= centsOf(operator.minAmount) && cents <= centsOf(operator.maxAmount) ? amount : null;
    }
  }
  if (kept) choose({ type: 'selectAmount', amount: kept });
  choose({ type: 'setPhone', phone });
  return { amountKept: kept !== null };
}
