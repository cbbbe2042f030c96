import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TOperatorMismatchDetails } from '@topup/shared';
import { useI18n } from '../i18n/I18n';
import type { Checkout } from './useCheckout';
import { switchToDetectedOperator } from './switch-operator';

/**
 * "Switch to {operator}" under a refused order (OPERATOR_MISMATCH): the operator the number belongs
 * to, the number and (where that operator takes it) the amount kept; the refusal is cleared.
 * `onSwitched` tells the surface whether the amount was kept (else it goes back to the amount).
 */
export function SwitchOperator({
  checkout,
  mismatch,
  onSwitched,
}: {
  checkout: Checkout;
  mismatch: TOperatorMismatchDetails;
  onSwitched(amountKept: boolean): void;
}) {
  const { web } = useI18n();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const switched = await switchToDetectedOperator(queryClient, checkout.state.wizard, mismatch, checkout.choose);
      await checkout.leave();
      onSwitched(switched?.amountKept ?? false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="wz-button" disabled={busy} onClick={() => void run()} data-testid="switch-operator">
      {web.order.switchOperator({ operator: mismatch.detectedOperatorName })}
    </button>
  );
}
