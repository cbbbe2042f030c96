import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_API, formatUsd, formProblem, manualTopupProgress, MANUAL_TOPUP_STATUSES, ZManualTopupRequest } from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { KEYS, refresh, useCountries, useOperators, useOrders } from '../../api/queries';
import { useToast } from '../../components/Toaster';
import { Card, Field, Link, LoadError, NotesInput, UsdInput } from '../../components/ui';
import { DeliveryProgress } from '../../components/DeliveryProgress';
import { orderPath } from '../../router';
import { MANUAL_TOPUP_MIN_USD } from '../../constants';
import { catalogUsd, statusText } from '../../format';

type Mode = 'new' | 'existing';
type TopupBody = z.input<typeof ZManualTopupRequest>;
const ELIGIBLE = { status: MANUAL_TOPUP_STATUSES.join(',') };

const EMPTY_NEW = { countryId: '', operatorId: '', phoneNumber: '', amount: '', notes: '' };

/**
 * Manual Top-up (spec sections 2 and 5): a new top-up the admin pays for, or an existing order that is
 * waiting, expired or failed. Either way the order is delivered by the same exactly-once fulfilment.
 */
export function ManualTopupTab({ initialOrderId }: { initialOrderId: number | null }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(initialOrderId ? 'existing' : 'new');
  const [form, setForm] = useState(EMPTY_NEW);
  const [orderId, setOrderId] = useState(initialOrderId ? String(initialOrderId) : '');
  const [existingNotes, setExistingNotes] = useState('');
  /** The order of the last top-up sent from here, followed until it is delivered or fails. */
  const [sent, setSent] = useState<number | null>(null);

  const countries = useCountries();
  const operators = useOperators(form.countryId);
  const eligible = useOrders(ELIGIBLE, 1, 100);
  const eligibleOrders = useMemo(() => (eligible.data?.orders ?? []).filter((o) => o.kind === 'recharge'), [eligible.data]);
  const selectedOrder = eligibleOrders.find((o) => String(o.id) === orderId);
  const country = countries.data?.find((c) => String(c.id) === form.countryId);
  const operator = operators.data?.find((o) => String(o.operatorId) === form.operatorId);

  const submitTopup = useMutation({
    mutationFn: (body: TopupBody) => api.request(ADMIN_API.manualTopup, { body }),
    // Submitted is not done: the answer says so, and the delivery's outcome follows (DeliveryProgress).
    onSuccess: async (res) => {
      const progress = manualTopupProgress(res.orderId, res.status);
      toast({ title: progress.title, description: progress.description });
      setSent(res.orderId);
      setForm(EMPTY_NEW);
      setOrderId('');
      setExistingNotes('');
      await refresh(queryClient, KEYS.orders, KEYS.stats, KEYS.audit, KEYS.unmatched, KEYS.users);
    },
    onError: (err) => toast({ title: 'Error', description: messageOf(err, 'Failed to process manual top-up'), variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    // The form's text as typed (amounts as exact decimal text), checked by the API's own schema first.
    const body: TopupBody = mode === 'new' ? { mode, ...form } : { mode, orderId, notes: existingNotes };
    const problem = formProblem(ZManualTopupRequest, body);
    if (problem) return toast({ title: 'Error', description: problem, variant: 'destructive' });
    submitTopup.mutate(body);
  }

  const countryName = (code: string | null) => countries.data?.find((c) => c.code === code)?.name ?? code ?? '—';

  return (
    <Card title="Manual Top-up" description="Send a top-up by hand: a new one, or an order that is waiting for payment, expired or failed.">
      {sent !== null && <DeliveryProgress key={sent} orderId={sent} />}
      <form className="form" onSubmit={submit} noValidate aria-label="Manual top-up">
        <fieldset className="radio-group">
          <legend>Mode</legend>
          <label className="radio">
            <input type="radio" name="topup-mode" value="new" checked={mode === 'new'} onChange={() => setMode('new')} />
            New top-up
          </label>
          <label className="radio">
            <input type="radio" name="topup-mode" value="existing" checked={mode === 'existing'} onChange={() => setMode('existing')} />
            Existing order
          </label>
        </fieldset>

        {mode === 'new' ? (
          <>
            <Field label="Country" htmlFor="topup-country">
              <select
                id="topup-country"
                value={form.countryId}
                // Changing the country clears the operator (spec section 5).
                onChange={(e) => setForm((f) => ({ ...f, countryId: e.target.value, operatorId: '' }))}
                disabled={!countries.data}
              >
                <option value="">{countries.isPending ? 'Loading countries...' : 'Select a country'}</option>
                {countries.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.dialCode})
                  </option>
                ))}
              </select>
            </Field>
            {countries.isError && <LoadError message="Error loading countries. Please try again later." onRetry={() => void countries.refetch()} />}
            <Field
              label="Operator"
              htmlFor="topup-operator"
              hint={operator ? `${operator.name} accepts ${catalogUsd(operator.minAmount)} to ${catalogUsd(operator.maxAmount)}` : undefined}
            >
              <select
                id="topup-operator"
                value={form.operatorId}
                onChange={(e) => setForm((f) => ({ ...f, operatorId: e.target.value }))}
                disabled={!form.countryId || !operators.data}
              >
                <option value="">
                  {!form.countryId ? 'Please select a country first.' : operators.isPending ? 'Loading operators...' : 'Select an operator'}
                </option>
                {operators.data?.map((o) => (
                  <option key={o.operatorId} value={o.operatorId}>
                    {o.name}
                  </option>
                ))}
              </select>
            </Field>
            {operators.isError && <LoadError message="Error loading operators. Please try again later." onRetry={() => void operators.refetch()} />}
            {operators.data && operators.data.length === 0 && <p className="hint">No operators available for this country.</p>}
            <Field label="Phone Number" htmlFor="topup-phone">
              <div className="input-with-prefix">
                {country && <span className="prefix">{country.dialCode}</span>}
                <input
                  id="topup-phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={form.phoneNumber}
                  onChange={(e) => setForm((f) => ({ ...f, phoneNumber: e.target.value }))}
                  placeholder="612345678"
                />
              </div>
            </Field>
            <Field label="Amount (USD)" htmlFor="topup-amount">
              <UsdInput
                id="topup-amount"
                min={MANUAL_TOPUP_MIN_USD}
                value={form.amount}
                onChange={(amount) => setForm((f) => ({ ...f, amount }))}
                placeholder="0.00"
              />
            </Field>
            <Field label="Notes" htmlFor="topup-notes">
              <NotesInput
                id="topup-notes"
                value={form.notes}
                onChange={(notes) => setForm((f) => ({ ...f, notes }))}
                placeholder="Why this top-up is sent by hand"
              />
            </Field>
          </>
        ) : (
          <>
            <Field label="Order" htmlFor="topup-order" hint="Orders waiting for payment, expired or failed">
              <select id="topup-order" value={orderId} onChange={(e) => setOrderId(e.target.value)} disabled={eligible.isPending}>
                <option value="">{eligible.isPending ? 'Loading orders...' : eligibleOrders.length ? 'Select an order' : 'No orders to top up'}</option>
                {orderId && !selectedOrder && !eligible.isPending && <option value={orderId}>Order #{orderId}</option>}
                {eligibleOrders.map((o) => (
                  <option key={o.id} value={o.id}>
                    #{o.id} — {o.phoneNumber} — {formatUsd(o.amount)} — {statusText(o.status)}
                  </option>
                ))}
              </select>
            </Field>
            {eligible.isError && <LoadError message="Failed to load orders." onRetry={() => void eligible.refetch()} />}
            {selectedOrder && <Link to={orderPath(selectedOrder.id)}>Open order #{selectedOrder.id}</Link>}
            {selectedOrder && (
              <dl className="details" aria-label="Selected order">
                <dt>Phone</dt>
                <dd>{selectedOrder.phoneNumber}</dd>
                <dt>Amount</dt>
                <dd>{formatUsd(selectedOrder.amount)}</dd>
                <dt>Country</dt>
                <dd>{countryName(selectedOrder.countryCode)}</dd>
                <dt>Operator</dt>
                <dd>{selectedOrder.operatorName ?? selectedOrder.operatorId ?? '—'}</dd>
                <dt>Email</dt>
                <dd>{selectedOrder.email ?? '—'}</dd>
                <dt>Status</dt>
                <dd>{statusText(selectedOrder.status)}</dd>
              </dl>
            )}
            {selectedOrder?.status === 'failed' && (
              <p className="hint">A failed order is sent again as a new order, and the credit its failure gave is taken back. A failure is re-sent once.</p>
            )}
            <Field label="Notes" htmlFor="topup-existing-notes" hint="Required: why this order is topped up by hand">
              <NotesInput id="topup-existing-notes" value={existingNotes} onChange={setExistingNotes} />
            </Field>
          </>
        )}
        <button type="submit" className="btn btn-primary" disabled={submitTopup.isPending}>
          {submitTopup.isPending ? 'Processing...' : 'Process Manual Top-up'}
        </button>
      </form>
    </Card>
  );
}
