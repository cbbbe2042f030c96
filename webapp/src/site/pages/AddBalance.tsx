import './pages.css';
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { pricingQuery, quoteQuery } from '../../api/queries';
import { useI18n } from '../../i18n/I18n';
import { apiErrorText, BALANCE_TOPUP_AMOUNTS_USD, usdToCents } from '../../shared';
import { quoteFor } from '../../wizard/checkout';
import { centsOf } from '../../wizard/format';
import { SignInPanel } from '../components/SignInPanel';
import { usePageMeta } from '../meta';
import { navigate } from '../router';
import { useUser } from '../session';
import { centsToDollars } from '@topup/shared';

/**
 * /add-balance (spec: linked from the dashboard, screen not shown): a balance top-up paid in crypto.
 * The amount is chosen here; the payment is the five-step wizard's step 4, entered with the spec's
 * balance top-up (phone 'balance_topup', country 'Balance Top-up'). A balance belongs to an account,
 * so this needs a signed-in customer.
 */
export default function AddBalance() {
  const t = useI18n();
  const b = t.web.account.addBalance;
  usePageMeta(t.web.addBalance, b.description);
  const user = useUser();
  const queryClient = useQueryClient();
  const pricing = useQuery(pricingQuery());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // Limits in cents (GET /api/pricing); the spec's admin defaults until it answers.
  const min = pricing.data?.minAmount ?? 500;
  const max = pricing.data?.maxAmount ?? 50_000;
  const range = t.web.amountBetween({ min: t.usd(min), max: t.usd(max) });

  /** The amount within the limits; then the server's quote, so the payment step opens with its total. */
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = usdToCents(text);
    if (cents === null || cents < min || cents > max) return void setError(range);
    const value = Number(text);
    setChecking(true);
    try {
      await queryClient.fetchQuery(quoteQuery(quoteFor(value, 'balance_topup')));
      navigate('/recharge', { state: { balanceTopup: value } });
    } catch (err) {
      setError(err instanceof ApiError ? apiErrorText(t.common, err, t.locale === 'en') : range);
    } finally {
      setChecking(false);
    }
  };

  if (user.isPending) return <div className="page-loading" role="status" aria-label={t.web.account.loading} />;
  return (
    <div className="page">
      <div className="container narrow">
        <div className="page-head">
          <h1>{t.web.addBalance}</h1>
        </div>
        {!user.data ? (
          <SignInPanel next="/add-balance" title={b.signInTitle} />
        ) : (
          <form className="card" onSubmit={(e) => void submit(e)} noValidate>
            <p>
              {b.currentBalance}
              {t.common.colon} <strong data-testid="balance">{t.usd(centsOf(user.data.balance ?? 0))}</strong>
            </p>
            <p className="muted">{b.lead}</p>
            <div className="quick-amounts" role="group" aria-label={b.amounts}>
              {BALANCE_TOPUP_AMOUNTS_USD.filter((p) => centsOf(p) >= min && centsOf(p) <= max).map((p) => (
                <button
                  key={p}
                  type="button"
                  className="btn btn-secondary"
                  aria-pressed={Number(text) === p}
                  onClick={() => {
                    setText(String(p));
                    setError(null);
                  }}
                >
                  {t.shortUsd(centsOf(p))}
                </button>
              ))}
            </div>
            <div className="field">
              <label htmlFor="balance-amount">{b.amountUsd}</label>
              <input
                id="balance-amount"
                className="input"
                type="number"
                inputMode="decimal"
                min={centsToDollars(min)}
                max={centsToDollars(max)}
                step="0.01"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby="balance-amount-hint"
              />
              <p id="balance-amount-hint" className="field-hint">
                {b.between({ min: t.usd(min), max: t.usd(max) })}
              </p>
              {error && (
                <p className="field-error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={checking}>
              {t.web.continueToPayment}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
