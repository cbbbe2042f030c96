import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A router of a few lines (the site has a dozen flat routes): the History API, one store of the
 * current location, links that navigate without a reload. Route components are loaded on demand
 * (see routes.ts); a link preloads its route's code when pointed at or focused.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** history.state of the entry (what navigate() was given). */
  state: unknown;
}

const listeners = new Set<() => void>();
let snapshot: Location = read();

function read(): Location {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: window.history.state as unknown };
}

function notify() {
  snapshot = read();
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', notify);
window.addEventListener('hashchange', notify);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Preloaders by path, registered by the route table. */
let preloadRoute: (pathname: string) => void = () => undefined;
export function setRoutePreloader(preload: (pathname: string) => void): void {
  preloadRoute = preload;
}

export function navigate(to: string, opts: { replace?: boolean; state?: unknown } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  if (opts.replace) window.history.replaceState(opts.state ?? null, '', url.href);
  else window.history.pushState(opts.state ?? null, '', url.href);
  notify();
  if (url.hash) {
    // After the page has rendered.
    requestAnimationFrame(() => document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' }));
  } else if (!samePage) {
    window.scrollTo(0, 0);
  }
}

/** Paths the site's client-side router serves (others, like /telegram and /admin, are whole pages). */
const isSitePath = (href: string) => href.startsWith('/') && !/^\/(telegram|admin|api)(\/|$|\?|-)/.test(href);

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  state?: unknown;
}

export function Link({ to, state, onClick, ...rest }: LinkProps) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    if (!isSitePath(to)) return;
    e.preventDefault();
    navigate(to, { state });
  };
  const preload = () => {
    if (isSitePath(to)) preloadRoute(new URL(to, window.location.href).pathname);
  };
  return <a href={to} {...rest} onClick={go} onMouseEnter={preload} onFocus={preload} />;
}
