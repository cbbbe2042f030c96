import type { ReactNode } from 'react';
import { useI18n } from '../i18n/I18n';

/** Loading, empty and error states of a step. */
export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error'; children: ReactNode }) {
  return (
    <p className={`wz-notice wz-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function TileSkeleton({ count = 6 }: { count?: number }) {
  const { web } = useI18n();
  return (
    <div className="wz-tiles" aria-busy="true" aria-label={web.loading}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="wz-tile wz-skeleton" />
      ))}
    </div>
  );
}
