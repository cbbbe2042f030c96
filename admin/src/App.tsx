import { AdminPage } from './pages/AdminPage';
import { InvitePage } from './pages/InvitePage';
import { LoginPage } from './pages/LoginPage';
import { routeOf, usePathname } from './router';

export function App() {
  const route = routeOf(usePathname());
  if (route.page === 'login') return <LoginPage />;
  if (route.page === 'invite') return <InvitePage />;
  if (route.page !== 'not-found') return <AdminPage route={route} />;
  return (
    <main className="not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </main>
  );
}
