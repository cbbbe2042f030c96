import { queryOptions } from '@tanstack/react-query';
import type { TAmountOption } from '@topup/shared';
import { quoteLocalAmount } from '../api/local-amount';
import { useI18n, type I18n } from '../i18n/I18n';
import { centsToDollars, customAmountRange, type TCustomLimits } from '../shared';

/**
 * A range operator's custom amount typed in its own currency (issue "local money first"), for every
 * surface that offers one: /recharge and the mini-app (AmountStep) and /app (compact/Steps).
 */

/** The custom amount's limits in words, in the currency typed (shared custom-amount.ts), as the page's language writes them. */
export const customRange = (t: Pick<I18n, 'shortUsd' | 'local'>, limits: TCustomLimits) => customAmountRange(limits, { usd: t.shortUsd, local: t.local });

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
