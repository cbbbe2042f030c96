import './pages.css';
import { useQuery } from '@tanstack/react-query';
import { ordersQuery } from '../../api/queries';
import { centsOf } from '../../wizard/format';
import { CreditLine, orderPath, orderTitle, StatusBadge } from '../components/OrderBits';
import { useI18n } from '../../i18n/I18n';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { useUser } from '../session';

/** /orders (spec section 2, "Order history"): loading skeleton, error, empty, cards. */
export default function Orders() {
  const { web, common, usd, dateTime } = useI18n();
  const t = web.account.orders;
  usePageMeta(web.orderHistory, t.description);
  const orders = useQuery(ordersQuery());
  const user = useUser();
  return (
    <div className="page">
      <div className="container narrow">
        <div className="page-head">
          <h1>{web.orderHistory}</h1>
          <Link to="/recharge" className="btn btn-primary">
            {web.newRecharge}
          </Link>
        </div>
        {user.isSuccess && !user.data && (
          <p className="notice">
            {t.browserOnly.before}
            <Link to="/sign-in?next=/orders">{web.shell.signIn}</Link>
            {t.browserOnly.after}
          </p>
        )}
        {orders.isPending ? (
          <div className="order-list" aria-busy="true" aria-label={t.loading} data-testid="orders-loading">
            {[0, 1, 2].map((i) => (
              <div key={i} className="order-card skeleton" />
            ))}
          </div>
        ) : orders.isError ? (
          <div className="empty" role="alert">
            <p>{web.ordersFailed}</p>
            <Link to="/" className="btn btn-secondary">
              {web.returnHome}
            </Link>
          </div>
        ) : orders.data.length === 0 ? (
          <div className="empty">
            <h2>{web.noOrdersYet}</h2>
            <p className="muted">{web.noRechargesYet}</p>
            <Link to="/recharge" className="btn btn-primary">
              {web.firstRecharge}
            </Link>
          </div>
        ) : (
          <ul className="order-list" aria-label={t.list}>
            {orders.data.map((o) => (
              <li key={o.id} className="order-card" data-order-id={o.id}>
                <div className="order-head">
                  <Link to={orderPath(o.paymentId)} className="order-link" aria-label={web.order.title({ orderId: o.id })}>
                    <code title={common.labels.transactionId}>{o.transactionId ?? `#${o.id}`}</code>
                  </Link>
                  <StatusBadge display={o.display} />
                </div>
                <div className="order-body">
                  <span>{orderTitle(web, o)}</span>
                  <strong>{usd(centsOf(o.amount))}</strong>
                </div>
                <div className="order-meta">
                  <span>{dateTime(o.createdAt)}</span>
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
