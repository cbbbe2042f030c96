import type { QueryClient } from '@tanstack/react-query';
import type { TOrderStory } from '@topup/shared';
import { amountsQuery, countriesQuery, operatorsQuery } from '../api/queries';
import { centsOf } from '../wizard/format';
import { initialWizardState, type WizardMove } from '../wizard/state';

type Recharge = Extract<TOrderStory['next'], { action: 'new_recharge' }>['recharge'];

/**
 * "Recharge this number again": the wizard filled in from the order (country, operator, the same
 * amount where the operator still offers it, the number without its dial code), on the phone step;
 * what the catalog no longer has is left to choose.
 */
export async function rechargeAgainWizard(queryClient: QueryClient, recharge: Recharge): Promise<WizardMove> {
  const countries = await queryClient.fetchQuery(countriesQuery());
  const country = countries.find((c) => c.id === recharge.countryId || (recharge.countryCode && c.code === recharge.countryCode));
  if (!country) return { wizard: initialWizardState, step: 1 };
  const phone = recharge.phoneNumber ? recharge.phoneNumber.replace(/\D/g, '').replace(new RegExp(`^${country.dialCode.replace(/\D/g, '')}`), '') : '';
  const operators = await queryClient.fetchQuery(operatorsQuery(country.id));
  const operator = operators.find((o) => o.operatorId === recharge.operatorId || o.id === recharge.operatorId);
  if (!operator) return { wizard: { ...initialWizardState, country, phone }, step: 2 };
  const amounts = await queryClient.fetchQuery(amountsQuery(operator.id));
  // The list's dollars against the story's cents.
  const amount = amounts.find((a) => centsOf(a.amount) === recharge.amount) ?? null;
  return { wizard: { ...initialWizardState, country, operator, amount, phone }, step: amount ? 4 : 3 };
}
