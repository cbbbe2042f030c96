import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_API, formatUsd, formProblem, ZOrderActionRequest, ZOrderCreditRequest, ZOrderRefundRequest, type TAdminOrderDetail } from '@topup/shared';
import { api, messageOf } from '../api/client';
import { KEYS, refresh } from '../api/queries';
import { DeliveryProgress } from '../components/DeliveryProgress';
import { useToast } from '../components/Toaster';
import { Card, Field, NotesInput, UsdInput } from '../components/ui';

type ActionBody = z.input<typeof ZOrderActionRequest>;

/** What the API allows now: mark paid, re-send (once), refund (once), credit. */
export function OrderActions({ detail }: { detail: TAdminOrderDetail }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = detail.story.order.orderId;
  const { actions } = detail;
  const [notes, setNotes] = useState('');
  const [creditAmount, setCreditAmount] = useState('');
  const [creditReason, setCreditReason] = useState('');
  const [refundReason, setRefundReason] = useState('');
  const [delivering, setDelivering] = useState<number | null>(null);

  const after = () => refresh(queryClient, KEYS.order, KEYS.orders, KEYS.stats, KEYS.audit, KEYS.users, KEYS.unmatched);
  const topUp = useMutation({
    mutationFn: (input: { action: 'mark-paid' | 'resend'; body: ActionBody }) =>
      api.request(input.action === 'mark-paid' ? ADMIN_API.markPaid : ADMIN_API.resendOrder, { params: { id }, body: input.body }),
    onSuccess: async (res) => {
      toast({ title: 'Submitted', description: res.message });
      setNotes('');
      setDelivering(res.orderId);
      await after();
    },
    onError: (err) => toast({ title: 'Error', description: messageOf(err, 'Failed to process the order'), variant: 'destructive' }),
  });
  const money = useMutation({
    mutationFn: (input: { kind: 'credit'; body: z.input<typeof ZOrderCreditRequest> } | { kind: 'refund'; body: z.input<typeof ZOrderRefundRequest> }) =>
      input.kind === 'credit'
        ? api.request(ADMIN_API.creditOrder, { params: { id }, body: input.body })
        : api.request(ADMIN_API.refundOrder, { params: { id }, body: input.body }),
    onSuccess: async (res, input) => {
      toast({ title: input.kind === 'credit' ? 'Credited' : 'Refunded', description: res.message });
      if (input.kind === 'credit') {
        setCreditAmount('');
        setCreditReason('');
      } else setRefundReason('');
      await after();
    },
    onError: (err) => toast({ title: 'Error', description: messageOf(err, 'Failed to move the money'), variant: 'destructive' }),
  });

  /** Checked with the API's own schema first: the same words as the API would answer. */
  function checked<T>(schema: z.ZodType, body: T): T | null {
    const problem = formProblem(schema, body);
    if (problem) toast({ title: 'Error', description: problem, variant: 'destructive' });
    return problem ? null : body;
  }

  function submitTopUp(e: FormEvent, action: 'mark-paid' | 'resend') {
    e.preventDefault();
    const body = checked(ZOrderActionRequest, { notes });
    if (body) topUp.mutate({ action, body });
  }

  function submitCredit(e: FormEvent) {
    e.preventDefault();
    const body = checked(ZOrderCreditRequest, { amount: creditAmount, reason: creditReason });
    if (body) money.mutate({ kind: 'credit', body });
  }

  function submitRefund(e: FormEvent) {
    e.preventDefault();
    const body = checked(ZOrderRefundRequest, { reason: refundReason });
    if (!body) return;
    if (!window.confirm(`Refund ${formatUsd(detail.story.order.totalAmount)} of order #${id} to the balance? This can be done once.`)) return;
    money.mutate({ kind: 'refund', body });
  }

  const topUpAction = actions.markPaid ? 'mark-paid' : actions.resend ? 'resend' : null;
  return (
    <Card title="Actions">
      {delivering !== null && <DeliveryProgress orderId={delivering} />}
      {topUpAction && (
        <form
          className="form"
          onSubmit={(e) => submitTopUp(e, topUpAction)}
          noValidate
          aria-label={topUpAction === 'mark-paid' ? 'Mark paid' : 'Re-send the top-up'}
        >
          <p className="hint">
            {topUpAction === 'mark-paid'
              ? 'The customer paid outside the chain (bank transfer, cash): the order is marked paid and delivered.'
              : 'The same top-up is sent again as a new order, paid with the credit this failure gave (taken back). A failure is re-sent once.'}
          </p>
          <Field label="Notes" htmlFor="action-notes">
            <NotesInput id="action-notes" value={notes} onChange={setNotes} />
          </Field>
          <button type="submit" className="btn btn-primary" disabled={topUp.isPending}>
            {topUp.isPending ? 'Processing...' : topUpAction === 'mark-paid' ? 'Mark Paid' : 'Re-send Top-up'}
          </button>
        </form>
      )}
      {actions.refund && (
        <form className="form" onSubmit={submitRefund} noValidate aria-label="Refund to the balance">
          <p className="hint">
            The order&apos;s {formatUsd(detail.story.order.totalAmount)} goes back to the customer&apos;s balance (held on the order without an account). Once.
          </p>
          <Field label="Reason for the refund" htmlFor="refund-reason">
            <input id="refund-reason" maxLength={500} value={refundReason} onChange={(e) => setRefundReason(e.target.value)} />
          </Field>
          <button type="submit" className="btn btn-danger" disabled={money.isPending}>
            Refund to Balance
          </button>
        </form>
      )}
      {actions.credit && (
        <form className="form" onSubmit={submitCredit} noValidate aria-label="Credit the balance">
          <div className="field-row">
            <Field label="Credit amount (USD)" htmlFor="credit-amount">
              <UsdInput id="credit-amount" value={creditAmount} onChange={setCreditAmount} />
            </Field>
            <Field label="Reason for the credit" htmlFor="credit-reason">
              <input id="credit-reason" maxLength={500} value={creditReason} onChange={(e) => setCreditReason(e.target.value)} />
            </Field>
          </div>
          <button type="submit" className="btn" disabled={money.isPending}>
            Credit Balance
          </button>
        </form>
      )}
    </Card>
  );
}
