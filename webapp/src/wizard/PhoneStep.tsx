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
        <PhoneInput
          id="wz-phone"
          prefix={dialPrefix(country.dialCode)}
          value={value}
          onChange={onChange}
          invalid={!!error}
          describedBy="wz-phone-hint"
          enterKeyHint="done"
        />
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

/** The national number after its dial code (the wizard's phone step, /app's first step). */
export function PhoneInput(props: {
  id: string;
  /** The dial code, or a mark while no country is chosen. */
  prefix: string;
  value: string;
  onChange(phone: string): void;
  invalid: boolean;
  describedBy?: string;
  enterKeyHint?: 'done';
  onPaste?(): void;
  /** Enter where no form submits (the form's own submit otherwise). */
  onEnter?(): void;
}) {
  const t = useI18n();
  const { onEnter } = props;
  return (
    <div className={`wz-phone${props.invalid ? ' wz-invalid' : ''}`}>
      <span className="wz-phone-prefix">{props.prefix}</span>
      <input
        id={props.id}
        className="wz-input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t.web.phonePlaceholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onPaste={props.onPaste}
        onKeyDown={onEnter && ((e) => e.key === 'Enter' && onEnter())}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        enterKeyHint={props.enterKeyHint}
      />
    </div>
  );
}
