/**
 * The admin session in the browser (spec section 3): the token under `admin_token` in local storage
 * when the admin asked to stay signed in, else under `adminToken` in session storage (gone when the
 * browser closes); the admin's email under `admin_email` beside it.
 */

const PERSISTENT_TOKEN = 'admin_token';
const SESSION_TOKEN = 'adminToken';
const EMAIL = 'admin_email';

export interface AdminSession {
  token: string;
  email: string;
}

function storages(): { local: Storage | null; session: Storage | null } {
  try {
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    // Storage can be blocked (privacy settings): then nobody stays signed in.
    return { local: null, session: null };
  }
}

/** The stored session, or null when the token or the email is missing (spec: both are needed). */
export function readSession(): AdminSession | null {
  const { local, session } = storages();
  const persistent = local?.getItem(PERSISTENT_TOKEN);
  const store = persistent ? local : session;
  const token = persistent ?? session?.getItem(SESSION_TOKEN) ?? null;
  const email = store?.getItem(EMAIL) ?? null;
  return token && email ? { token, email } : null;
}

export function saveSession(token: string, email: string, remember: boolean): void {
  clearSession();
  const { local, session } = storages();
  const store = remember ? local : session;
  store?.setItem(remember ? PERSISTENT_TOKEN : SESSION_TOKEN, token);
  store?.setItem(EMAIL, email);
}

/** After a sign-in email change: the stored email follows. */
export function updateSessionEmail(email: string): void {
  const { local, session } = storages();
  const store = local?.getItem(PERSISTENT_TOKEN) ? local : session;
  store?.setItem(EMAIL, email);
}

export function clearSession(): void {
  const { local, session } = storages();
  for (const store of [local, session]) {
    store?.removeItem(PERSISTENT_TOKEN);
    store?.removeItem(SESSION_TOKEN);
    store?.removeItem(EMAIL);
  }
}
