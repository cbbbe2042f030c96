import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Footer } from './shell/Footer';
import { Header } from './shell/Header';
import { SupportWidget } from './shell/SupportWidget';
import { PageLoading } from './components/PageLoading';
import { useLocation, setRoutePreloader } from './router';
import { pageFor, preload, routePath } from './routes';
import { useI18n } from '../i18n/I18n';
import type { WebMessages } from '../shared';

setRoutePreloader(preload);

/**
 * The shell (spec section 2): header (hidden on /app), the page, footer (only on / and /landing),
 * toasts, and the support widget on every screen but /app.
 */
export function App() {
  const { pathname } = useLocation();
  const path = routePath(pathname);
  const Page = pageFor(path);
  const compact = path === '/app';
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const t = useI18n();

  // After a navigation, keyboard and screen-reader focus starts at the new page.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [path]);

  return (
    <div className={compact ? 'site site-compact' : 'site'}>
      {!compact && (
        <a className="skip-link" href="#main">
          {t.web.skipToContent}
        </a>
      )}
      {!compact && <Header path={path} />}
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <PageBoundary key={path} web={t.web}>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </PageBoundary>
      </main>
      {(path === '/' || path === '/landing') && <Footer />}
      {!compact && <SupportWidget />}
    </div>
  );
}

/** A page whose code cannot be fetched (offline, or a newer version deployed meanwhile). */
class PageBoundary extends Component<{ web: WebMessages; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('page failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const { web } = this.props;
    return (
      <div className="container narrow page-error" role="alert">
        <h1>{web.pageErrorTitle}</h1>
        <p>{web.pageErrorBody}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {web.reload}
        </button>
      </div>
    );
  }
}
