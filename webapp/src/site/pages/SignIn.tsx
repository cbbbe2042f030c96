import './pages.css';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/Toast';
import { useI18n } from '../../i18n/I18n';
import { SignInPanel } from '../components/SignInPanel';
import { usePageMeta } from '../meta';
import { navigate, useLocation } from '../router';
import { readTelegramAuthResult, signInWithTelegram, useUser } from '../session';
import { safeNext } from '../safe-next';
import { apiErrorText } from '../../shared';

/**
 * /sign-in: the sign-in panel, and where Telegram's login returns (#tgAuthResult=…). `?email=` fills
 * the e-mail field (the order page sends the order's address).
 */
export default function SignIn() {
  const t = useI18n();
  const s = t.web.account.signIn;
  usePageMeta(t.web.shell.signIn, s.description);
  const location = useLocation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const user = useUser();
  const next = safeNext(location.search);
  const email = new URLSearchParams(location.search).get('email') ?? undefined;
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
        toast({ title: s.signedIn, description: s.welcomeTelegram({ name: data.first_name || null }) });
        navigate(next, { replace: true });
      })
      .catch((err: unknown) => setTelegramError(err instanceof ApiError ? apiErrorText(t.common, err, t.locale === 'en') : s.telegramFailed))
      .finally(() => setTelegramBusy(false));
  }, [queryClient, toast, next, location.hash, s, t]);

  return (
    <div className="page">
      <div className="container sign-in-page">
        <h1>{t.web.shell.signIn}</h1>
        {telegramBusy && (
          <p className="notice" role="status">
            {s.telegramBusy}
          </p>
        )}
        {telegramError && (
          <p className="notice notice-error" role="alert">
            {telegramError}
          </p>
        )}
        {user.data ? (
          <div className="card">
            <p>{s.signedInAs({ email: user.data.email })}</p>
            <button type="button" className="btn btn-primary" onClick={() => navigate(next)}>
              {t.web.compact.continue}
            </button>
          </div>
        ) : (
          <SignInPanel next={next} email={email} onSignedIn={() => navigate(next, { replace: true })} title={s.panelTitle} />
        )}
      </div>
    </div>
  );
}
