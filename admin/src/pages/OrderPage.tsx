import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ADMIN_API,
  CREDIT_REASON_LABELS,
  displayLabel,
  displaySentence,
  displayTone,
  formatDateTime,
  formatUsd,
  formProblem,
  NEXT_ACTION_LABELS,
  TIMELINE_LABELS,
  ZOrderActionRequest,
  ZOrderCreditRequest,
  ZOrderRefundRequest,
  type TAdminOrderDetail,
  type TAdminTimelineEntry,
} from '@topup/shared';
import { api, messageOf } from '../api/client';
import { KEYS, refresh, useOrderDetail } from '../api/queries';
import { DeliveryProgress } from '../components/DeliveryProgress';
import { useToast } from '../components/Toaster';
import { BackLink, Card, Field, Link, LoadError, NotesInput, StatusBadge, Table, UsdInput } from '../components/ui';
import { shortHash, statusText, userLabel } from '../format';
import { orderPath } from '../router';

/**
 * One order (/admin/orders/{id}), opened from the Orders tab, the Manual Top-up tab and the
 * Dashboard's unmatched payments: the story its customer sees (the same display, amounts, value and
 * timeline), what only admins see (each timeline entry's recorded cause, the payments' transactions,
 * the provider's ids, the ledger entries the order caused, the orders it re-sends or was re-sent as)
 * and what may be done with it now (the API says which).
 */
export function OrderPage({ id }: { id: number }) {
  const order = useOrderDetail(id);
  useEffect(() => {
    document.title = `Order #${id} – Admin`;
  }, [id]);
  return (
    <main className="stack" aria-labelledby="order-title">
      <BackLink />
      <h2 id="order-title" className="page-title">
        Order #{id}
      </h2>
      {order.isPending && <p className="muted">Loading the order...</p>}
      {order.isError && <LoadError message={messageOf(order.error, 'Failed to load the order.')} onRetry={() => void order.refetch()} />}
      {order.data && <OrderDetail detail={order.data} />}
    </main>
  );
}

