import './pages.css';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pricingQuery } from '../../api/queries';
import { formatUsd, usdToCents } from '../../shared';
import { centsOf, usd } from '../../wizard/format';
import { SignInPanel } from '../components/SignInPanel';
import { usePageMeta } from '../meta';
import { navigate } from '../router';
import { useUser } from '../session';

const PRESETS = [10, 20, 50, 100];

/**
 * /add-balance (spec: linked from the dashboard, screen not shown): a balance top-up paid in crypto.
 * The amount is chosen here; the payment is the five-step wizard's step 4, entered with the spec's
 * balance top-up (phone 'balance_topup', country 'Balance Top-up'). A balance belongs to an account,
 * so this needs a signed-in customer.
 */
export default function AddBalance() {
  usePageMeta('Add Balance', 'Add funds to your balance with cryptocurrency.');
  const user = useUser();
  const pricing = useQuery(pricingQuery());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = pricing.data?.minAmount ?? 5;
  const max = pricing.data?.maxAmount ?? 500;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = usdToCents(text);
    const value = cents === null ? NaN : cents / 100;
    if (cents === null || value < min || value > max) {
      return void setError(`Amount must be between ${usd(min)} and ${usd(max)}.`);
    }
    navigate('/recharge', { state: { balanceTopup: value } });
  };

  if (user.isPending) return <div className="page-loading" role="status" aria-label="Loading" />;
  return (
    <div className="page">
      <div className="container narrow">
        <div className="page-head">
          <h1>Add Balance</h1>
        </div>
        {!user.data ? (
          <SignInPanel next="/add-balance" title="Sign in to add balance" />
        ) : (
          <form className="card" onSubmit={submit} noValidate>
            <p>
              Current balance: <strong data-testid="balance">{formatUsd(centsOf(user.data.balance ?? 0))}</strong>
            </p>
            <p className="muted">Pay with any of our cryptocurrencies; the amount is added to your balance once the payment is confirmed. No service fee.</p>
            <div className="quick-amounts" role="group" aria-label="Amounts">
              {PRESETS.filter((p) => p >= min && p <= max).map((p) => (
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
                  ${p}
                </button>
              ))}
            </div>
            <div className="field">
              <label htmlFor="balance-amount">Amount (USD)</label>
              <input
                id="balance-amount"
                className="input"
                type="number"
                inputMode="decimal"
                min={min}
                max={max}
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
                Between {usd(min)} and {usd(max)}.
              </p>
              {error && (
                <p className="field-error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary btn-block">
              Continue to Payment
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
