/** Where sign-in returns to when `next` is missing or not a page of this site. */
const DEFAULT_NEXT = '/dashboard';
/** Any origin works: only whether `next` stays on it matters. */
const BASE = 'https://this-site.invalid';

/**
 * A path the browser and the router cannot read as another host: resolving it again keeps it as it is,
 * on this origin, and it starts with one slash only (`//host` and `/\host` are protocol-relative links).
 */
function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || /^\/[/\\]/.test(path)) return false;
  try {
    const again = new URL(path, BASE);
    return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === path;
  } catch {
    return false;
  }
}

/**
 * The page to go to after sign-in, from `?next=`: only a path of this site. Browsers read `\` as `/`
 * and drop tabs and newlines in URLs, so `/\evil.com` and `/%5Cevil.com` would leave the site: the
 * value is resolved as the browser would and must stay on the same origin. Resolving also removes dot
 * segments, so `/.//evil.com` keeps the origin but becomes the path `//evil.com`, which a router then
 * follows as a protocol-relative link: the path it gives must itself be a plain path.
 */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/')) return DEFAULT_NEXT;
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE) return DEFAULT_NEXT;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isPlainPath(path) ? path : DEFAULT_NEXT;
  } catch {
    return DEFAULT_NEXT;
  }
}
