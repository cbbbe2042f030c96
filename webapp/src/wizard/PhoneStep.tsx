import type { TCountry, TOperator } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { dialPrefix } from './format';

export interface PhoneStepProps {
  country: TCountry;
  operator: TOperator | null;
  value: string;
  onChange(phone: string): void;
  /** The validation message to show under the field. */
  error: string | null;
  /** Called on Enter (the surface decides what submitting means). */
  onSubmit?(): void;
}

/** Step 4: the local number, with the country's dial code as a prefix. */
export function PhoneStep({ country, operator, value, onChange, error, onSubmit }: PhoneStepProps) {
  const t = useI18n();
  return (
    <section className="wz-step" aria-labelledby="wz-phone-heading">
      <h2 id="wz-phone-heading" className="wz-heading">
        {operator ? t.web.enterDetailsFor({ operator: operator.name }) : t.web.tma.enterPhone}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.();
        }}
        noValidate
      >
        <label className="wz-label" htmlFor="wz-phone">
          {t.web.phoneNumber}
        </label>
        <div className={`wz-phone${error ? ' wz-invalid' : ''}`}>
          <span className="wz-phone-prefix">{dialPrefix(country.dialCode)}</span>
          <input
            id="wz-phone"
            className="wz-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t.web.phonePlaceholder}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="wz-phone-hint"
            enterKeyHint="done"
          />
        </div>
        <p id="wz-phone-hint" className="wz-hint">
          {t.web.localNumberHint}
        </p>
        {error && (
          <p className="wz-field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
