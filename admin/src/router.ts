import { useSyncExternalStore, type MouseEvent } from 'react';

/** The console's routes and a fallback: the History API is all the routing the console needs. */

const CHANGE = 'admin:navigate';
/** Pages this tab has opened in the console: Back returns to the one before. */
let depth = 0;

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) window.history.replaceState(null, '', to);
  else {
    window.history.pushState(null, '', to);
    depth++;
  }
  window.scrollTo(0, 0);
  window.dispatchEvent(new Event(CHANGE));
}

/** Back to the page this one was opened from, or to the console's tabs when it was opened directly. */
export function goBack(): void {
  if (depth > 0) {
    depth--;
    window.history.back();
  } else navigate('/admin', { replace: true });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** What a path of the console shows: the sign-in, an invitation, the tabs, one order, the support inbox, one conversation. */
export type Route =
  | { page: 'login' }
  | { page: 'invite' }
  | { page: 'tabs' }
  | { page: 'order'; id: number }
  | { page: 'inbox' }
  | { page: 'thread'; id: number }
  | { page: 'not-found' };

export function routeOf(path: string): Route {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/admin-login') return { page: 'login' };
  if (clean === '/admin-invite') return { page: 'invite' };
  if (clean === '/admin') return { page: 'tabs' };
  if (clean === '/admin/support') return { page: 'inbox' };
  const order = /^\/admin\/orders\/(\d{1,10})$/.exec(clean);
  if (order) return { page: 'order', id: Number(order[1]) };
  const thread = /^\/admin\/support\/(\d{1,10})$/.exec(clean);
  if (thread) return { page: 'thread', id: Number(thread[1]) };
  return { page: 'not-found' };
}

export const orderPath = (id: number) => `/admin/orders/${id}`;
export const inboxPath = '/admin/support';
export const threadPath = (id: number) => `/admin/support/${id}`;

/** A link's click stays in the page (a modified click opens a tab as links do). */
export function followLink(e: MouseEvent<HTMLAnchorElement>): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(e.currentTarget.getAttribute('href')!);
}
