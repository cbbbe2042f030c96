import { useState, type FormEvent } from 'react';
import type { TAmountOption, TOperator } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { centsToDollars, customAmountLimits, customAmountValue, customLocalLimits, MIN_LISTED_AMOUNT_USD } from '../shared';
import { centsOf, localOf } from './format';
import { CurrencyChoice, customRange, localAmountOption } from './LocalAmount';
import { Notice, TileSkeleton } from './Notice';

export interface AmountStepProps {
  operator: TOperator | null;
  amounts: TAmountOption[] | undefined;
  loading: boolean;
  error: boolean;
  selectedId?: string;
  onSelect(option: TAmountOption): void;
  heading?: string;
}

/**
 * Step 3: the operator's amounts of $5 or more (spec: options under 5 hidden). Local money first: what
 * the recipient gets in their currency ("2,500 XAF"), the US dollar price beside it.
 */
export function AmountStep({ operator, amounts, loading, error, selectedId, onSelect, heading }: AmountStepProps) {
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
      ) : listed.length === 0 && !operator.custom ? (
        <Notice>{t.web.noAmounts}</Notice>
      ) : (
        <>
          <div className="wz-tiles wz-tiles-amounts">
            {listed.map((a) => (
              <AmountTile
                key={a.id}
                local={localOf(t, a)}
                usd={t.usd(centsOf(a.amount))}
                caption={a.description}
                pressed={a.id === selectedId}
                onClick={() => onSelect(a)}
              />
            ))}
          </div>
          {operator.custom && <CustomAmount key={operator.id} operator={operator} onSelect={onSelect} />}
        </>
      )}
    </section>
  );
}

/** One amount as a tile: what the recipient gets in their currency first, the US dollars beside it (the wizard's amounts, /app's quick amounts). */
export function AmountTile({
  local,
  usd,
  caption,
  pressed,
  onClick,
  className,
}: {
  local: string | null;
  usd: string;
  caption?: string | null;
  pressed: boolean;
  onClick(): void;
  className?: string;
}) {
  return (
    <button type="button" className={className ? `wz-tile ${className}` : 'wz-tile'} aria-pressed={pressed} onClick={onClick} data-local={local ?? undefined}>
      <span className="wz-tile-title wz-amount">{local ?? usd}</span>
      {local && <span className="wz-tile-caption wz-amount-usd">{usd}</span>}
      {caption && <span className="wz-tile-caption">{caption}</span>}
    </button>
  );
}

/**
 * A range operator's custom amount, typed in US dollars or, when the operator has a rate, in its
 * currency: hint, check and refusal in the currency typed, within the admin's limits (shared custom-amount.ts).
 */
function CustomAmount({ operator, onSelect }: { operator: TOperator; onSelect(option: TAmountOption): void }) {
  const t = useI18n();
  const localLimits = customLocalLimits(operator);
  const [inLocal, setInLocal] = useState(localLimits !== null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const limits = customAmountLimits(operator, inLocal)!;
  const range = customRange(t, limits);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = customAmountValue(text, limits);
    if (value === null) return setError(t.web.amountBetween(range));
    if (limits.kind === 'usd') {
      setError(null);
      return onSelect({ id: `custom-${value}`, amount: centsToDollars(value), localAmount: null, currencySymbol: null, currencyCode: null, description: null });
    }
    setBusy(true);
    try {
      const option = await localAmountOption(value, operator.operatorId, limits.code);
      setError(null);
      onSelect(option);
    } catch {
      setError(t.web.amountBetween(range));
    } finally {
      setBusy(false);
    }
  };
  const local = limits.kind === 'local' ? limits : null;
  return (
    <form className="wz-custom" onSubmit={(e) => void submit(e)} noValidate>
      {localLimits && (
        <CurrencyChoice
          code={localLimits.code}
          local={local !== null}
          onChange={(chosen) => {
            setInLocal(chosen);
            setError(null);
          }}
        />
      )}
      <input
        className="wz-input"
        type="number"
        inputMode="decimal"
        min={local ? local.min : centsToDollars(limits.min)}
        max={local ? local.max : centsToDollars(limits.max)}
        step={local ? 'any' : '0.01'}
        placeholder={t.web.customAmountRange(range)}
        aria-label={t.web.customAmountIn({ currency: local ? local.code : 'USD' })}
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
