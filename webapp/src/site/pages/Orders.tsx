import './pages.css';
import { useQuery } from '@tanstack/react-query';
import { ordersQuery } from '../../api/queries';
import { formatDateTime, formatUsd } from '../../shared';
import { centsOf } from '../../wizard/format';
import { CreditLine, orderPath, orderTitle, StatusBadge } from '../components/OrderBits';
import { useI18n } from '../../i18n/I18n';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { useUser } from '../session';

/** /orders (spec section 2, "Order history"): loading skeleton, error, empty, cards. */
export default function Orders() {
  const { web } = useI18n();
  usePageMeta('Order History', 'Your mobile recharges and their status.');
  const orders = useQuery(ordersQuery());
  const user = useUser();
  return (
    <div className="page">
      <div className="container narrow">
        <div className="page-head">
          <h1>Order History</h1>
          <Link to="/recharge" className="btn btn-primary">
            New Recharge
          </Link>
        </div>
        {user.isSuccess && !user.data && (
          <p className="notice">
            These are the orders made in this browser. <Link to="/sign-in?next=/orders">Sign in</Link> to keep them with your account and see them anywhere.
          </p>
        )}
        {orders.isPending ? (
          <div className="order-list" aria-busy="true" aria-label="Loading orders" data-testid="orders-loading">
            {[0, 1, 2].map((i) => (
              <div key={i} className="order-card skeleton" />
            ))}
          </div>
        ) : orders.isError ? (
          <div className="empty" role="alert">
            <p>Failed to load order history. Please try again later.</p>
            <Link to="/" className="btn btn-secondary">
              Return Home
            </Link>
          </div>
        ) : orders.data.length === 0 ? (
          <div className="empty">
            <h2>No orders yet</h2>
            <p className="muted">You haven&apos;t made any mobile recharges yet</p>
            <Link to="/recharge" className="btn btn-primary">
              Make Your First Recharge
            </Link>
          </div>
        ) : (
          <ul className="order-list" aria-label="Orders">
            {orders.data.map((o) => (
              <li key={o.id} className="order-card" data-order-id={o.id}>
                <div className="order-head">
                  <Link to={orderPath(o.paymentId)} className="order-link" aria-label={web.order.title({ orderId: o.id })}>
                    <code title="Transaction ID">{o.transactionId ?? `#${o.id}`}</code>
                  </Link>
                  <StatusBadge display={o.display} />
                </div>
                <div className="order-body">
                  <span>{orderTitle(o)}</span>
                  <strong>{formatUsd(centsOf(o.amount))}</strong>
                </div>
                <div className="order-meta">
                  <span>{formatDateTime(o.createdAt)}</span>
                  {o.phoneNumber && <span>{o.phoneNumber}</span>}
                  {o.operatorName && <span>{o.operatorName}</span>}
                  {o.cryptoAmount && (
                    <span>
                      {o.cryptoAmount} {o.cryptocurrency}
                    </span>
                  )}
                </div>
                <CreditLine display={o.display} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
