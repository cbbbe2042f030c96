import { useState } from 'react';
import { formatDateTime, type TAdminMe } from '@topup/shared';
import { useAuditLog } from '../../api/queries';
import { Card, LoadError, Table } from '../../components/ui';

const PAGE_SIZE = 20;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return (
    <details>
      <summary>View</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Every admin action: who, what, when, before and after. */
export function AuditLog({ me }: { me: TAdminMe | null }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, PAGE_SIZE);
  const entries = log.data ?? [];
  return (
    <Card title="Audit log" description="Every admin action: who, what, when, and the data before and after.">
      {log.isPending && <p className="muted">Loading audit log...</p>}
      {log.isError && <LoadError message="Failed to load the audit log." onRetry={() => void log.refetch()} />}
      {log.data && entries.length === 0 && <p className="muted">No admin actions yet.</p>}
      {entries.length > 0 && (
        <Table label="Audit log" columns={['When', 'Admin', 'Action', 'Target', 'Before', 'After']}>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{formatDateTime(e.createdAt)}</td>
              <td>{e.adminId === null ? '—' : me && e.adminId === me.id ? `You (#${e.adminId})` : `#${e.adminId}`}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{e.target ?? '—'}</td>
              <td>
                <Json value={e.before} />
              </td>
              <td>
                <Json value={e.after} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <div className="pager">
        <button type="button" className="btn btn-small" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </button>
        <span>Page {page}</span>
        <button type="button" className="btn btn-small" disabled={entries.length < PAGE_SIZE} onClick={() => setPage((p) => p + 1)}>
          Next
        </button>
      </div>
    </Card>
  );
}
