import { useEffect, useState } from 'react';
import { formatUsd } from '../../shared';
import { centsOf } from '../../wizard/format';
import { SITE_NAME } from '../meta';
import { Link, navigate } from '../router';
import { useUser } from '../session';
import { LanguageSwitch } from './LanguageSwitch';
import { nextTheme, setTheme, useTheme, type Theme } from '../theme';

const NAV = [
  ['/', 'Home'],
  ['/recharge', 'Recharge'],
] as const;

const THEME_LABELS: Record<Theme, [icon: string, label: string]> = { light: ['☀', 'Light'], dark: ['☾', 'Dark'], system: ['◐', 'System'] };

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${SITE_NAME} home`}>
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
  const [themeIcon, themeLabel] = THEME_LABELS[theme];
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  return (
    <>
      <header className="site-header">
        <div className="container header-row">
          <Logo />
          <nav className="desktop-nav" aria-label="Main">
            {NAV.map(([to, label]) => (
              <Link key={to} to={to} className="nav-link" aria-current={path === to ? 'page' : undefined}>
                {label}
              </Link>
            ))}
          </nav>
          <div className="header-actions">
            <LanguageSwitch />
            <button type="button" className="icon-btn theme-btn" onClick={() => setTheme(nextTheme(theme))} aria-label={`Theme: ${themeLabel}. Change theme`} title={`Theme: ${themeLabel}`}>
              <span aria-hidden="true">{themeIcon}</span>
            </button>
            {signedIn ? (
              <Link to="/dashboard" className="account-chip" aria-current={path === '/dashboard' ? 'page' : undefined} data-testid="header-account">
                {user.data!.profileImageUrl ? <img src={user.data!.profileImageUrl} alt="" width={24} height={24} /> : <span className="avatar-letter" aria-hidden="true">{(user.data!.firstName ?? user.data!.email ?? '?').charAt(0).toUpperCase()}</span>}
                <span className="account-balance">
                  <span className="visually-hidden">Your balance: </span>
                  {formatUsd(centsOf(user.data!.balance ?? 0))}
                </span>
              </Link>
            ) : (
              user.isSuccess && (
                <Link to="/sign-in" className="btn btn-ghost btn-small sign-in-link" aria-current={path === '/sign-in' ? 'page' : undefined}>
                  Sign in
                </Link>
              )
            )}
            <button type="button" className="menu-btn" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen(!open)}>
              {open ? 'Close' : 'Menu'}
            </button>
          </div>
        </div>
      </header>
      {/* Outside the header: its backdrop filter would make it the frame of a fixed element. */}
      {open && (
        <div className="mobile-menu" id="mobile-menu" onClick={(e) => e.target === e.currentTarget && setOpen(false)} data-testid="mobile-menu">
          <nav className="mobile-menu-panel" aria-label="Menu">
            {NAV.map(([to, label]) => (
              <button key={to} type="button" className={path === to ? 'menu-item current' : 'menu-item'} aria-current={path === to ? 'page' : undefined} onClick={() => go(to)}>
                {label.toUpperCase()}
              </button>
            ))}
            <button type="button" className={path === '/orders' ? 'menu-item current' : 'menu-item'} onClick={() => go('/orders')}>
              MY ORDERS
            </button>
            <button type="button" className={path === '/dashboard' || path === '/sign-in' ? 'menu-item current' : 'menu-item'} onClick={() => go(signedIn ? '/dashboard' : '/sign-in')}>
              {signedIn ? 'DASHBOARD' : 'SIGN IN'}
            </button>
            <button type="button" className="menu-item menu-theme" onClick={() => setTheme(nextTheme(theme))} aria-label={`Theme: ${themeLabel}. Change theme`}>
              <span aria-hidden="true">{themeIcon}</span> THEME: {themeLabel.toUpperCase()}
            </button>
          </nav>
        </div>
      )}
    </>
  );
}
