import './pages.css';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/Toast';
import { SignInPanel } from '../components/SignInPanel';
import { usePageMeta } from '../meta';
import { navigate, useLocation } from '../router';
import { readTelegramAuthResult, signInWithTelegram, useUser } from '../session';
import { safeNext } from '../safe-next';

/** /sign-in: the sign-in panel, and where Telegram's login returns (#tgAuthResult=…). */
export default function SignIn() {
  usePageMeta('Sign in', 'Sign in with Telegram or with a one-time code sent to your e-mail.');
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const user = useUser();
  const next = safeNext(location.search);
  const [telegramError, setTelegramError] = useState<string | null>(null);
  const [telegramBusy, setTelegramBusy] = useState(false);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const data = readTelegramAuthResult(location.hash);
    if (!data || handled.current === location.hash) return;
    handled.current = location.hash;
    // The signed data is used once: not kept in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setTelegramBusy(true);
    signInWithTelegram(queryClient, data)
      .then(() => {
        toast({ title: 'Signed in', description: `Welcome${data.first_name ? `, ${data.first_name}` : ''}! You are signed in with Telegram.` });
        navigate(next, { replace: true });
      })
      .catch((err: unknown) => setTelegramError(err instanceof ApiError ? err.message : 'Telegram sign-in failed. Please try again.'))
      .finally(() => setTelegramBusy(false));
  }, [queryClient, toast, next, location.hash]);

  return (
    <div className="page">
      <div className="container sign-in-page">
        <h1>Sign in</h1>
        {telegramBusy && (
          <p className="notice" role="status">
            Signing you in with Telegram…
          </p>
        )}
        {telegramError && (
          <p className="notice notice-error" role="alert">
            {telegramError}
          </p>
        )}
        {user.data ? (
          <div className="card">
            <p>You are signed in{user.data.email ? ` as ${user.data.email}` : ''}.</p>
            <button type="button" className="btn btn-primary" onClick={() => navigate(next)}>
              Continue
            </button>
          </div>
        ) : (
          <SignInPanel next={next} onSignedIn={() => navigate(next, { replace: true })} title="Sign in to your account" />
        )}
      </div>
    </div>
  );
}
