import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, formatDateTime, formatUnits, formatUsd, NETWORK_LABELS, type TPayout } from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { saveDownload } from '../../api/download';
import { KEYS, refresh, usePayouts, useReconciliation, useSweeps } from '../../api/queries';
import { useToast } from '../../components/Toaster';
import { Card, Link, LoadError, StatusBadge, Table } from '../../components/ui';
import { coinAmount, shortHash } from '../../format';
import { orderPath } from '../../router';

const networkLabel = (network: string) => NETWORK_LABELS[network] ?? network;

/**
 * The money after it arrived: what the sweep tool moved to the treasury (and what waits or stays as
 * dust), the payouts to approve or reject, and the reconciliation report with its CSV.
 */
export function TreasuryTab() {
  return (
    <>
      <SweepsCard />
      <PayoutsCard />
      <ReconciliationCard />
    </>
  );
}

function SweepsCard() {
  const sweeps = useSweeps();
  return (
    <Card
      title="Sweeps"
      description="Per network and coin: received at deposit addresses, swept to the treasury, pending (not swept yet) and dust left behind. The sweep tool (npm run sweep) moves the funds."
    >
      {sweeps.isPending && <p className="muted">Loading sweeps...</p>}
      {sweeps.isError && <LoadError message="Failed to load sweeps." onRetry={() => void sweeps.refetch()} />}
      {sweeps.data && sweeps.data.rows.length === 0 && <p className="muted">Nothing received yet.</p>}
      {sweeps.data && sweeps.data.rows.length > 0 && (
        <Table label="Sweeps" columns={['Network', 'Coin', 'Received', 'Swept', 'Pending', 'Dust', 'In flight']}>
          {sweeps.data.rows.map((r) => {
            const amount = (units: string) => formatUnits(BigInt(units), r.decimals);
            return (
              <tr key={`${r.network}:${r.coin}`} data-testid={`sweep-${r.network}-${r.coin}`}>
                <td>{networkLabel(r.network)}</td>
                <td>{r.coin}</td>
                <td>{amount(r.received)}</td>
                <td>{amount(r.swept)}</td>
                <td>{amount(r.pending)}</td>
                <td>{amount(r.dust)}</td>
                <td>{amount(r.inFlight)}</td>
              </tr>
            );
          })}
        </Table>
      )}
      {sweeps.data && sweeps.data.fees.length > 0 && (
        <p className="muted small">
          Fees paid: {sweeps.data.fees.map((f) => `${networkLabel(f.network)} ${coinAmount(f.fee, f.coin)} ${f.coin} (${f.transfers} transactions)`).join('; ')}
        </p>
      )}
    </Card>
  );
}

function PayoutsCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const payouts = usePayouts();
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      api.request(ADMIN_API.decidePayout, { params: { id, decision }, body: { note: '' } }),
    onSuccess: async ({ payout }) => {
      toast({
        title: payout.status === 'approved' ? 'Payout Approved' : 'Payout Rejected',
        description: `Payout #${payout.id}: ${formatUsd(payout.amount)} in ${payout.coin}.`,
      });
      await refresh(queryClient, KEYS.payouts, KEYS.audit);
    },
    onError: (err) => toast({ title: 'Payout Failed', description: messageOf(err, 'Failed to decide the payout'), variant: 'destructive' }),
  });
  return (
    <Card
      title="Payouts"
      description="Value given back on chain. Approving debits the balance (or the order's held credit); the sweep tool's signer then pays it."
    >
      {payouts.isPending && <p className="muted">Loading payouts...</p>}
      {payouts.isError && <LoadError message="Failed to load payouts." onRetry={() => void payouts.refetch()} />}
      {payouts.data && payouts.data.payouts.length === 0 && <p className="muted">No payouts.</p>}
      {payouts.data && payouts.data.payouts.length > 0 && (
        <Table label="Payouts" columns={['Asked', 'For', 'Amount', 'To', 'Status', 'Action']}>
          {payouts.data.payouts.map((p) => (
            <tr key={p.id} data-testid={`payout-${p.id}`}>
              <td>{formatDateTime(p.createdAt)}</td>
              <td>
                <PayoutOwner payout={p} />
              </td>
              <td>
                {formatUsd(p.amount)} in {p.coin}
                {p.cryptoAmount && <div className="muted small">{coinAmount(p.cryptoAmount, p.coin)}</div>}
              </td>
              <td>
                <code title={p.toAddress}>{shortHash(p.toAddress)}</code>
                <div className="muted small">{networkLabel(p.network)}</div>
              </td>
              <td>
                <StatusBadge status={p.status} />
                {p.txHash && (
                  <div className="muted small" title={p.txHash}>
                    {shortHash(p.txHash)}
                  </div>
                )}
              </td>
              <td>
                {p.status === 'requested' ? (
                  <>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: p.id, decision: 'approve' })}
                    >
                      Approve
                    </button>{' '}
                    <button type="button" className="btn btn-small" disabled={decide.isPending} onClick={() => decide.mutate({ id: p.id, decision: 'reject' })}>
                      Reject
                    </button>
                  </>
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

function PayoutOwner({ payout }: { payout: TPayout }) {
  if (payout.orderId !== null && payout.customerId === null)
    return (
      <Link to={orderPath(payout.orderId)} label={`Open order #${payout.orderId}`}>
        held on #{payout.orderId}
      </Link>
    );
  return <>customer #{payout.customerId}</>;
}

function ReconciliationCard() {
  const toast = useToast();
  const [asked, setAsked] = useState(false);
  const report = useReconciliation(asked);
  const exportCsv = useMutation({
    mutationFn: async () => saveDownload(await api.send(ADMIN_API.reconciliation, { params: { format: 'csv' } }), 'reconciliation.csv'),
    onSuccess: (name) => toast({ title: 'Export Ready', description: `${name} has been downloaded.` }),
    onError: (err) => toast({ title: 'Export Failed', description: messageOf(err, 'Failed to export the report'), variant: 'destructive' }),
  });
  const r = report.data;
  return (
    <Card
      title="Reconciliation"
      description="What arrived on chain against the orders and the ledger; the provider's spend against its balance; what is owed against the funds on hand."
    >
      <div className="header-actions">
        <button type="button" className="btn" onClick={() => (asked ? void report.refetch() : setAsked(true))} disabled={report.isFetching}>
          {report.isFetching ? 'Reconciling...' : 'Run reconciliation'}
        </button>
        <button type="button" className="btn" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
          {exportCsv.isPending ? 'Exporting...' : 'Download CSV'}
        </button>
      </div>
      {report.isError && <LoadError message="Failed to reconcile." onRetry={() => void report.refetch()} />}
      {r && (
        <>
          <Table label="Chain" columns={['Network', 'Coin', 'Arrived', 'To orders', 'Credited', 'Unaccounted']}>
            {r.chain.map((c) => (
              <tr key={`${c.network}:${c.coin}`}>
                <td>{networkLabel(c.network)}</td>
                <td>{c.coin}</td>
                <td>{coinAmount(c.arrived, c.coin)}</td>
                <td>{coinAmount(c.toOrders, c.coin)}</td>
                <td>{coinAmount(c.credited, c.coin)}</td>
                <td>{c.unaccounted === '0' ? '0' : <strong>{c.unaccounted.startsWith('-') ? c.unaccounted : coinAmount(c.unaccounted, c.coin)}</strong>}</td>
              </tr>
            ))}
          </Table>
          {r.providers.map((p) => (
            <p key={p.provider}>
              {p.provider}: {formatUsd(p.delivered)} delivered in {p.deliveredOrders} top-ups; balance change{' '}
              {p.balanceChange === null ? 'not known yet (first reading taken)' : formatUsd(p.balanceChange)}
            </p>
          ))}
          <p data-testid="liabilities">
            Owed {formatUsd(r.liabilities.total)} (balances {formatUsd(r.liabilities.balances)}, held {formatUsd(r.liabilities.held)}, payouts due{' '}
            {formatUsd(r.liabilities.payoutsDue)}); funds on hand {formatUsd(r.liabilities.fundsOnHand)}; difference {formatUsd(r.liabilities.difference)}
          </p>
          {r.differences.length === 0 ? (
            <p className="muted">No differences.</p>
          ) : (
            <Table label="Differences" columns={['Kind', 'Order', 'Detail']}>
              {r.differences.map((d, i) => (
                <tr key={i}>
                  <td>{d.kind}</td>
                  <td>{d.orderId === null ? '—' : <Link to={orderPath(d.orderId)}>#{d.orderId}</Link>}</td>
                  <td>{d.detail}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </Card>
  );
}
