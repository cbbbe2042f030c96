/** Where sign-in returns to when `next` is missing or not a page of this site. */
const DEFAULT_NEXT = '/dashboard';
/** Any origin works: only whether `next` stays on it matters. */
const BASE = 'https://this-site.invalid';

/**
 * The page to go to after sign-in, from `?next=`: only a path of this site. Browsers read `\` as `/`
 * and drop tabs and newlines in URLs, so `/\evil.com` and `/%5Cevil.com` would leave the site: the
 * value is resolved as the browser would and must stay on the same origin.
 */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/')) return DEFAULT_NEXT;
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE) return DEFAULT_NEXT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_NEXT;
  }
}
