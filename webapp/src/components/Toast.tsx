import './toast.css';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18n';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds; the spec's default is 5000. */
  duration?: number;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

/** Spec section 9: a toast is dismissed by a swipe to the right of at least this many pixels. */
const SWIPE_THRESHOLD = 50;

/**
 * Toasts as the spec has them: title and description, default or destructive, a close button, one at a
 * time, 5 s by default, swipe right to dismiss, F8 moves the focus to the notifications.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { web } = useI18n();
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const [offset, setOffset] = useState(0);
  const swipe = useRef<{ x: number; id: number; dx: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const show = useCallback((t: ToastMessage) => {
    setOffset(0);
    setToast({ ...t, id: Date.now() + Math.random() });
  }, []);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), toast.duration ?? 5000);
    return () => clearTimeout(id);
  }, [toast]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        viewport.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!toast || (e.target as HTMLElement).closest('button')) return;
    swipe.current = { x: e.clientX, id: toast.id, dx: 0 };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!swipe.current) return;
    swipe.current.dx = Math.max(0, e.clientX - swipe.current.x);
    setOffset(swipe.current.dx);
  };
  const onPointerEnd = () => {
    const gesture = swipe.current;
    if (!gesture) return;
    swipe.current = null;
    setOffset(0);
    if (gesture.dx >= SWIPE_THRESHOLD) setToast((t) => (t?.id === gesture.id ? null : t));
  };

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-viewport" aria-live="polite" role="region" aria-label={web.account.notifications} tabIndex={-1} ref={viewport}>
        {toast && (
          <div
            key={toast.id}
            className={`toast toast-${toast.variant ?? 'default'}`}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
          >
            <div>
              <strong>{toast.title}</strong>
              {toast.description && <p>{toast.description}</p>}
            </div>
            <button type="button" className="toast-close" aria-label={web.shell.close} onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

/**
 * While a payment screen is shown, toasts come at the top of the screen: its amount, address and QR
 * code fill the middle and the bottom, where a toast would cover what the customer reads or scans.
 */
export function useToastsOnTop(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    document.body.classList.add('toasts-top');
    return () => document.body.classList.remove('toasts-top');
  }, [active]);
}
