import type { ReactNode } from 'react';
import { ORDER_STATUS_RULES, type TOrderStatus } from '@topup/shared';
import { followLink, goBack } from '../router';

export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}

export function Card({ title, description, children, className }: { title?: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`card${className ? ` ${className}` : ''}`} aria-label={title}>
      {title && <h2 className="card-title">{title}</h2>}
      {description && <p className="card-description">{description}</p>}
      {children}
    </section>
  );
}

/** An order's status as its badge: words and look from the status's rules (spec section 2: only completed stands out). */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { label, badge } = ORDER_STATUS_RULES[status];
  return <span className={`badge ${badge === 'highlight' ? 'badge-completed' : 'badge-plain'}`}>{label}</span>;
}

/** Another record's status (a payout's): its words, plain. */
export function StatusBadge({ status }: { status: string }) {
  return <span className="badge badge-plain">{status.replace(/_/g, ' ')}</span>;
}

/** A labelled form field: the label names the control for screen readers and for tests. */
export function Field({ label, htmlFor, hint, children }: { label: string; htmlFor: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}

/** A load failure with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A link to another page of the console, followed without reloading it. */
export function Link({ to, children, className, label }: { to: string; children: ReactNode; className?: string; label?: string }) {
  return (
    <a href={to} className={className} aria-label={label} onClick={followLink}>
      {children}
    </a>
  );
}

/** Back to where the admin came from (the tab, the inbox), or to the console. */
export function BackLink() {
  return (
    <a
      href="/admin"
      className="back-link"
      onClick={(e) => {
        e.preventDefault();
        goBack();
      }}
    >
      ← Back
    </a>
  );
}

/** A table that scrolls sideways on a phone: its column headings, then `children`, its rows. */
export function Table({ label, columns, children }: { label: string; columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Dollars as the admin types them: the text goes to the request schema as it is (it reads dollars, exactly, into cents). */
export function UsdInput({
  id,
  value,
  onChange,
  min = '0.01',
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  min?: string | number;
  placeholder?: string;
}) {
  return (
    <input id={id} type="number" inputMode="decimal" min={min} step="0.01" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
  );
}

/** The notes of an admin action: written to the audit log (and the ledger), so bounded as the API bounds them. */
export function NotesInput({ id, value, onChange, placeholder }: { id: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return <textarea id={id} rows={2} maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />;
}

/** Previous and next around a list's page: "Page 2 of 5", then what `children` adds. */
export function Pager({
  page,
  pages,
  setPage,
  children,
}: {
  page: number;
  pages: number;
  setPage: (update: (page: number) => number) => void;
  children?: ReactNode;
}) {
  return (
    <div className="pager">
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
        {children !== undefined && <> {children}</>}
      </span>
      <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
        Next
      </button>
    </div>
  );
}
