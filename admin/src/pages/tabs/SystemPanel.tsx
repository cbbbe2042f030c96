import { formatDateTime, systemCheckLabel, type TReadinessStatus } from '@topup/shared';
import { useSystem } from '../../api/queries';
import { Card, LoadError, Spinner } from '../../components/ui';

const STATUS_TEXT: Record<TReadinessStatus, string> = {
  ready: 'Ready: every check passes',
  not_ready: 'Not ready: a check fails',
  shutting_down: 'This server is shutting down',
};

/**
 * The System panel of the Dashboard: the readiness checks (database, each network's nodes and the
 * watcher's lag, the job queue, the airtime provider, the price feed) with what each measured, as
 * GET /api/ready decides them. Refreshed with the Dashboard's Refresh button.
 */
export function SystemPanel() {
  const system = useSystem();
  const s = system.data;
  return (
    <Card title="System" className={s && s.status !== 'ready' ? 'card-warning' : undefined}>
      {system.isError ? (
        <LoadError message="Failed to load the system status." onRetry={() => void system.refetch()} />
      ) : !s ? (
        <Spinner label="Loading the system status" />
      ) : (
        <>
          <p className="muted" data-testid="system-status">
            {STATUS_TEXT[s.status]} · checked {formatDateTime(s.checkedAt)}
          </p>
          <ul className="plain-list system-checks">
            {Object.entries(s.checks).map(([name, check]) => (
              <li key={name} data-testid={`check-${name}`}>
                <span className={`badge ${check.ok ? 'badge-completed' : 'badge-failing'}`}>{check.ok ? 'OK' : 'Failing'}</span>{' '}
                <strong>{systemCheckLabel(name)}</strong>
                <span className="muted">: {check.detail}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
