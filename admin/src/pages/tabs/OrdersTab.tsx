import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, COIN_SYMBOLS, ORDER_STATUSES, formatDateTime, formatUsd } from '@topup/shared';
import { api, messageOf } from '../../api/client';
import { KEYS, ordersQuery, refresh, useOrders, type OrderFilter } from '../../api/queries';
import { saveDownload } from '../../api/download';
import { useToast } from '../../components/Toaster';
import { Card, Field, Link, LoadError, Pager, Spinner, OrderStatusBadge, Table } from '../../components/ui';
import { orderPath } from '../../router';
import { statusText } from '../../format';

/** The spec's table shows the first 10 orders; more are a page away. */
const PAGE_SIZE = 10;
const EMPTY: OrderFilter = { status: '', coin: '', phone: '', q: '', from: '', to: '' };

export function OrdersTab() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OrderFilter>(EMPTY);
  const [filter, setFilter] = useState<OrderFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const orders = useOrders(filter, page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  // The last row of the last page deleted: show the page before it.
  useEffect(() => {
    if (orders.data && page > pages) setPage(pages);
  }, [orders.data, page, pages]);

  // Admin order delete (spec section 4): idle, deleting, removed or failed; the list refreshed after.
  const remove = useMutation({
    mutationFn: (id: number) => api.request(ADMIN_API.deleteOrder, { params: { id } }),
    onSuccess: async (_res, id) => {
      toast({ title: 'Order Deleted', description: `Order #${id} has been permanently removed from the database.` });
      await refresh(queryClient, KEYS.orders, KEYS.stats, KEYS.audit);
    },
    onError: (err) => toast({ title: 'Delete Failed', description: messageOf(err, 'Failed to delete order. Please try again.'), variant: 'destructive' }),
  });

  const exportCsv = useMutation({
    mutationFn: async () => {
      const res = await api.send(ADMIN_API.orders, { params: { ...ordersQuery(filter), format: 'csv' } });
      return saveDownload(res, 'orders.csv');
    },
    onSuccess: (name) => toast({ title: 'Export Ready', description: `${name} has been downloaded.` }),
    onError: (err) => toast({ title: 'Export Failed', description: messageOf(err, 'Failed to export orders'), variant: 'destructive' }),
  });

  function confirmDelete(id: number) {
    if (!window.confirm(`Are you sure you want to permanently delete order #${id}? This action cannot be undone.`)) return;
    remove.mutate(id);
  }

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilter(draft);
    setPage(1);
  }

  const set = (key: keyof OrderFilter) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <div className="stack">
      <Card title="Find orders">
        <form className="filter-grid" onSubmit={apply} aria-label="Order filters">
          <Field label="Search" htmlFor="filter-q" hint="Order id, payment id or transaction hash">
            <input id="filter-q" type="search" value={draft.q} onChange={set('q')} placeholder="e.g. 1024 or 0x…" />
          </Field>
          <Field label="Status" htmlFor="filter-status">
            <FilterSelect id="filter-status" value={draft.status} onChange={set('status')} all="All statuses" options={ORDER_STATUSES} label={statusText} />
          </Field>
          <Field label="Coin" htmlFor="filter-coin">
            <FilterSelect id="filter-coin" value={draft.coin} onChange={set('coin')} all="All coins" options={COIN_SYMBOLS} />
          </Field>
          <Field label="Phone" htmlFor="filter-phone">
            <input id="filter-phone" type="search" inputMode="tel" value={draft.phone} onChange={set('phone')} placeholder="Part of the number" />
          </Field>
          <Field label="From" htmlFor="filter-from">
            <input id="filter-from" type="date" value={draft.from} onChange={set('from')} />
          </Field>
          <Field label="To" htmlFor="filter-to">
            <input id="filter-to" type="date" value={draft.to} onChange={set('to')} />
          </Field>
          <div className="filter-actions">
            <button type="submit" className="btn btn-primary">
              Apply filters
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDraft(EMPTY);
                setFilter(EMPTY);
                setPage(1);
              }}
            >
              Reset
            </button>
            <button type="button" className="btn" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
              {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
            </button>
          </div>
        </form>
      </Card>

      <Card title="Orders">
        {orders.isPending && <p className="muted">Loading orders...</p>}
        {orders.isError && <LoadError message="Failed to load orders." onRetry={() => void orders.refetch()} />}
        {orders.data && orders.data.orders.length === 0 && <p className="muted">No orders found</p>}
        {orders.data && orders.data.orders.length > 0 && (
          <Table label="Orders" columns={['Order ID', 'Phone', 'Amount', 'Status', 'Date', <span className="sr-only">Actions</span>]}>
            {orders.data.orders.map((o) => {
              const deleting = remove.isPending && remove.variables === o.id;
              return (
                <tr key={o.id} data-testid={`order-row-${o.id}`}>
                  <td>
                    <Link to={orderPath(o.id)} label={`Open order #${o.id}`}>
                      #{o.id}
                    </Link>
                  </td>
                  <td>{o.phoneNumber ?? <span className="muted">Balance top-up</span>}</td>
                  <td>
                    {formatUsd(o.amount)}
                    {o.cryptocurrency && <div className="muted small">{o.cryptocurrency}</div>}
                  </td>
                  <td>
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td>{formatDateTime(o.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      onClick={() => confirmDelete(o.id)}
                      disabled={deleting}
                      aria-label={`Delete order #${o.id}`}
                    >
                      {deleting ? (
                        <>
                          <Spinner /> Deleting...
                        </>
                      ) : (
                        'Delete'
                      )}
                    </button>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
        {orders.data && (
          <Pager page={page} pages={pages} setPage={setPage}>
            ({orders.data.total} order{orders.data.total === 1 ? '' : 's'})
          </Pager>
        )}
      </Card>
    </div>
  );
}

/** A filter's choice: every value (empty), or one of `options`, each shown as `label` says. */
function FilterSelect<T extends string>({
  id,
  value,
  onChange,
  all,
  options,
  label = (v) => v,
}: {
  id: string;
  value: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  all: string;
  options: readonly T[];
  label?: (value: T) => string;
}) {
  return (
    <select id={id} value={value} onChange={onChange}>
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
}
