import './pages.css';
import { useQuery } from '@tanstack/react-query';
import { balanceQuery, ordersQuery } from '../../api/queries';
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
  const { web, common, usd, dateTime } = useI18n();
  const t = web.account.dashboard;
  usePageMeta(web.shell.dashboard, t.description);
  const user = useUser();
  const signedIn = !!user.data;
  const balance = useQuery({ ...balanceQuery(), enabled: signedIn, staleTime: 5 * 60_000, refetchOnMount: true });
  const orders = useQuery({ ...ordersQuery(), staleTime: 5 * 60_000, refetchOnMount: true });

  if (user.isPending) return <div className="page-loading" role="status" aria-label={web.account.loading} />;
  const name = user.data ? (displayName(user.data) ?? user.data.email) : null;

  return (
    <div className="page">
      <div className="container">
        <div className="page-head">
          <div>
            <h1>{web.shell.dashboard}</h1>
            {name && <p className="muted">{t.welcomeBack({ name })}</p>}
          </div>
          {signedIn && (
            <Link to="/profile" className="btn btn-ghost btn-small">
              {web.account.profile.title}
            </Link>
          )}
        </div>
        {user.isError && (
          <p className="notice notice-error" role="alert">
            {web.account.userFailed}
          </p>
        )}
        <div className="dashboard-grid">
          <div>
            {signedIn ? (
              <section className="card balance-card" aria-labelledby="balance-title">
                <h2 id="balance-title">{web.yourBalance}</h2>
                <p className="balance-amount" data-testid="balance">
                  {balance.data ? usd(centsOf(balance.data.balance)) : balance.isError ? '—' : '…'}
                </p>
                <p className="muted small">{t.balanceNote}</p>
                <BalanceActions className="btn-row" />
              </section>
            ) : (
              <>
                <SignInPanel next="/dashboard" title={t.signInTitle} />
                <BalanceActions className="btn-row dashboard-anon-actions" />
              </>
            )}
          </div>
          <section className="card" aria-labelledby="tx-title">
            <div className="tx-head">
              <h2 id="tx-title">{t.allTransactions}</h2>
              <ul className="legend" aria-label={t.legend}>
                <li>
                  <span className="dot dot-green" aria-hidden="true" /> {common.statusNames.completed}
                </li>
                <li>
                  <span className="dot dot-yellow" aria-hidden="true" /> {t.pending}
                </li>
                <li>
                  <span className="dot dot-red" aria-hidden="true" /> {common.statusNames.failed}
                </li>
              </ul>
            </div>
            {!signedIn && <p className="muted small">{t.browserTransactions}</p>}
            {orders.isPending ? (
              <div className="tx-list" aria-busy="true" aria-label={t.loading}>
                {[0, 1, 2].map((i) => (
                  <div key={i} className="tx-row skeleton" />
                ))}
              </div>
            ) : orders.isError ? (
              <p className="notice notice-error" role="alert">
                {web.ordersFailed}
              </p>
            ) : orders.data.length === 0 ? (
              <div className="empty">
                <h3>{t.empty}</h3>
                <p className="muted">{t.emptyHint}</p>
              </div>
            ) : (
              <ul className="tx-list" aria-label={t.list} tabIndex={0}>
                {orders.data.map((o) => (
                  <li key={o.id} className="tx-row" data-order-id={o.id}>
                    <StatusIcon display={o.display} />
                    <div className="tx-main">
                      <Link to={orderPath(o.paymentId)} className="tx-link" aria-label={web.order.title({ orderId: o.id })}>
                        <strong>{orderTitle(web, o)}</strong>
                      </Link>
                      <span className="muted small">
                        {o.phoneNumber && <>{o.phoneNumber} · </>}
                        {dateTime(o.createdAt)}
                      </span>
                      {o.cryptocurrency && <span className="tag">{o.cryptocurrency}</span>}
                      <CreditLine display={o.display} />
                    </div>
                    <div className="tx-amounts">
                      <strong>{usd(centsOf(o.amount))}</strong>
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
  const { web } = useI18n();
  return (
    <div className={className}>
      <Link to="/recharge" className="btn btn-primary">
        {web.shell.recharge}
      </Link>
      <Link to="/add-balance" className="btn btn-secondary">
        {web.addBalance}
      </Link>
    </div>
  );
}
