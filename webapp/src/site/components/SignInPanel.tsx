import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { siteConfigQuery } from '../../api/queries';
import { useToast } from '../../components/Toast';
import { isEmailAddress } from '../../shared';
import { startEmailSignIn, telegramLoginUrl, verifyEmailCode } from '../session';

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * Sign-in (the spec leaves it open): a one-time code by e-mail, or Telegram. Orders made in this
 * browser without an account are attached to the account at sign-in.
 */
export function SignInPanel({ next = '/dashboard', onSignedIn, title = 'Sign in' }: { next?: string; onSignedIn?(): void; title?: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const config = useQuery(siteConfigQuery());
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const address = email.trim();
    if (!isEmailAddress(address)) return void setError('Please enter a valid email address.');
    setBusy(true);
    setError(null);
    try {
      setInfo((await startEmailSignIn(address)) ?? `We sent a 6-digit code to ${address}.`);
      setSentTo(address);
      setCode('');
    } catch (err) {
      setError(message(err, 'The code could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    if (!/^\d{6}$/.test(code.trim())) return void setError('The code has 6 digits');
    setBusy(true);
    setError(null);
    try {
      await verifyEmailCode(queryClient, sentTo, code.trim());
      toast({ title: 'Signed in', description: `Welcome! You are signed in as ${sentTo}.` });
      onSignedIn?.();
    } catch (err) {
      setError(message(err, 'Sign-in failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const botId = config.data?.telegramBotId;
  const outbox = config.data?.emailDelivery === 'local-outbox';

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{title}</h2>
      <p className="muted">Keep your orders and a balance in one place. You can still recharge without an account.</p>
      {botId && (
        <>
          <a className="btn btn-telegram btn-block" href={telegramLoginUrl(botId, `${window.location.origin}/sign-in?next=${encodeURIComponent(next)}`)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M21.9 4.3 18.7 19.4c-.2 1-.9 1.3-1.8.8l-4.9-3.6-2.4 2.3c-.3.3-.5.5-1 .5l.3-5 9.1-8.2c.4-.4-.1-.6-.6-.2L6.1 13 1.3 11.5c-1-.3-1-1 .2-1.5L20.6 2.6c.9-.3 1.6.2 1.3 1.7z"
              />
            </svg>
            Sign in with Telegram
          </a>
          <p className="divider">
            <span>or with your e-mail</span>
          </p>
        </>
      )}
      {!sentTo ? (
        <form onSubmit={(e) => void send(e)} noValidate>
          <div className="field">
            <label htmlFor="sign-in-email">Email</label>
            <input
              id="sign-in-email"
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'sign-in-error' : undefined}
            />
          </div>
          {error && (
            <p id="sign-in-error" className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Sending...' : 'Email me a sign-in code'}
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <p role="status">{info}</p>
          {outbox && (
            <p className="notice" data-testid="local-outbox">
              Development server: no e-mail leaves this machine. The message with the code is in the server&apos;s <strong>local mail outbox</strong> (the .eml
              files in DATA_DIR/mail-outbox).
            </p>
          )}
          <div className="field">
            <label htmlFor="sign-in-code">6-digit code</label>
            <input
              id="sign-in-code"
              className="input code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'sign-in-error' : undefined}
            />
          </div>
          {error && (
            <p id="sign-in-error" className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
          <div className="btn-row sign-in-more">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void send()} disabled={busy}>
              Send a new code
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => {
                setSentTo(null);
                setError(null);
              }}
            >
              Use another e-mail
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
