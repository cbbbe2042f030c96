import './pages.css';
import { useQuery } from '@tanstack/react-query';
import { balanceQuery, ordersQuery } from '../../api/queries';
import { formatDateTime, formatUsd } from '../../shared';
import { centsOf } from '../../wizard/format';
import { CreditLine, orderPath, orderTitle, StatusIcon, StatusText } from '../components/OrderBits';
import { SignInPanel } from '../components/SignInPanel';
import { useI18n } from '../../i18n/I18n';
import { usePageMeta } from '../meta';
import { Link } from '../router';
import { displayName, useUser } from '../session';

/**
 * /dashboard (spec section 2, "Customer dashboard"): the balance (the sum of the customer's ledger,
 * GET /api/balance), Recharge and Add Balance, and all transactions with the legend. Signed out: the
 * sign-in panel (the landing page sends people here to sign in) and this browser's transactions.
 */
export default function Dashboard() {
  const { web } = useI18n();
  usePageMeta('Dashboard', 'Your balance and all your transactions.');
  const user = useUser();
  const signedIn = !!user.data;
  const balance = useQuery({ ...balanceQuery(), enabled: signedIn, staleTime: 5 * 60_000, refetchOnMount: true });
  const orders = useQuery({ ...ordersQuery(), staleTime: 5 * 60_000, refetchOnMount: true });

  if (user.isPending) return <div className="page-loading" role="status" aria-label="Loading" />;
  const name = user.data ? (displayName(user.data) ?? user.data.email) : null;

  return (
    <div className="page">
      <div className="container">
        <div className="page-head">
          <div>
            <h1>Dashboard</h1>
            {name && <p className="muted">Welcome back, {name}</p>}
          </div>
          {signedIn && (
            <Link to="/profile" className="btn btn-ghost btn-small">
              Profile
            </Link>
          )}
        </div>
        {user.isError && (
          <p className="notice notice-error" role="alert">
            Failed to fetch user
          </p>
        )}
        <div className="dashboard-grid">
          <div>
            {signedIn ? (
              <section className="card balance-card" aria-labelledby="balance-title">
                <h2 id="balance-title">Your Balance</h2>
                <p className="balance-amount" data-testid="balance">
                  {balance.data ? formatUsd(centsOf(balance.data.balance)) : balance.isError ? '—' : '…'}
                </p>
                <p className="muted small">Credits from added funds and from payments that could not be delivered.</p>
                <BalanceActions className="btn-row" />
              </section>
            ) : (
              <>
                <SignInPanel next="/dashboard" title="Sign in to see your balance" />
                <BalanceActions className="btn-row dashboard-anon-actions" />
              </>
            )}
          </div>
          <section className="card" aria-labelledby="tx-title">
            <div className="tx-head">
              <h2 id="tx-title">All Transactions</h2>
              <ul className="legend" aria-label="Legend">
                <li>
                  <span className="dot dot-green" aria-hidden="true" /> Completed
                </li>
                <li>
                  <span className="dot dot-yellow" aria-hidden="true" /> Pending
                </li>
                <li>
                  <span className="dot dot-red" aria-hidden="true" /> Failed
                </li>
              </ul>
            </div>
            {!signedIn && <p className="muted small">Transactions made in this browser.</p>}
            {orders.isPending ? (
              <div className="tx-list" aria-busy="true" aria-label="Loading transactions">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="tx-row skeleton" />
                ))}
              </div>
            ) : orders.isError ? (
              <p className="notice notice-error" role="alert">
                Failed to load order history. Please try again later.
              </p>
            ) : orders.data.length === 0 ? (
              <div className="empty">
                <h3>No transactions yet</h3>
                <p className="muted">Start your first mobile recharge</p>
              </div>
            ) : (
              <ul className="tx-list" aria-label="Transactions" tabIndex={0}>
                {orders.data.map((o) => (
                  <li key={o.id} className="tx-row" data-order-id={o.id}>
                    <StatusIcon display={o.display} />
                    <div className="tx-main">
                      <Link to={orderPath(o.paymentId)} className="tx-link" aria-label={web.order.title({ orderId: o.id })}>
                        <strong>{orderTitle(o)}</strong>
                      </Link>
                      <span className="muted small">
                        {o.phoneNumber && <>{o.phoneNumber} · </>}
                        {formatDateTime(o.createdAt)}
                      </span>
                      {o.cryptocurrency && <span className="tag">{o.cryptocurrency}</span>}
                      <CreditLine display={o.display} />
                    </div>
                    <div className="tx-amounts">
                      <strong>{formatUsd(centsOf(o.amount))}</strong>
                      {o.cryptoAmount && (
                        <span className="muted small">
                          {o.cryptoAmount} {o.cryptocurrency}
                        </span>
                      )}
                      <StatusText display={o.display} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** Recharge and Add Balance, under the balance card or the sign-in panel. */
function BalanceActions({ className }: { className: string }) {
  return (
    <div className={className}>
      <Link to="/recharge" className="btn btn-primary">
        Recharge
      </Link>
      <Link to="/add-balance" className="btn btn-secondary">
        Add Balance
      </Link>
    </div>
  );
}
