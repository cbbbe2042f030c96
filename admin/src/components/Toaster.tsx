import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Toasts as the spec has them (sections 2 and 9): a title and a description, default or destructive
 * style, a close button; one at a time (a new one replaces the last); gone after 5000 ms; swiped away
 * to the right past 50 px; F8 moves the focus to them.
 */

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
interface ShownToast extends ToastInput {
  id: number;
}

type ToastFn = (toast: ToastInput) => void;
const ToastContext = createContext<ToastFn>(() => undefined);

export function useToast(): ToastFn {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const seq = useRef(0);
  const show = useCallback<ToastFn>((t) => setToast({ ...t, id: ++seq.current }), []);
  const dismiss = useCallback(() => setToast(null), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastViewport toast={toast} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toast, onDismiss }: { toast: ShownToast | null; onDismiss: () => void }) {
  const viewport = useRef<HTMLOListElement>(null);
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    setDragX(0);
    if (!toast) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  const destructive = toast?.variant === 'destructive';
  return (
    <section aria-label="Notifications (F8)" className="toast-region">
      <ol ref={viewport} tabIndex={-1} className="toast-viewport">
        {toast && (
          <li
            key={toast.id}
            role={destructive ? 'alert' : 'status'}
            aria-atomic="true"
            data-testid="toast"
            className={`toast${destructive ? ' toast-destructive' : ''}`}
            style={dragX ? { transform: `translateX(${dragX}px)`, opacity: Math.max(0.2, 1 - dragX / 200) } : undefined}
            onPointerDown={(e) => {
              start.current = e.clientX;
            }}
            onPointerMove={(e) => {
              if (start.current !== null) setDragX(Math.max(0, e.clientX - start.current));
            }}
            onPointerUp={() => {
              if (dragX > SWIPE_THRESHOLD_PX) onDismiss();
              start.current = null;
              setDragX(0);
            }}
            onPointerCancel={() => {
              start.current = null;
              setDragX(0);
            }}
          >
            <div className="toast-text">
              <p className="toast-title">{toast.title}</p>
              {toast.description && <p className="toast-description">{toast.description}</p>}
            </div>
            <button type="button" className="toast-close" aria-label="Close" onClick={onDismiss}>
              ×
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
