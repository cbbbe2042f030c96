import { useQueryClient } from '@tanstack/react-query';
import { KEYS, refresh, useAlerts, useStats, useSupportUnread } from '../../api/queries';
import { Card, Link, LoadError, Spinner } from '../../components/ui';
import { inboxPath } from '../../router';
import { formatDateTime, formatUsd, type TAdminMe } from '@topup/shared';
import { AuditLog } from './AuditLog';
import { UnmatchedPayments } from './UnmatchedPayments';
import { SystemPanel } from './SystemPanel';

/**
 * Dashboard: the spec's four cards (Total Revenue counts what customers paid; the top-ups admins granted
 * are shown apart under it); then what needs an admin (the support inbox's unread messages, alerts,
 * the system's health, unmatched payments) and the audit log.
 */
export function DashboardTab({ me, onTopUpOrder }: { me: TAdminMe | null; onTopUpOrder: (orderId: number) => void }) {
  const queryClient = useQueryClient();
  const stats = useStats();
  const alerts = useAlerts();
  const unread = useSupportUnread();
  const s = stats.data;
  const cards = [
    {
      label: 'Total Revenue',
      value: s && formatUsd(s.totalRevenue),
      note: s && `Admin-granted top-ups, not counted: ${formatUsd(s.adminGranted)} (${s.adminGrantedOrders})`,
    },
    { label: 'Total Orders', value: s && s.totalOrders.toLocaleString('en-US') },
    { label: 'Success Rate', value: s && `${s.successRate.toFixed(1)}%` },
    { label: 'Active Users', value: s && s.activeUsers.toLocaleString('en-US') },
  ];
  return (
    <div className="stack">
      <div className="row-between">
        <h2 className="section-title">Overview</h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void refresh(queryClient, KEYS.stats, KEYS.alerts, KEYS.system, KEYS.unmatched, KEYS.audit, KEYS.supportUnread)}
          disabled={stats.isFetching}
        >
          {stats.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {stats.isError ? (
        <LoadError message="Failed to load the statistics." onRetry={() => void stats.refetch()} />
      ) : (
        <div className="stat-grid">
          {cards.map((c) => (
            <section key={c.label} className="card stat-card" aria-label={c.label}>
              <h3 className="stat-label">{c.label}</h3>
              <p className="stat-value" data-testid={`stat-${c.label.toLowerCase().replace(/ /g, '-')}`}>
                {c.value ?? <Spinner label={`Loading ${c.label}`} />}
              </p>
              {'note' in c && c.note && (
                <p className="stat-note" data-testid="stat-admin-granted">
                  {c.note}
                </p>
              )}
            </section>
          ))}
        </div>
      )}
      <section className={`card inbox-card${unread.data?.unreadMessages ? ' card-warning' : ''}`} aria-label="Support inbox">
        <div className="row-between">
          <h2 className="card-title">Support inbox</h2>
          <Link to={inboxPath} className="btn btn-small">
            Open inbox
          </Link>
        </div>
        <p data-testid="support-unread">
          {unread.isError
            ? 'Failed to load the support inbox.'
            : !unread.data
              ? 'Loading...'
              : unread.data.unreadMessages === 0
                ? 'No unread messages.'
                : `${unread.data.unreadMessages} unread message${unread.data.unreadMessages === 1 ? '' : 's'} in ${unread.data.unreadThreads} conversation${unread.data.unreadThreads === 1 ? '' : 's'}.`}
        </p>
      </section>
      {alerts.data && alerts.data.length > 0 && (
        <Card title="Alerts" className="card-warning">
          <ul className="plain-list">
            {alerts.data.map((a) => (
              <li key={a.id}>
                <strong>{a.kind.replace(/_/g, ' ')}</strong>: {a.message}{' '}
                <span className="muted">
                  ({a.count}×, last {formatDateTime(a.lastRaisedAt)})
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <SystemPanel />
      <UnmatchedPayments onTopUpOrder={onTopUpOrder} />
      <AuditLog me={me} />
    </div>
  );
}
