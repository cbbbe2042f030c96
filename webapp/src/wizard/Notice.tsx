import type { ReactNode } from 'react';

/** Loading, empty and error states of a step. */
export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error'; children: ReactNode }) {
  return (
    <p className={`wz-notice wz-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function TileSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="wz-tiles" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="wz-tile wz-skeleton" />
      ))}
    </div>
  );
}
