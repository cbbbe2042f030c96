import { useState, type FormEvent } from 'react';
import type { TAmountOption, TOperator } from '@topup/shared';
import { MIN_LISTED_AMOUNT_USD } from '../shared';
import { centsOf, localAmountLabel, shortUsd, usd } from './format';
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

/** Step 3: the operator's amounts of $5 or more (spec: options under 5 hidden), USD with the local amount. */
export function AmountStep({ operator, amounts, loading, error, selectedId, onSelect, custom, heading = 'Select Amount' }: AmountStepProps) {
  const listed = amounts?.filter((a) => a.amount >= MIN_LISTED_AMOUNT_USD);
  return (
    <section className="wz-step" aria-labelledby="wz-amount-heading">
      <h2 id="wz-amount-heading" className="wz-heading">{heading}</h2>
      {operator && <p className="wz-hint">{operator.name}</p>}
      {!operator ? (
        <Notice>Please select an operator first.</Notice>
      ) : error ? (
        <Notice kind="error">Error loading top-up amounts. Please try again later.</Notice>
      ) : loading || !listed ? (
        <TileSkeleton count={6} />
      ) : listed.length === 0 && !custom ? (
        <Notice>No amounts available for this operator.</Notice>
      ) : (
        <>
          <div className="wz-tiles wz-tiles-amounts">
            {listed.map((a) => (
              <button key={a.id} type="button" className="wz-tile" aria-pressed={a.id === selectedId} onClick={() => onSelect(a)}>
                <span className="wz-tile-title wz-amount">{usd(a.amount)}</span>
                {localAmountLabel(a) && <span className="wz-tile-caption">{localAmountLabel(a)}</span>}
                {a.description && <span className="wz-tile-caption">{a.description}</span>}
              </button>
            ))}
          </div>
          {custom && <CustomAmount limits={custom} onSelect={onSelect} />}
        </>
      )}
    </section>
  );
}

function CustomAmount({ limits, onSelect }: { limits: { min: number; max: number }; onSelect(option: TAmountOption): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(text);
    const cents = Number.isFinite(value) ? centsOf(value) : NaN;
    if (!text.trim() || !(cents >= limits.min && cents <= limits.max)) {
      setError(`Amount must be between ${shortUsd(limits.min)} and ${shortUsd(limits.max)}.`);
      return;
    }
    setError(null);
    onSelect({ id: `custom-${cents}`, amount: cents / 100, localAmount: null, currencySymbol: null, currencyCode: null, description: null });
  };
  return (
    <form className="wz-custom" onSubmit={submit} noValidate>
      <input
        className="wz-input"
        type="number"
        inputMode="decimal"
        min={limits.min / 100}
        max={limits.max / 100}
        step="0.01"
        placeholder={`Custom amount (${shortUsd(limits.min)}-${shortUsd(limits.max)})`}
        aria-label="Custom amount in US dollars"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <button type="submit" className="wz-button wz-button-secondary" aria-label="Use this amount">
        Use
      </button>
      {error && (
        <p className="wz-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
