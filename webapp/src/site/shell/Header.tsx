import { useEffect, useState } from 'react';
import { centsOf } from '../../wizard/format';
import { SITE_NAME } from '../meta';
import { Link, navigate } from '../router';
import { useUser } from '../session';
import { useI18n } from '../../i18n/I18n';
import { LanguageSwitch } from './LanguageSwitch';
import { nextTheme, setTheme, useTheme, type Theme } from '../theme';

const NAV = [
  ['/', 'home'],
  ['/recharge', 'recharge'],
] as const;

const THEME_ICONS: Record<Theme, string> = { light: '☀', dark: '☾', system: '◐' };

export function Logo() {
  const t = useI18n();
  return (
    <Link to="/" className="logo" aria-label={t.web.shell.siteHome({ site: SITE_NAME })}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="url(#logo-g)" />
        <path d="M18.5 6 10 18h5.5L13.5 26 22 14h-5.5z" fill="#fff" />
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="32" y2="32">
            <stop stopColor="#7c3aed" />
            <stop offset="1" stopColor="#2563eb" />
          </linearGradient>
        </defs>
      </svg>
      <span>{SITE_NAME}</span>
    </Link>
  );
}

/** Header (spec section 2): logo, Home and Recharge with the current one highlighted, the mobile menu overlay. */
export function Header({ path }: { path: string }) {
  const t = useI18n();
  const sh = t.web.shell;
  const [open, setOpen] = useState(false);
  const user = useUser();
  const theme = useTheme();

  // Navigating closes the menu.
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.body.classList.add('menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('menu-open');
    };
  }, [open]);

  const signedIn = !!user.data;
  const themeIcon = THEME_ICONS[theme];
  const themeLabel = sh.themeNames[theme];
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  return (
    <>
      <header className="site-header">
        <div className="container header-row">
          <Logo />
          <nav className="desktop-nav" aria-label={sh.mainNav}>
            {NAV.map(([to, label]) => (
              <Link key={to} to={to} className="nav-link" aria-current={path === to ? 'page' : undefined}>
                {sh[label]}
              </Link>
            ))}
          </nav>
          <div className="header-actions">
            <LanguageSwitch />
            <button
              type="button"
              className="icon-btn theme-btn"
              onClick={() => setTheme(nextTheme(theme))}
              aria-label={sh.changeTheme({ name: themeLabel })}
              title={sh.theme({ name: themeLabel })}
            >
              <span aria-hidden="true">{themeIcon}</span>
            </button>
            {signedIn ? (
              <Link to="/dashboard" className="account-chip" aria-current={path === '/dashboard' ? 'page' : undefined} data-testid="header-account">
                {user.data!.profileImageUrl ? (
                  <img src={user.data!.profileImageUrl} alt="" width={24} height={24} />
                ) : (
                  <span className="avatar-letter" aria-hidden="true">
                    {(user.data!.firstName ?? user.data!.email ?? '?').charAt(0).toUpperCase()}
                  </span>
                )}
                <span className="account-balance">
                  <span className="visually-hidden">
                    {t.web.yourBalance}
                    {t.common.colon}{' '}
                  </span>
                  {t.usd(centsOf(user.data!.balance ?? 0))}
                </span>
              </Link>
            ) : (
              user.isSuccess && (
                <Link to="/sign-in" className="btn btn-ghost btn-small sign-in-link" aria-current={path === '/sign-in' ? 'page' : undefined}>
                  {sh.signIn}
                </Link>
              )
            )}
            <button type="button" className="menu-btn" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen(!open)}>
              {open ? sh.close : sh.menu}
            </button>
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop filter would make it the frame of a fixed element. */}
      {open && (
        <div className="mobile-menu" id="mobile-menu" onClick={(e) => e.target === e.currentTarget && setOpen(false)} data-testid="mobile-menu">
          <nav className="mobile-menu-panel" aria-label={sh.menu}>
            {NAV.map(([to, label]) => (
              <button
                key={to}
                type="button"
                className={path === to ? 'menu-item current' : 'menu-item'}
                aria-current={path === to ? 'page' : undefined}
                onClick={() => go(to)}
              >
                {sh[label].toLocaleUpperCase(t.locale)}
              </button>
            ))}
            <button type="button" className={path === '/orders' ? 'menu-item current' : 'menu-item'} onClick={() => go('/orders')}>
              {sh.myOrders.toLocaleUpperCase(t.locale)}
            </button>
            <button
              type="button"
              className={path === '/dashboard' || path === '/sign-in' ? 'menu-item current' : 'menu-item'}
              onClick={() => go(signedIn ? '/dashboard' : '/sign-in')}
            >
              {(signedIn ? sh.dashboard : sh.signIn).toLocaleUpperCase(t.locale)}
            </button>
            <button type="button" className="menu-item menu-theme" onClick={() => setTheme(nextTheme(theme))} aria-label={sh.changeTheme({ name: themeLabel })}>
              <span aria-hidden="true">{themeIcon}</span> {sh.theme({ name: themeLabel }).toLocaleUpperCase(t.locale)}
            </button>
          </nav>
        </div>
      )}
    </>
  );
}
