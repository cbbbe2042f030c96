import { useState, type FormEvent } from 'react';
import type { TAmountOption, TOperator } from '@topup/shared';
import { quoteLocalAmount } from '../api/local-amount';
import { useI18n } from '../i18n/I18n';
import { MIN_LISTED_AMOUNT_USD } from '../shared';
import { centsOf } from './format';
import { Notice, TileSkeleton } from './Notice';

export interface AmountStepProps {
  operator: TOperator | null;
  amounts: TAmountOption[] | undefined;
  loading: boolean;
  error: boolean;
  selectedId?: string;
  onSelect(option: TAmountOption): void;
  /** Offer a custom amount between these limits in USD cents (absent: tiles only). */
  custom?: { min: number; max: number };
  heading?: string;
}

/**
 * Step 3: the operator's amounts of $5 or more (spec: options under 5 hidden). Local money first: what
 * the recipient gets in their currency ("2,500 XAF"), the US dollar price beside it.
 */
export function AmountStep({ operator, amounts, loading, error, selectedId, onSelect, custom, heading }: AmountStepProps) {
  const t = useI18n();
  const listed = amounts?.filter((a) => a.amount >= MIN_LISTED_AMOUNT_USD);
  return (
    <section className="wz-step" aria-labelledby="wz-amount-heading">
      <h2 id="wz-amount-heading" className="wz-heading">
        {heading ?? t.web.selectAmountHeading}
      </h2>
      {operator && <p className="wz-hint">{operator.name}</p>}
      {!operator ? (
        <Notice>{t.web.selectOperatorFirst}</Notice>
      ) : error ? (
        <Notice kind="error">{t.web.errorLoadingAmounts}</Notice>
      ) : loading || !listed ? (
        <TileSkeleton count={6} />
      ) : listed.length === 0 && !custom ? (
        <Notice>{t.web.noAmounts}</Notice>
      ) : (
        <>
          <div className="wz-tiles wz-tiles-amounts">
            {listed.map((a) => {
              const local = a.localAmount !== null && a.currencyCode ? t.local(a.localAmount, a.currencyCode) : null;
              const usd = t.usd(centsOf(a.amount));
              return (
                <button
                  key={a.id}
                  type="button"
                  className="wz-tile"
                  aria-pressed={a.id === selectedId}
                  onClick={() => onSelect(a)}
                  data-local={local ?? undefined}
                >
                  <span className="wz-tile-title wz-amount">{local ?? usd}</span>
                  {local && <span className="wz-tile-caption wz-amount-usd">{usd}</span>}
                  {a.description && <span className="wz-tile-caption">{a.description}</span>}
                </button>
              );
            })}
          </div>
          {custom && <CustomAmount key={operator.id} operator={operator} limits={custom} onSelect={onSelect} />}
        </>
      )}
    </section>
  );
}

/** A range operator's custom amount, typed in US dollars or, when the operator has a rate, in its currency. */
function CustomAmount({ operator, limits, onSelect }: { operator: TOperator; limits: { min: number; max: number }; onSelect(option: TAmountOption): void }) {
  const t = useI18n();
  const localCode = operator.localCurrencyCode && operator.localMinAmount !== null && operator.localMaxAmount !== null ? operator.localCurrencyCode : null;
  const [inLocal, setInLocal] = useState(localCode !== null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shortUsd = (cents: number) => t.usd(cents).replace(/[.,]00(?=\D*$)/, '');
  const usdRange = { min: shortUsd(limits.min), max: shortUsd(limits.max) };
  // The operator's local limits, within the site's dollar limits (the API checks the converted amount too).
  const localRange = localCode ? { min: t.local(operator.localMinAmount!, localCode), max: t.local(operator.localMaxAmount!, localCode) } : null;
  const local = inLocal && localCode !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = Number(text.replace(',', '.'));
    if (local) {
      if (!text.trim() || !(value >= operator.localMinAmount! && value <= operator.localMaxAmount!)) return setError(t.web.amountBetween(localRange!));
      setBusy(true);
      try {
        const quote = await quoteLocalAmount(value, operator.operatorId);
        setError(null);
        onSelect({
          id: `custom-local-${value}`,
          amount: quote.amount / 100,
          localAmount: quote.local?.amount ?? value,
          currencySymbol: null,
          currencyCode: localCode,
          description: null,
        });
      } catch {
        setError(t.web.amountBetween(usdRange));
      } finally {
        setBusy(false);
      }
      return;
    }
    const cents = Number.isFinite(value) ? centsOf(value) : NaN;
    if (!text.trim() || !(cents >= limits.min && cents <= limits.max)) return setError(t.web.amountBetween(usdRange));
    setError(null);
    onSelect({ id: `custom-${cents}`, amount: cents / 100, localAmount: null, currencySymbol: null, currencyCode: null, description: null });
  };
  const range = local ? localRange! : usdRange;
  return (
    <form className="wz-custom" onSubmit={(e) => void submit(e)} noValidate>
      {localCode && (
        <div className="wz-segments wz-custom-currency" role="radiogroup" aria-label={t.web.customAmount}>
          {[localCode, 'USD'].map((code) => (
            <button
              key={code}
              type="button"
              role="radio"
              aria-checked={(code === 'USD') !== local}
              onClick={() => {
                setInLocal(code !== 'USD');
                setError(null);
              }}
            >
              {code}
            </button>
          ))}
        </div>
      )}
      <input
        className="wz-input"
        type="number"
        inputMode="decimal"
        min={local ? operator.localMinAmount! : limits.min / 100}
        max={local ? operator.localMaxAmount! : limits.max / 100}
        step={local ? 'any' : '0.01'}
        placeholder={t.web.customAmountRange(range)}
        aria-label={t.web.customAmountIn({ currency: local ? localCode! : 'USD' })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <button type="submit" className="wz-button wz-button-secondary" aria-label={t.web.useThisAmount} disabled={busy}>
        {t.web.use}
      </button>
      {error && (
        <p className="wz-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