function OrderDetail({ detail }: { detail: TAdminOrderDetail }) {
  const { story, record, customer } = detail;
  const o = story.order;
  const d = story.display;
  return (
    <>
      <section className={`card story-head tone-${displayTone(d)}`} aria-label="Now">
        <div className="row-between">
          <span className="badge badge-tone" data-testid="order-display">
            {displayLabel(d)}
          </span>
          <StatusBadge status={o.status} />
        </div>
        <p data-testid="order-sentence">{displaySentence(d, formatDateTime)}</p>
        <p className="muted small">
          The customer&apos;s next step: <strong>{NEXT_ACTION_LABELS[story.next.action]}</strong>
        </p>
      </section>

      <Actions detail={detail} />

      <Card title="Order">
        <dl className="details">
          <Row label="Payment id">
            <code>{o.paymentId}</code>
          </Row>
          <Row label="What">{o.kind === 'balance_topup' ? 'Balance top-up' : `${o.operatorName ?? `Operator ${o.operatorId}`} · ${o.phoneNumber ?? ''}`}</Row>
          <Row label="Amount">
            {formatUsd(o.amount)} + {formatUsd(o.serviceFee)} fee = <strong>{formatUsd(o.totalAmount)}</strong>
            {o.localAmount && ` (${o.localAmount} ${o.localCurrency ?? ''})`}
          </Row>
          <Row label="Paid with">
            {o.paymentMethod === 'crypto'
              ? `${o.coin} on ${o.networkLabel}`
              : o.paymentMethod === 'balance'
                ? 'The customer’s balance'
                : 'An admin (manual top-up)'}
          </Row>
          {o.walletAddress && (
            <Row label="Address">
              <code>{o.walletAddress}</code>
            </Row>
          )}
          <Row label="Customer">
            {customer
              ? `${userLabel(customer)} (#${customer.id}${customer.telegramUserId ? `, Telegram ${customer.telegramUserId}` : ''})`
              : record.telegramUserId
                ? `Telegram user ${record.telegramUserId}`
                : 'No account'}
          </Row>
          <Row label="E-mail">{o.email ?? '—'}</Row>
          <Row label="Made in">{record.source}</Row>
          <Row label="Created">{formatDateTime(o.createdAt)}</Row>
          <Row label="Window ends">{formatDateTime(o.expiresAt)}</Row>
          <Row label="Last change">{formatDateTime(record.updatedAt)}</Row>
          {detail.resendOf !== null && (
            <Row label="Re-sends">
              <Link to={orderPath(detail.resendOf)}>Order #{detail.resendOf}</Link>
            </Row>
          )}
          {detail.resentAs !== null && (
            <Row label="Re-sent as">
              <Link to={orderPath(detail.resentAs)}>Order #{detail.resentAs}</Link>
            </Row>
          )}
        </dl>
      </Card>

      <Card title="Money">
        <dl className="details">
          {story.amounts && (
            <>
              <Row label="Due">
                {story.amounts.due.amount} {story.amounts.coin}
              </Row>
              <Row label="Received">
                {story.amounts.received.amount} {story.amounts.coin}
              </Row>
              <Row label="Remaining">
                {story.amounts.remaining.amount} {story.amounts.coin}
              </Row>
            </>
          )}
          <Row label="Credited">{formatUsd(story.value.creditedAmount)}</Row>
          <Row label="On the balance">{formatUsd(story.value.onBalanceAmount)}</Row>
          <Row label="Held for the customer">{formatUsd(story.value.heldAmount)}</Row>
          <Row label="Taken back for a re-send">{formatUsd(story.value.resentAmount)}</Row>
        </dl>
      </Card>

      <Card title="Provider">
        <dl className="details">
          <Row label="Provider transaction">{o.providerTransactionId ?? '—'}</Row>
          <Row label="Operator transaction">{record.operatorTransactionId ?? '—'}</Row>
          <Row label="Custom identifiers">{record.customIdentifiers.length ? record.customIdentifiers.join(', ') : 'None sent yet'}</Row>
        </dl>
      </Card>

      <Card title="Timeline" description="What the customer sees, with what each record says.">
        <ol className="timeline" aria-label="Timeline">
          {detail.timeline.map((t, i) => (
            <li key={i}>
              <time dateTime={t.at}>{formatDateTime(t.at)}</time>
              <span className="timeline-what">
                <strong>{TIMELINE_LABELS[t.kind]}</strong> <TimelineFacts entry={t} />
              </span>
              {t.cause && <span className="muted small timeline-cause">{t.cause}</span>}
            </li>
          ))}
        </ol>
      </Card>

      <Card title="Payments">
        {detail.payments.length === 0 ? (
          <p className="muted">No payment reached the order&apos;s address.</p>
        ) : (
          <Table label="Payments" columns={['Seen', 'Amount', 'Transaction', 'From', 'Confirmations', 'Use']}>
            {detail.payments.map((p) => (
              <tr key={p.id}>
                <td>{formatDateTime(p.seenAt)}</td>
                <td>
                  {p.amount} {p.coin}
                  <div className="muted small">{p.networkLabel}</div>
                </td>
                <td>
                  {p.explorerUrl ? (
                    <a href={p.explorerUrl} target="_blank" rel="noopener noreferrer" title={p.txHash}>
                      {shortHash(p.txHash)}
                    </a>
                  ) : (
                    <code title={`${p.txHash} (no public explorer for this chain)`}>{shortHash(p.txHash)}</code>
                  )}
                  <div className="muted small">
                    block {p.blockNumber}, log {p.logIndex}
                  </div>
                </td>
                <td>{p.fromAddress ? <code title={p.fromAddress}>{shortHash(p.fromAddress)}</code> : '—'}</td>
                <td>
                  {p.confirmations.n}/{p.confirmations.m} <span className="muted small">{p.status}</span>
                </td>
                <td>{p.use === 'order' ? 'Paid the order' : p.use === 'credited' ? 'Credited' : p.orderCoin ? 'Pending' : 'Another coin'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <Card title="Ledger entries" description="Money this order moved on a balance, or holds for its customer.">
        {detail.ledger.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <Table label="Ledger entries" columns={['When', 'Amount', 'Reason', 'Whose', 'Reference', 'Note']}>
            {detail.ledger.map((l) => (
              <tr key={l.id}>
                <td>{formatDateTime(l.createdAt)}</td>
                <td className={l.amount < 0 ? 'amount-out' : 'amount-in'}>{formatUsd(l.amount)}</td>
                <td>{l.reason.replace(/_/g, ' ')}</td>
                <td>{l.customerId === null ? `Held on order #${l.orderId}` : `Customer #${l.customerId}`}</td>
                <td>
                  {l.referenceType} {l.referenceId}
                </td>
                <td className="wrap">{l.note ?? ''}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The facts of a timeline entry, after its label. */
function TimelineFacts({ entry: t }: { entry: TAdminTimelineEntry }) {
  if (t.payment)
    return (
      <>
        {t.payment.amount} {t.payment.coin} on {t.payment.networkLabel}
        {t.payment.explorerUrl ? (
          <>
            {' '}
            (
            <a href={t.payment.explorerUrl} target="_blank" rel="noopener noreferrer">
              transaction
            </a>
            )
          </>
        ) : (
          <code className="small"> {shortHash(t.payment.txHash)}</code>
        )}
      </>
    );
  if (t.credit)
    return (
      <>{`${formatUsd(t.credit.amount)}: ${CREDIT_REASON_LABELS[t.credit.reason]} (${t.credit.place === 'held' ? 'held for the customer' : 'to the balance'})`}</>
    );
  if (t.kind === 'resent' && t.relatedOrderId !== null)
    return (
      <>
        {t.amount !== null && `${formatUsd(t.amount)} as `}
        <Link to={orderPath(t.relatedOrderId)}>order #{t.relatedOrderId}</Link>
      </>
    );
  if (t.amount !== null) return <>{formatUsd(t.amount)}</>;
  if (t.received) return <>{t.received.amount} received</>;
  if (t.transactionId) return <>transaction {t.transactionId}</>;
  if (t.status) return <span className="muted">({statusText(t.status)})</span>;
  return null;
}

type ActionBody = z.input<typeof ZOrderActionRequest>;

/** What the API allows now: mark paid, re-send (once), refund (once), credit. */
function Actions({ detail }: { detail: TAdminOrderDetail }) {
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
