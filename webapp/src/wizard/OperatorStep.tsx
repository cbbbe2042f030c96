import { useState } from 'react';
import type { TCountry, TOperator, TServiceType } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import { Notice, TileSkeleton } from './Notice';

export interface OperatorStepProps {
  country: TCountry | null;
  operators: TOperator[] | undefined;
  loading: boolean;
  error: boolean;
  selectedId?: number;
  onSelect(operator: TOperator): void;
  /** The service-type selection (spec: default 'airtime'); absent: airtime only. */
  serviceType?: TServiceType;
  onServiceType?(serviceType: TServiceType): void;
}

const SERVICE_TYPES: TServiceType[] = ['airtime', 'data'];

/** The operator's logo, or its first letter when it has none or the image does not load (the tiles here, /app's operator list). */
export function OperatorLogo({ operator, size = 48, className = 'wz-logo' }: { operator: TOperator; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = operator.logoUrls[0] ?? operator.logo;
  if (!src || failed)
    return (
      <span className={`${className} ${className}-letter`} aria-hidden="true">
        {operator.name.charAt(0)}
      </span>
    );
  return <img className={className} src={src} alt="" width={size} height={size} decoding="async" onError={() => setFailed(true)} />;
}

/** Step 2: the country's operators as tiles with their logo. */
export function OperatorStep({ country, operators, loading, error, selectedId, onSelect, serviceType, onServiceType }: OperatorStepProps) {
  const t = useI18n();
  return (
    <section className="wz-step" aria-labelledby="wz-operator-heading">
      <h2 id="wz-operator-heading" className="wz-heading">
        {country ? t.web.selectOperatorIn({ inCountry: t.common.inCountry({ code: country.code, name: t.countryName(country) }) }) : t.web.tma.selectOperator}
      </h2>
      {serviceType && onServiceType && (
        <div className="wz-segments" role="radiogroup" aria-label={t.web.serviceTypeLabel}>
          {SERVICE_TYPES.map((type) => (
            <button key={type} type="button" role="radio" aria-checked={type === serviceType} onClick={() => onServiceType(type)}>
              {t.common.serviceTypes[type]}
            </button>
          ))}
        </div>
      )}
      {!country ? (
        <Notice>{t.web.selectCountryFirst}</Notice>
      ) : error ? (
        <Notice kind="error">{t.web.errorLoadingOperators}</Notice>
      ) : loading || !operators ? (
        <TileSkeleton count={4} />
      ) : operators.length === 0 ? (
        <Notice>{t.web.noOperators}</Notice>
      ) : (
        <div className="wz-tiles">
          {operators.map((op) => (
            <button key={op.id} type="button" className="wz-tile" aria-pressed={op.id === selectedId} onClick={() => onSelect(op)}>
              <OperatorLogo operator={op} />
              <span className="wz-tile-title">{op.name}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
