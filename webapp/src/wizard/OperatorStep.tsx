import { useState } from 'react';
import type { TCountry, TOperator, TServiceType } from '@topup/shared';
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

const SERVICE_TYPES: [TServiceType, string][] = [
  ['airtime', 'Airtime'],
  ['data', 'Data Bundle'],
];

/** The operator's logo, or its first letter when it has none or the image does not load. */
function Logo({ operator }: { operator: TOperator }) {
  const [failed, setFailed] = useState(false);
  const src = operator.logoUrls[0] ?? operator.logo;
  if (!src || failed) return <span className="wz-logo wz-logo-letter" aria-hidden="true">{operator.name.charAt(0)}</span>;
  return <img className="wz-logo" src={src} alt="" width={48} height={48} decoding="async" onError={() => setFailed(true)} />;
}

/** Step 2: the country's operators as tiles with their logo. */
export function OperatorStep({ country, operators, loading, error, selectedId, onSelect, serviceType, onServiceType }: OperatorStepProps) {
  return (
    <section className="wz-step" aria-labelledby="wz-operator-heading">
      <h2 id="wz-operator-heading" className="wz-heading">
        {country ? `Select Operator in ${country.name}` : 'Select Operator'}
      </h2>
      {serviceType && onServiceType && (
        <div className="wz-segments" role="radiogroup" aria-label="Service type">
          {SERVICE_TYPES.map(([type, label]) => (
            <button key={type} type="button" role="radio" aria-checked={type === serviceType} onClick={() => onServiceType(type)}>
              {label}
            </button>
          ))}
        </div>
      )}
      {!country ? (
        <Notice>Please select a country first.</Notice>
      ) : error ? (
        <Notice kind="error">Error loading operators. Please try again later.</Notice>
      ) : loading || !operators ? (
        <TileSkeleton count={4} />
      ) : operators.length === 0 ? (
        <Notice>No operators available for this country.</Notice>
      ) : (
        <div className="wz-tiles">
          {operators.map((op) => (
            <button key={op.id} type="button" className="wz-tile" aria-pressed={op.id === selectedId} onClick={() => onSelect(op)}>
              <Logo operator={op} />
              <span className="wz-tile-title">{op.name}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
