import { Fragment, useState } from 'react';
import { formatDateTime, formatUsd, MANUAL_TOPUP_STATUSES, NETWORK_LABELS, type TNetwork } from '@topup/shared';
import { useUnmatchedPayments } from '../../api/queries';
import { Card, Link, LoadError, OrderStatusBadge, Table } from '../../components/ui';
import { orderPath } from '../../router';
import { coinAmount, shortHash } from '../../format';
import { ORDERLESS_ACTIONS, OrderlessPaymentForm, type TOrderlessAction } from './OrderlessPaymentForm';

/**
 * Money received that did not pay a fulfilled order (late, wrong coin, under- or overpaid, to an
 * anonymous order): for an admin to look at. An order still waiting, failed or expired can be topped
 * up by hand from here; a payment that reached no order (no memo, an unknown one) is matched to an
 * order or credited to a customer here, once.
 */
export function UnmatchedPayments({ onTopUpOrder }: { onTopUpOrder: (orderId: number) => void }) {
  const payments = useUnmatchedPayments();
  const [open, setOpen] = useState<{ paymentId: number; action: TOrderlessAction } | null>(null);
  return (
    <Card
      title="Unmatched payments"
      description="Payments that did not pay a fulfilled order: late, in another coin, short or over the amount, for an anonymous customer, or with no order at all (no memo, or an unknown one): match those to an order, or credit them to a customer. Credited value is on the customer's balance, or held on the order."
    >
      {payments.isPending && <p className="muted">Loading payments...</p>}
      {payments.isError && <LoadError message="Failed to load unmatched payments." onRetry={() => void payments.refetch()} />}
      {payments.data && payments.data.length === 0 && <p className="muted">No unmatched payments.</p>}
      {payments.data && payments.data.length > 0 && (
        <Table label="Unmatched payments" columns={['Received', 'Amount', 'Transaction', 'Order', 'Credited', 'Action']}>
          {payments.data.map((p) => (
            <Fragment key={p.id}>
              <tr>
                <td>{formatDateTime(p.receivedAt)}</td>
                <td>
                  {coinAmount(p.amount, p.coin)} {p.coin}
                  <div className="muted small">{NETWORK_LABELS[p.network as TNetwork] ?? p.network}</div>
                </td>
                <td>
                  <code title={p.txHash}>{shortHash(p.txHash)}</code>
                  <div className="muted small">{p.status}</div>
                  {p.fromAddress && (
                    <div className="muted small">
                      from <code title={p.fromAddress}>{shortHash(p.fromAddress)}</code>
                    </div>
                  )}
                </td>
                <td>
                  {p.orderId === null ? (
                    'None'
                  ) : (
                    <>
                      <Link to={orderPath(p.orderId)} label={`Open order #${p.orderId}`}>
                        #{p.orderId}
                      </Link>{' '}
                      {p.orderStatus && <OrderStatusBadge status={p.orderStatus} />}
                    </>
                  )}
                </td>
                <td>{p.creditedCents ? formatUsd(p.creditedCents) : p.disposition === 'credited' ? 'Yes' : '—'}</td>
                <td>
                  {p.orderId !== null && p.orderStatus && MANUAL_TOPUP_STATUSES.includes(p.orderStatus) ? (
                    <button type="button" className="btn btn-small" onClick={() => onTopUpOrder(p.orderId!)}>
                      Top up order #{p.orderId}
                    </button>
                  ) : p.orderId === null && p.disposition === null ? (
                    <div className="input-with-button">
                      {(Object.keys(ORDERLESS_ACTIONS) as TOrderlessAction[]).map((action) => (
                        <button
                          key={action}
                          type="button"
                          className="btn btn-small"
                          aria-expanded={open?.paymentId === p.id && open.action === action}
                          onClick={() => setOpen({ paymentId: p.id, action })}
                        >
                          {ORDERLESS_ACTIONS[action].button}
                        </button>
                      ))}
                    </div>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
              {open?.paymentId === p.id && (
                <tr>
                  <td colSpan={6}>
                    <OrderlessPaymentForm key={open.action} paymentId={p.id} action={open.action} onClose={() => setOpen(null)} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </Table>
      )}
    </Card>
  );
}
