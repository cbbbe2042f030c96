import { useEffect, type ReactNode } from 'react';
import {
  catalogFor,
  displayLabel,
  displaySentence,
  displayTone,
  formatDateTime,
  formatUsd,
  NEXT_ACTION_LABELS,
  pinLines,
  type TAdminOrderDetail,
} from '@topup/shared';
import { messageOf } from '../api/client';
import { useOrderDetail } from '../api/queries';
import { BackLink, Card, Link, LoadError, OrderStatusBadge, Table } from '../components/ui';
import { shortHash, userLabel } from '../format';
import { orderPath } from '../router';
import { OrderActions } from './OrderActions';
import { OrderTimeline } from './OrderTimeline';

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
          <OrderStatusBadge status={o.status} />
        </div>
        <p data-testid="order-sentence">{displaySentence(d, formatDateTime)}</p>
        <p className="muted small">
          The customer&apos;s next step: <strong>{NEXT_ACTION_LABELS[story.next.action]}</strong>
        </p>
      </section>

      <OrderActions detail={detail} />

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

      {o.pin && (
        <Card
          title="PIN voucher"
          description="What the operator gave for this top-up; the customer sees the same on their order page, in the bot and in the receipt."
        >
          <dl className="details" data-testid="order-pin">
            {pinLines(catalogFor('en').common.pin, o.pin).map((l) => (
              <Row key={l.label} label={l.label}>
                {l.code ? <code>{l.value}</code> : l.value}
              </Row>
            ))}
          </dl>
        </Card>
      )}

      <OrderTimeline timeline={detail.timeline} />

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
