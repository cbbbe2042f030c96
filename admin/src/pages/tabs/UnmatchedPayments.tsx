import { formatDateTime, formatUsd, MANUAL_TOPUP_STATUSES, NETWORK_LABELS, type TNetwork } from '@topup/shared';
import { useUnmatchedPayments } from '../../api/queries';
import { Card, Link, LoadError, StatusBadge, Table } from '../../components/ui';
import { orderPath } from '../../router';
import { coinAmount, shortHash } from '../../format';

/**
 * Money received that did not pay a fulfilled order (late, wrong coin, under- or overpaid, to an
 * anonymous order): for an admin to look at. An order still waiting, failed or expired can be topped
 * up by hand from here.
 */
export function UnmatchedPayments({ onTopUpOrder }: { onTopUpOrder: (orderId: number) => void }) {
  const payments = useUnmatchedPayments();
  return (
    <Card
      title="Unmatched payments"
      description="Payments that did not pay a fulfilled order: late, in another coin, short or over the amount, or for an anonymous customer. Credited value is on the customer's balance, or held on the order."
    >
      {payments.isPending && <p className="muted">Loading payments...</p>}
      {payments.isError && <LoadError message="Failed to load unmatched payments." onRetry={() => void payments.refetch()} />}
      {payments.data && payments.data.length === 0 && <p className="muted">No unmatched payments.</p>}
      {payments.data && payments.data.length > 0 && (
        <Table label="Unmatched payments" columns={['Received', 'Amount', 'Transaction', 'Order', 'Credited', 'Action']}>
          {payments.data.map((p) => (
            <tr key={p.id}>
              <td>{formatDateTime(p.receivedAt)}</td>
              <td>
                {coinAmount(p.amount, p.coin)} {p.coin}
                <div className="muted small">{NETWORK_LABELS[p.network as TNetwork] ?? p.network}</div>
              </td>
              <td>
                <code title={p.txHash}>{shortHash(p.txHash)}</code>
                <div className="muted small">{p.status}</div>
              </td>
              <td>
                {p.orderId === null ? (
                  'None'
                ) : (
                  <>
                    <Link to={orderPath(p.orderId)} label={`Open order #${p.orderId}`}>
                      #{p.orderId}
                    </Link>{' '}
                    {p.orderStatus && <StatusBadge status={p.orderStatus} />}
                  </>
                )}
              </td>
              <td>{p.creditedCents ? formatUsd(p.creditedCents) : p.disposition === 'credited' ? 'Yes' : '—'}</td>
              <td>
                {p.orderId !== null && p.orderStatus && MANUAL_TOPUP_STATUSES.includes(p.orderStatus) ? (
                  <button type="button" className="btn btn-small" onClick={() => onTopUpOrder(p.orderId!)}>
                    Top up order #{p.orderId}
                  </button>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
