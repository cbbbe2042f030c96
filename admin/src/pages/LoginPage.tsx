import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { ADMIN_API, ADMIN_MESSAGES, ApiError } from '@topup/shared';
import { api } from '../api/client';
import { readSession, saveSession } from '../api/session';
import { useToast } from '../components/Toaster';
import { Field, Spinner } from '../components/ui';
import { navigate } from '../router';

const NETWORK = 'Login failed. Please check your connection and try again.';

/** What the console does, each item a page or action that exists (database backups run on the server, not here). */
const ACCESS = [
  'Order management',
  'Marking an order paid and re-sending a failed top-up',
  'System monitoring',
  'User management, balances and settings',
  'Orders export (CSV)',
  'Maintenance mode (pauses new orders)',
];

/** /admin-login (spec section 2): email, password with show/hide, an authenticating state; success goes to /admin. */
export function LoginPage() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState(false);
  /** Shown once the server says the account has two-factor sign-in on. */
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');

  useEffect(() => {
    document.title = 'Admin Login';
    if (readSession()) navigate('/admin', { replace: true });
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const body = { email: email.trim(), password, ...(needsCode && code.trim() ? { totp: code.trim() } : {}) };
      const res = await api.request(ADMIN_API.login, { body });
      saveSession(res.token, res.email, remember);
      navigate('/admin');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TOTP_REQUIRED') {
        setNeedsCode(true);
        setPending(false);
        return;
      }
      // Status 0: no answer, or none that could be read.
      const description = err instanceof ApiError && err.status !== 0 ? err.serverMessage || ADMIN_MESSAGES.loginFailed : NETWORK;
      toast({ title: 'Login Failed', description, variant: 'destructive' });
      setPending(false);
    }
  }

  /** What every field of the form shares: required, its text kept as typed, locked while signing in. */
  const typed = (value: string, set: (value: string) => void) => ({
    required: true,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.target.value),
    disabled: pending,
  });

  return (
    <main className="login-page">
      <div className="login-card">
        <header className="login-header">
          <svg
            className="login-logo"
            viewBox="0 0 24 24"
            width="40"
            height="40"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          <h1>Admin Login</h1>
          <p>Sign in to access the admin dashboard</p>
        </header>
        <form onSubmit={submit} className="form" aria-label="Admin sign-in">
          <Field label="Admin Email" htmlFor="login-email">
            <input id="login-email" type="email" autoComplete="username" placeholder="admin@example.com" {...typed(email, setEmail)} />
          </Field>
          <Field label="Password" htmlFor="login-password">
            <div className="input-with-button">
              <input
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder="Enter your password"
                {...typed(password, setPassword)}
              />
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((s) => !s)}
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
          </Field>
          {needsCode && (
            <Field label="Authenticator code" htmlFor="login-code" hint="Enter the 6-digit code from your authenticator app.">
              <input
                id="login-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                autoFocus
                placeholder="123456"
                {...typed(code, (v) => setCode(v.replace(/\D/g, '')))}
              />
            </Field>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={pending} />
            Keep me signed in on this device
          </label>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? (
              <>
                <Spinner /> Authenticating...
              </>
            ) : (
              'Access Admin Dashboard'
            )}
          </button>
        </form>
        <section className="access-list" aria-labelledby="access-heading">
          <h2 id="access-heading">Admin access includes:</h2>
          <ul>
            {ACCESS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
