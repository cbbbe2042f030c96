import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperator, TPricingSettings } from '@topup/shared';
import { amountsQuery, quoteQuery } from '../../../api/queries';
import { useI18n } from '../../../i18n/I18n';
import { quoteFor, type Problem, type WizardAction } from '../../../wizard';
import { localAmountQuery } from '../../../wizard/LocalAmount';
import { customAmountValue, customLocalLimits } from '../../../shared';
import { amountOption, amountProblem, compactLimits, NO_AMOUNT, quickAmounts, typedLocal, validAmount, type AmountEntry, type LocalEntry } from './amount';
import { centsToDollars } from '@topup/shared';

/**
 * /app's step 3: the quick amounts (a FIXED operator's own, else the spec's), a custom amount typed in
 * dollars or, where the operator has a rate, in its currency (quoted as it is typed: the quote's dollars
 * become the amount chosen, what the recipient gets kept), and the step's check.
 */
export function useAmountStep(opts: { operator: TOperator | null; pricing: TPricingSettings | undefined; step: number; choose(action: WizardAction): void }) {
  const { operator, pricing, step, choose } = opts;
  const t = useI18n();
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState<AmountEntry>(NO_AMOUNT);
  const limits = useMemo(() => compactLimits(pricing, operator), [pricing, operator]);
  const fixed = operator?.denominationType === 'FIXED';
  // A FIXED operator's amounts are its quick amounts; every operator's options carry the local amounts.
  const amounts = useQuery({ ...amountsQuery(operator?.id, 'airtime'), enabled: !!operator });
  // The tiles wait for the operator's options, so that they open with the local amounts (no flash of dollars).
  const loading = !!operator && amounts.isPending;
  const quick = useMemo(() => (loading ? [] : quickAmounts(operator, amounts.data, limits)), [loading, operator, amounts.data, limits]);
  const localLimits = fixed ? null : customLocalLimits(operator);
  const typed = localLimits && typedLocal(entry) ? customAmountValue(entry.text, localLimits) : null;
  const localQuote = useQuery(localAmountQuery(typed, operator?.operatorId, localLimits?.code));
  const local: LocalEntry | null = localLimits && { limits: localLimits, option: localQuote.data, refused: localQuote.isError };
  const quotedLocal = localLimits && typedLocal(entry) ? (localQuote.data ?? null) : undefined;
  useEffect(() => {
    if (quotedLocal !== undefined) choose(quotedLocal ? { type: 'selectAmount', amount: quotedLocal } : { type: 'clearAmount' });
  }, [quotedLocal, choose]);
  // The quick amounts' quotes, so that a tile's total shows as soon as it is tapped.
  useEffect(() => {
    if (step === 3) quick.forEach((a) => void queryClient.prefetchQuery(quoteQuery(quoteFor(a, 'recharge'))));
  }, [step, quick, queryClient]);

  const enter = (next: AmountEntry) => {
    setEntry(next);
    // A local amount is chosen by its quote (above).
    if (localLimits && typedLocal(next)) return;
    const amount = validAmount(next, limits);
    choose(amount === null ? { type: 'clearAmount' } : { type: 'selectAmount', amount: amountOption(amount, amounts.data) });
  };
  return {
    entry,
    enter,
    /** Back to nothing entered (a new operator, a new order). */
    clear: () => setEntry(NO_AMOUNT),
    /** A repeated recipient's amount, as if its tile was tapped. */
    repeat: (cents: number) => setEntry({ quick: centsToDollars(cents), text: '' }),
    limits,
    fixed,
    options: amounts.data,
    loading,
    quick,
    localLimits,
    quoting: localQuote.isFetching,
    problem: (chosen: TOperator | null): Problem | null => amountProblem(t, entry, limits, chosen, quick, local),
  };
}
