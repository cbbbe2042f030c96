import { ADMIN_API, API, ApiError, createApiClient, type Target } from '@topup/shared';
import { clearSession, readSession } from './session';

/**
 * The console's side of the shared client (spec section 7): same origin, cookies included, the
 * admin's token as `x-admin-token` (a bearer header on the spec's balance calls; none on sign-in and
 * the catalog). A failed call is logged as "status: body text" (spec section 8); a 401 to a call that
 * carried the token ends the session.
 */

/** The spec's balance calls send the token as a bearer header. */
const BEARER: ReadonlySet<Target> = new Set([ADMIN_API.adjustBalance]);
const ANONYMOUS: ReadonlySet<Target> = new Set([ADMIN_API.login, API.countries, API.operators]);

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** Called when a request made with the admin's token gets a 401: the session is gone or expired. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function tokenHeaders(endpoint: Target): Record<string, string> {
  const session = readSession();
  if (!session || ANONYMOUS.has(endpoint)) return {};
  return BEARER.has(endpoint) ? { authorization: `Bearer ${session.token}` } : { 'x-admin-token': session.token };
}

export const api = createApiClient({
  credentials: 'include',
  headers: tokenHeaders,
  onError: (error, endpoint) => {
    console.error(error.statusLine);
    if (error.status === 401 && Object.keys(tokenHeaders(endpoint)).length > 0) {
      clearSession();
      onUnauthorized();
    }
  },
});

/** The server's message for a failed call, else the fallback the spec gives for it. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}
