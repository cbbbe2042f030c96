import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The site's routes (spec section 2), each page in its own chunk. */
type Loader = () => Promise<{ default: ComponentType }>;

const loaders: Record<string, Loader> = {
  '/': () => import('./pages/Home'),
  '/landing': () => import('./pages/Landing'),
  '/recharge': () => import('./pages/Recharge'),
  '/app': () => import('./pages/Compact'),
  '/orders': () => import('./pages/Orders'),
  '/dashboard': () => import('./pages/Dashboard'),
  '/add-balance': () => import('./pages/AddBalance'),
  '/profile': () => import('./pages/Profile'),
  '/sign-in': () => import('./pages/SignIn'),
  '/privacy': () => import('./pages/Privacy'),
  '/terms': () => import('./pages/Terms'),
  '/about': () => import('./pages/About'),
  '/help': () => import('./pages/Help'),
  '/contact': () => import('./pages/Contact'),
};
const notFound: Loader = () => import('./pages/NotFound');
/** /orders/{paymentId}: one order's page (the receipts and the order lists link it). */
const orderPage: Loader = () => import('./pages/Order');
const ORDER_PAGE = /^\/orders\/[^/]+$/;

const pages = new Map<Loader, LazyExoticComponent<ComponentType>>();

/** A path with or without its trailing slash. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function loaderFor(pathname: string): Loader {
  const path = normalise(pathname);
  return loaders[path] ?? (ORDER_PAGE.test(path) ? orderPage : notFound);
}

export function pageFor(pathname: string): LazyExoticComponent<ComponentType> {
  const loader = loaderFor(pathname);
  let page = pages.get(loader);
  if (!page) pages.set(loader, (page = lazy(loader)));
  return page;
}

export function preload(pathname: string): void {
  void loaderFor(pathname)().catch(() => undefined);
}

export const routePath = normalise;
