import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { siteConfigQuery } from '../../api/queries';
import { useToast } from '../../components/Toast';
import { useI18n, type I18n } from '../../i18n/I18n';
import { apiErrorText, isEmailAddress } from '../../shared';
import { startEmailSignIn, telegramLoginUrl, verifyEmailCode } from '../session';

/**
 * An API error in the page's language (English keeps the server's sentence, which says more).
 * `invalid` says a VALIDATION_ERROR better than the code's general words: a refused code, whatever
 * the server's reason (wrong, expired).
 */
function problem(t: I18n, err: unknown, fallback: string, invalid?: string): string {
  if (!(err instanceof ApiError)) return fallback;
  if (invalid && t.locale !== 'en' && err.code === 'VALIDATION_ERROR') return invalid;
  return apiErrorText(t.common, err, t.locale === 'en');
}

/** A labelled input with the panel's one error, which it points to when there is one. */
function Field({ id, label, error, ...input }: { id: string; label: string; error: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? 'sign-in-error' : undefined} />
      </div>
      {error && (
        <p id="sign-in-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * Sign-in (the spec leaves it open): a one-time code by e-mail, or Telegram. Orders made in this
 * browser without an account are attached to the account at sign-in. `email` fills the e-mail field
 * (the order page's "sign in" knows the order's address).
 */
export function SignInPanel({
  next = '/dashboard',
  onSignedIn,
  title,
  email: initialEmail = '',
}: {
  next?: string;
  onSignedIn?(): void;
  title?: string;
  email?: string;
}) {
  const t = useI18n();
  const p = t.web.account.panel;
  const queryClient = useQueryClient();
  const toast = useToast();
  const config = useQuery(siteConfigQuery());
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const address = email.trim();
    if (!isEmailAddress(address)) return void setError(t.web.invalidEmail);
    setBusy(true);
    setError(null);
    try {
      const said = await startEmailSignIn(address, t.locale);
      // The server's sentence is English: other languages say it themselves.
      setInfo((t.locale === 'en' && said) || p.codeSent({ email: address }));
      setSentTo(address);
      setCode('');
    } catch (err) {
      setError(problem(t, err, p.sendFailed));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    if (!/^\d{6}$/.test(code.trim())) return void setError(p.codeDigits);
    setBusy(true);
    setError(null);
    try {
      await verifyEmailCode(queryClient, sentTo, code.trim());
      toast({ title: t.web.account.signIn.signedIn, description: p.welcomeEmail({ email: sentTo }) });
      onSignedIn?.();
    } catch (err) {
      setError(problem(t, err, p.signInFailed, p.codeRefused));
    } finally {
      setBusy(false);
    }
  };

  const botId = config.data?.telegramBotId;
  const outbox = config.data?.emailDelivery === 'local-outbox';

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{title ?? t.web.shell.signIn}</h2>
      <p className="muted">{p.lead}</p>
      {botId && (
        <>
          <a className="btn btn-telegram btn-block" href={telegramLoginUrl(botId, `${window.location.origin}/sign-in?next=${encodeURIComponent(next)}`)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M21.9 4.3 18.7 19.4c-.2 1-.9 1.3-1.8.8l-4.9-3.6-2.4 2.3c-.3.3-.5.5-1 .5l.3-5 9.1-8.2c.4-.4-.1-.6-.6-.2L6.1 13 1.3 11.5c-1-.3-1-1 .2-1.5L20.6 2.6c.9-.3 1.6.2 1.3 1.7z"
              />
            </svg>
            {p.withTelegram}
          </a>
          <p className="divider">
            <span>{p.orEmail}</span>
          </p>
        </>
      )}
      {!sentTo ? (
        <form onSubmit={(e) => void send(e)} noValidate>
          <Field
            id="sign-in-email"
            label={t.web.account.email}
            error={error}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? p.sending : p.emailMe}
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <p role="status">{info}</p>
          {outbox && (
            <p className="notice" data-testid="local-outbox">
              {p.outbox.before}
              <strong>{p.outbox.name}</strong>
              {p.outbox.after}
            </p>
          )}
          <Field
            id="sign-in-code"
            label={p.code}
            error={error}
            className="input code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? p.signingIn : t.web.shell.signIn}
          </button>
          <div className="btn-row sign-in-more">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void send()} disabled={busy}>
              {p.sendNew}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => {
                setSentTo(null);
                setError(null);
              }}
            >
              {p.otherEmail}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
