import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, formProblem, ZPaymentCreditRequest, ZPaymentMatchRequest } from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { KEYS, refresh } from '../../api/queries';
import { useToast } from '../../components/Toaster';
import { Field } from '../../components/ui';

/** What an admin may do with a payment that reached no order: its button, its form's words and request. */
export const ORDERLESS_ACTIONS = {
  match: {
    button: 'Match to order…',
    hint: 'The payment is applied to the order as if it had come for it: it pays it, or waits for the rest, or is credited (late, another coin).',
    label: 'Order number or payment id',
    submit: 'Match',
    done: 'Matched',
  },
  credit: {
    button: 'Credit a customer…',
    hint: "The payment's value at today's price goes to the customer's balance.",
    label: 'Customer number or e-mail',
    submit: 'Credit',
    done: 'Credited',
  },
} as const;
export type TOrderlessAction = keyof typeof ORDERLESS_ACTIONS;

/**
 * The small form under an unmatched payment's row: the order or the customer, and why. Checked with the
 * API's own schema first; the API's refusal (already matched, not found, the role's power) is shown here.
 */
export function OrderlessPaymentForm({ paymentId, action, onClose }: { paymentId: number; action: TOrderlessAction; onClose: () => void }) {
  const words = ORDERLESS_ACTIONS[action];
  const toast = useToast();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (): Promise<{ message: string }> =>
      action === 'match'
        ? api.request(ADMIN_API.matchPayment, { params: { id: paymentId }, body: { order: target, reason } })
        : api.request(ADMIN_API.creditPayment, { params: { id: paymentId }, body: { customer: target, reason } }),
    onSuccess: async (res) => {
      toast({ title: words.done, description: res.message });
      onClose();
      await refresh(queryClient, KEYS.unmatched, KEYS.order, KEYS.orders, KEYS.stats, KEYS.users, KEYS.audit);
    },
    onError: (err) => setProblem(messageOf(err, `Failed to ${words.submit.toLowerCase()} the payment`)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found =
      action === 'match' ? formProblem(ZPaymentMatchRequest, { order: target, reason }) : formProblem(ZPaymentCreditRequest, { customer: target, reason });
    setProblem(found);
    if (!found) send.mutate();
  }

  const id = `${action}-${paymentId}`;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={`${words.submit} payment ${paymentId}`}>
      <p className="hint">{words.hint}</p>
      <div className="field-row">
        <Field label={words.label} htmlFor={`${id}-target`}>
          <input id={`${id}-target`} maxLength={254} value={target} onChange={(e) => setTarget(e.target.value)} />
        </Field>
        <Field label="Reason" htmlFor={`${id}-reason`}>
          <input id={`${id}-reason`} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </div>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="input-with-button">
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : words.submit}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
