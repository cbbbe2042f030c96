import './toast.css';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds; the spec's default is 5000. */
  duration?: number;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

/** Toasts as the spec has them: title and description, default or destructive, a close button, one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback((t: ToastMessage) => setToast({ ...t, id: Date.now() + Math.random() }), []);
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), toast.duration ?? 5000);
    return () => clearTimeout(id);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-viewport" aria-live="polite">
        {toast && (
          <div key={toast.id} className={`toast toast-${toast.variant ?? 'default'}`} role={toast.variant === 'destructive' ? 'alert' : 'status'}>
            <div>
              <strong>{toast.title}</strong>
              {toast.description && <p>{toast.description}</p>}
            </div>
            <button type="button" className="toast-close" aria-label="Close" onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
