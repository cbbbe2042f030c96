import type { ReactNode } from 'react';

/**
 * The mini-app's full-width button outside Telegram (in Telegram the main button does its work): the
 * wizard's own button style, so the first load carries no UI kit.
 */
export function TmaButton({ children, loading, disabled, onClick, className }: { children: ReactNode; loading?: boolean; disabled?: boolean; onClick(): void; className?: string }) {
  return (
    <button type="button" className={`wz-button tma-button${className ? ` ${className}` : ''}`} disabled={disabled || loading} aria-busy={loading || undefined} onClick={onClick}>
      {loading ? <Spinner /> : children}
    </button>
  );
}

export function Spinner() {
  return <span className="tma-spinner" role="progressbar" aria-label="…" />;
}
