import { AdminPage } from './pages/AdminPage';
import { LoginPage } from './pages/LoginPage';
import { usePathname } from './router';

export function App() {
  const path = usePathname();
  if (path === '/admin-login' || path === '/admin-login/') return <LoginPage />;
  if (path === '/admin' || path === '/admin/') return <AdminPage />;
  return (
    <main className="not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </main>
  );
}
