import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_API } from '@topup/shared';
import { api } from '../api/client';
import { useMe } from '../api/queries';
import { clearSession, readSession } from '../api/session';
import { inboxPath, navigate, type Route } from '../router';
import { Link } from '../components/ui';
import { OrderPage } from './OrderPage';
import { SupportInbox, SupportThreadPage } from './SupportInbox';
import { DashboardTab } from './tabs/DashboardTab';
import { ManualTopupTab } from './tabs/ManualTopupTab';
import { OrdersTab } from './tabs/OrdersTab';
import { SettingsTab } from './tabs/SettingsTab';
import { TreasuryTab } from './tabs/TreasuryTab';
import { UsersTab } from './tabs/UsersTab';

/** The spec's five tabs, and Treasury (sweeps, payouts, reconciliation). The audit log and unmatched payments are sections of the Dashboard (admin/README.md). */
const TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'orders', label: 'Orders' },
  { id: 'users', label: 'Users' },
  { id: 'manual-topup', label: 'Manual Top-up' },
  { id: 'treasury', label: 'Treasury' },
  { id: 'settings', label: 'Settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const tabFromHash = (): TabId => TABS.find((t) => `#${t.id}` === window.location.hash)?.id ?? 'dashboard';

/**
 * /admin and the console's own pages: only with a stored token and email (spec section 2); the server
 * has the last word (/me). The five tabs are /admin; an order's page and the support inbox are pages
 * of their own under the same header, reached from the tabs.
 */
export function AdminPage({ route }: { route: Exclude<Route, { page: 'login' | 'invite' | 'not-found' }> }) {
  const signedIn = readSession() !== null;
  useEffect(() => {
    if (!signedIn) navigate('/admin-login', { replace: true });
  }, [signedIn]);
  if (!signedIn) return null;
  return (
    <AdminShell>
      {route.page === 'tabs' && <AdminTabs />}
      {route.page === 'order' && <OrderPage key={route.id} id={route.id} />}
      {route.page === 'inbox' && <SupportInbox />}
      {route.page === 'thread' && <SupportThreadPage key={route.id} id={route.id} />}
    </AdminShell>
  );
}

/** The header every page of the console shares: who is signed in, and Logout. */
function AdminShell({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useMe();
  const [signingOut, setSigningOut] = useState(false);

  async function logout() {
    setSigningOut(true);
    try {
      await api.request(ADMIN_API.logout);
    } catch {
      // Signed out here either way; the server's session ends on its own.
    }
    clearSession();
    navigate('/admin-login', { replace: true });
    window.setTimeout(() => queryClient.clear(), 0);
  }

  const email = me.data?.email ?? readSession()?.email ?? '';
  return (
    <div className="admin">
      <header className="admin-header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="muted" data-testid="admin-email">
            Signed in as {email}
          </p>
        </div>
        <div className="header-actions">
          <Link to={inboxPath} className="btn">
            Support inbox
          </Link>
          <button type="button" className="btn" onClick={logout} disabled={signingOut}>
            {signingOut ? 'Logging out...' : 'Logout'}
          </button>
        </div>
      </header>
      {children}
    </div>
  );
}

/** The spec's five tabs. */
function AdminTabs() {
  const me = useMe();
  const [tab, setTab] = useState<TabId>(tabFromHash);
  const [topupOrderId, setTopupOrderId] = useState<number | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    document.title = 'Admin Dashboard';
  }, []);

  const select = (id: TabId, focus = false) => {
    setTab(id);
    window.history.replaceState(null, '', `#${id}`);
    if (focus) tabRefs.current[id]?.focus();
  };

  const onTabKey = (e: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? index + 1 : e.key === 'ArrowLeft' ? index - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    select(TABS[(next + TABS.length) % TABS.length]!.id, true);
  };

  return (
    <>
      <nav className="tabs" role="tablist" aria-label="Admin sections" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tab${tab === t.id ? ' tab-active' : ''}`}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <main className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'dashboard' && (
          <DashboardTab
            me={me.data ?? null}
            onTopUpOrder={(orderId) => {
              setTopupOrderId(orderId);
              select('manual-topup');
            }}
          />
        )}
        {tab === 'orders' && <OrdersTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'manual-topup' && <ManualTopupTab key={topupOrderId ?? 'none'} initialOrderId={topupOrderId} />}
        {tab === 'treasury' && <TreasuryTab />}
        {tab === 'settings' && <SettingsTab />}
      </main>
    </>
  );
}
