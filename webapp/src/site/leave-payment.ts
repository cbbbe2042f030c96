import { useEffect, useRef } from 'react';
import type { TPaymentCreated } from '@topup/shared';
import { autoCancelBeacon, releaseWallet } from '../api/payments';

/**
 * Spec: leaving while the payment is open releases the address: a beacon when the page goes away, a
 * release when the customer navigates to another page of the site with the payment still open.
 */
export function useReleaseOnLeave(unpaid: boolean, payment: TPaymentCreated | null): void {
  const leaving = useRef({ unpaid, payment });
  leaving.current = { unpaid, payment };
  useEffect(() => {
    const onHide = (e: PageTransitionEvent) => {
      const { unpaid: open, payment: p } = leaving.current;
      if (open && p && !e.persisted) autoCancelBeacon(p);
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      const { unpaid: open, payment: p } = leaving.current;
      if (open && p) void releaseWallet(p);
    };
  }, []);
}
