import { queryOptions } from '@tanstack/react-query';
import type { TAmountOption, TOperator } from '@topup/shared';
import { quoteLocalAmount } from '../api/local-amount';
import { useI18n, type I18n } from '../i18n/I18n';
import { centsToDollars } from '@topup/shared';

/**
 * A range operator's custom amount typed in its own currency (issue "local money first"), for every
 * surface that offers one: /recharge and the mini-app (AmountStep) and /app (compact/Steps).
 */

/** The operator's limits in its currency (what the recipient gets), when the operator has a rate. */
export interface LocalLimits {
  code: string;
  min: number;
  max: number;
}

export function localLimitsOf(operator: TOperator | null): LocalLimits | null {
  if (!operator?.localCurrencyCode || operator.localMinAmount === null || operator.localMaxAmount === null) return null;
  return { code: operator.localCurrencyCode, min: operator.localMinAmount, max: operator.localMaxAmount };
}

/** The limits as the page's language writes them ("600 XAF"), for the placeholder and the message. */
export const localRange = (t: Pick<I18n, 'local'>, limits: LocalLimits) => ({ min: t.local(limits.min, limits.code), max: t.local(limits.max, limits.code) });

/** The typed text as an amount within the limits (a decimal comma read as a point), else null. */
export function localValue(text: string, limits: LocalLimits): number | null {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && value >= limits.min && value <= limits.max ? value : null;
}

/**
 * The local amount as the amount chosen: the API converts it at the operator's rate (clients never
 * convert money), so the order charges the quote's dollars and keeps what the recipient gets.
 */
export async function localAmountOption(value: number, operatorId: number, code: string): Promise<TAmountOption> {
  const quote = await quoteLocalAmount(value, operatorId);
  return {
    id: `custom-local-${value}`,
    amount: centsToDollars(quote.amount),
    localAmount: quote.local?.amount ?? value,
    currencySymbol: null,
    currencyCode: code,
    description: null,
  };
}

/** The same while the amount is typed (/app): a refusal is the answer, not retried. */
export const localAmountQuery = (value: number | null, operatorId: number | undefined, code: string | undefined) =>
  queryOptions({
    queryKey: ['/api/quote', 'local', operatorId, value],
    queryFn: () => localAmountOption(value!, operatorId!, code!),
    enabled: value !== null && operatorId !== undefined && code !== undefined,
    retry: false,
    staleTime: 60_000,
  });

/** The segmented [XAF | USD] choice of the currency the custom amount is typed in. */
export function CurrencyChoice({ code, local, onChange }: { code: string; local: boolean; onChange(local: boolean): void }) {
  const t = useI18n();
  return (
    <div className="wz-segments wz-custom-currency" role="radiogroup" aria-label={t.web.customAmount}>
      {[code, 'USD'].map((c) => (
        <button key={c} type="button" role="radio" aria-checked={(c === 'USD') !== local} onClick={() => onChange(c !== 'USD')}>
          {c}
        </button>
      ))}
    </div>
  );
}
