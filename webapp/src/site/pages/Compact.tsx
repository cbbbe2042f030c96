import './pages.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCoinSymbol, TOperator, TPaymentCreated, TPaymentStatus, TPromotion } from '@topup/shared';
import { ApiError, randomKey } from '../../api/client';
import { amountsQuery, coinsQuery, countriesQuery, operatorsQuery, pricingQuery, promotionsQuery, siteConfigQuery } from '../../api/queries';
import { checkPhone, createCompactPayment, internationalNumber, releaseWallet, watchPayment } from '../../api/payments';
import { useToast } from '../../components/Toast';
import { DEFAULT_COIN, DEFAULT_COUNTRY_CODE, DEFAULT_OPERATOR_ID, flagEmoji, formatUsd, QUICK_AMOUNTS_USD, usdToCents } from '../../shared';
import { centsOf, dialPrefix, Notice, usd } from '../../wizard';
import { PageLoading } from '../components/PageLoading';
import { Dropdown } from '../components/Dropdown';
import { useReleaseOnLeave } from '../leave-payment';
import { usePageMeta } from '../meta';
import { navigate } from '../router';
import { rememberOrder, useUser } from '../session';
import { whatsappLink } from '../support';

const PaymentScreen = lazy(() => import('../../wizard/PaymentScreen'));

/**
 * /app: the spec's compact six-step wizard (header, footer and support widget hidden). Country and
 * phone, operator, amount (quick amounts or a custom one), coin, review, then the payment screen.
 */
export const COMPACT_TITLES = ['Select Country & Phone', 'Choose Operator', 'Select Amount', 'Choose Payment Method', 'Review Order', 'Payment'] as const;
type Step = 1 | 2 | 3 | 4 | 5 | 6;
const PROMOTION_MS = 3000;

/** Whole dollars without cents ('$1'), else with them. */
const dollars = (n: number) => (Number.isInteger(n) ? `$${n}` : usd(n));

function OperatorLogo({ operator }: { operator: TOperator }) {
  const [failed, setFailed] = useState(false);
  const src = operator.logoUrls[0] ?? operator.logo;
  if (!src || failed)
    return (
      <span className="op-logo op-letter" aria-hidden="true">
        {operator.name.charAt(0)}
      </span>
    );
  return <img className="op-logo" src={src} alt="" width={28} height={28} onError={() => setFailed(true)} />;
}

const CoinMark = ({ symbol, network }: { symbol: TCoinSymbol; network: string }) => (
  <span className={`wz-coin-mark wz-coin-${network} coin-small`} aria-hidden="true">
    {symbol.slice(0, 4)}
  </span>
);

export default function Compact() {
  usePageMeta('Quick Recharge', 'Top up a phone in six quick steps and pay with cryptocurrency.');
  const toast = useToast();
  const queryClient = useQueryClient();
  const user = useUser();
  const [step, setStep] = useState<Step>(1);
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [operatorId, setOperatorId] = useState<number | null>(null);
  const [quick, setQuick] = useState<number | null>(null);
  const [customText, setCustomText] = useState('');
  const [coin, setCoin] = useState<TCoinSymbol | null>(DEFAULT_COIN);
  // The coins the server takes now (GET /api/coins).
  const offered = useQuery(coinsQuery()).data?.coins ?? [];
  const chosenCoin = offered.find((c) => c.symbol === coin);
  const [payment, setPayment] = useState<TPaymentCreated | null>(null);
  const [status, setStatus] = useState<TPaymentStatus | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const countries = useQuery(countriesQuery());
  const country = countries.data?.find((c) => c.code === countryCode) ?? null;
  const operators = useQuery({ ...operatorsQuery(country?.id, 'airtime'), enabled: !!country && step >= 2 });
  const operator = operators.data?.find((o) => o.operatorId === operatorId) ?? null;
  const amounts = useQuery({ ...amountsQuery(operator?.id, 'airtime'), enabled: !!operator && operator.denominationType === 'FIXED' });
  const pricing = useQuery(pricingQuery());
  const promotions = useQuery(promotionsQuery());
  const siteConfig = useQuery(siteConfigQuery());

  // Spec: Cameroon preselected when in the list.
  useEffect(() => {
    if (countryCode === null && countries.data?.some((c) => c.code === DEFAULT_COUNTRY_CODE)) setCountryCode(DEFAULT_COUNTRY_CODE);
  }, [countries.data, countryCode]);
  // The spec's default operator (53) when the country has it.
  useEffect(() => {
    if (operatorId === null && operators.data?.some((o) => o.operatorId === DEFAULT_OPERATOR_ID)) setOperatorId(DEFAULT_OPERATOR_ID);
  }, [operators.data, operatorId]);
  // Spec: load failures of the compact flow are logged.
  useEffect(() => {
    if (countries.error) console.error('countries', countries.error);
    if (operators.error) console.error('operators', operators.error);
    if (promotions.error) console.error('promotions', promotions.error);
  }, [countries.error, operators.error, promotions.error]);

  const fee = pricing.data?.serviceFee ?? null;
  // The spec's range (1-200) within the API's limits.
  const limits = pricing.data ? { min: Math.max(1, pricing.data.minAmount), max: Math.min(200, pricing.data.maxAmount) } : { min: 1, max: 200 };
  const fixed = operator?.denominationType === 'FIXED';
  const quickAmounts: number[] = fixed
    ? (amounts.data ?? []).map((a) => a.amount).filter((a) => a >= limits.min && a <= limits.max)
    : QUICK_AMOUNTS_USD.filter((a) => !operator || (a >= operator.minAmount && a <= operator.maxAmount));
  const custom = customText.trim() === '' ? null : Number(customText);
  const amount = custom ?? quick;
  const amountValid = amount !== null && Number.isFinite(amount) && usdToCents(amount) !== null && amount >= limits.min && amount <= limits.max;
  const totalCents = amountValid && fee !== null ? centsOf(amount) + centsOf(fee) : null;
  const phoneNumber = country ? internationalNumber(country.dialCode, phone) : phone;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  const missing = (description: string) => toast({ title: 'Missing Information', description, variant: 'destructive' });

  /** Each step's checks (spec section 5) before the next. */
  const next = async () => {
    if (step === 1) {
      if (!country || !phone.trim()) return missing('Please select a country and enter a phone number.');
      setChecking(true);
      const error = await checkPhone(phoneNumber, country.code);
      setChecking(false);
      if (error) return void setPhoneError(error);
    }
    if (step === 2 && !operator) return missing('Please select a mobile operator.');
    if (step === 3) {
      if (amount === null) return missing('Please select an amount.');
      if (!amountValid) return toast({ title: 'Invalid Amount', description: `Amount must be between ${dollars(limits.min)} and ${dollars(limits.max)}.`, variant: 'destructive' });
      if (operator && !fixed && (amount < operator.minAmount || amount > operator.maxAmount)) {
        return toast({ title: 'Invalid Amount', description: `${operator.name} accepts amounts between ${usd(operator.minAmount)} and ${usd(operator.maxAmount)}.`, variant: 'destructive' });
      }
      if (fixed && !quickAmounts.includes(amount)) return toast({ title: 'Invalid Amount', description: `Please choose one of ${operator?.name}'s amounts.`, variant: 'destructive' });
    }
    if (step === 4 && !coin) return missing('Please select a cryptocurrency.');
    if (step === 5) {
      setPayment(null);
      setStatus(null);
      setCreateError(null);
      setAttempt((n) => n + 1);
    }
    setStep((s) => Math.min(6, s + 1) as Step);
  };

  // Step 6: the payment is created once when the view opens (a retry keeps its idempotency key).
  const keys = useRef(new Map<number, string>());
  useEffect(() => {
    if (step !== 6 || attempt === 0 || !operator || !coin || amount === null) return;
    let key = keys.current.get(attempt);
    if (!key) keys.current.set(attempt, (key = randomKey()));
    let live = true;
    createCompactPayment({ phoneNumber, operatorId: operator.operatorId, amount, currency: coin }, key)
      .then((created) => {
        rememberOrder(created.orderToken, !!user.data);
        void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
        if (live) setPayment(created);
      })
      .catch((err: unknown) => {
        console.error('payment creation failed', err);
        if (!live) return;
        setCreateError(
          err instanceof ApiError && err.status === 429
            ? err.message || 'Cryptocurrency wallet temporarily unavailable. Please try again in a moment.'
            : err instanceof ApiError
              ? `Payment creation failed: ${err.status < 500 ? err.message : err.status}`
              : 'Payment creation failed',
        );
      });
    return () => {
      live = false;
    };
    // Created once per attempt.
  }, [attempt, step]);

  useEffect(() => {
    if (!payment) return;
    return watchPayment(payment, setStatus);
  }, [payment]);

  const unpaid = step === 6 && payment !== null && (status?.status ?? payment.status) === 'pending_crypto_payment';
  useReleaseOnLeave(unpaid, payment);

  const leavePayment = useCallback(() => {
    if (payment && unpaid) void releaseWallet(payment);
    setPayment(null);
    setStatus(null);
    setStep(5);
  }, [payment, unpaid]);

  const back = () => {
    if (step === 6) return leavePayment();
    setStep((s) => Math.max(1, s - 1) as Step);
  };

  const startOver = () => {
    setPayment(null);
    setStatus(null);
    setQuick(null);
    setCustomText('');
    setPhone('');
    setStep(1);
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
  };

  const support = siteConfig.data?.support;

  return (
    <div className="compact">
      <div className="compact-card wz">
        <header className="compact-head">
          {step > 1 ? (
            <button type="button" className="compact-back" aria-label="Back" onClick={back}>
              ←
            </button>
          ) : (
            <span className="compact-back-placeholder" aria-hidden="true" />
          )}
          <div>
            <h1>{COMPACT_TITLES[step - 1]}</h1>
            <p className="compact-step">Step {step} of 6</p>
          </div>
        </header>
        <div className="compact-progress" aria-hidden="true">
          <span style={{ width: `${(step / 6) * 100}%` }} />
        </div>

        {step === 1 && (
          <div className="wz-step">
            {promotions.data && promotions.data.length > 0 && <Promotions promotions={promotions.data} operators={queryClient.getQueryData<TOperator[]>(operatorsQuery(country?.id, 'airtime').queryKey) ?? operators.data} />}
            <div className="field">
              <label htmlFor="compact-country">Country</label>
              <select id="compact-country" className="input" value={countryCode ?? ''} onChange={(e) => setCountryCode(e.target.value || null)}>
                {!countryCode && <option value="">Select a country</option>}
                {countries.data?.map((c) => (
                  <option key={c.id} value={c.code}>
                    {flagEmoji(c.code)} {c.name} ({dialPrefix(c.dialCode)})
                  </option>
                ))}
              </select>
              {countries.isError && <p className="field-error">Error loading countries. Please try again later.</p>}
            </div>
            <div className="field">
              <label htmlFor="compact-phone">Phone number</label>
              <div className={phoneError ? 'wz-phone wz-invalid' : 'wz-phone'}>
                <span className="wz-phone-prefix">{country ? dialPrefix(country.dialCode) : '🌐'}</span>
                <input
                  id="compact-phone"
                  className="wz-input"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="612345678"
                  value={phone}
                  onChange={(e) => {
                    setPhone(e.target.value);
                    setPhoneError(null);
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && void next()}
                  aria-invalid={phoneError ? true : undefined}
                  aria-describedby={phoneError ? 'compact-phone-error' : undefined}
                />
              </div>
              {phoneError && (
                <p id="compact-phone-error" className="field-error" role="alert">
                  {phoneError}
                </p>
              )}
            </div>
          </div>
        )}

        {step === 2 && (
          <div className="wz-step">
            <p className="compact-summary">
              {country && flagEmoji(country.code)} {country?.name} · {country ? dialPrefix(country.dialCode) : ''} {phone.trim()}
            </p>
            {operators.isPending ? (
              <div className="page-loading small" role="status" aria-label="Loading operators">
                <span className="spinner" aria-hidden="true" />
              </div>
            ) : operators.isError ? (
              <Notice kind="error">Error loading operators. Please try again later.</Notice>
            ) : operators.data.length === 0 ? (
              <Notice>No operators available for this country.</Notice>
            ) : (
              <Dropdown<number>
                label="Mobile operator"
                placeholder="Select an operator"
                value={operatorId}
                onChange={(id) => {
                  if (id !== operatorId) {
                    setQuick(null);
                    setCustomText('');
                  }
                  setOperatorId(id);
                }}
                options={operators.data.map((o) => ({ value: o.operatorId, label: o.name, icon: <OperatorLogo operator={o} /> }))}
              />
            )}
          </div>
        )}

        {step === 3 && (
          <div className="wz-step">
            <div className="quick-amounts" role="group" aria-label="Quick amounts">
              {quickAmounts.map((a) => (
                <button
                  key={a}
                  type="button"
                  className="wz-tile quick-amount"
                  aria-pressed={customText.trim() === '' && quick === a}
                  onClick={() => {
                    setQuick(a);
                    setCustomText('');
                  }}
                >
                  <span className="wz-tile-title">{dollars(a)}</span>
                  <span className="wz-tile-caption">+ {fee === null ? '…' : dollars(fee)} fee</span>
                </button>
              ))}
            </div>
            {fixed && amounts.isPending && <p className="wz-hint">Loading amounts…</p>}
            {!fixed && (
              <div className="field">
                <label htmlFor="compact-custom">Custom amount (USD)</label>
                <input
                  id="compact-custom"
                  className="input"
                  type="number"
                  inputMode="decimal"
                  min={limits.min}
                  max={limits.max}
                  step="0.01"
                  placeholder={`Custom amount (${dollars(limits.min)}-${limits.max})`}
                  value={customText}
                  onChange={(e) => setCustomText(e.target.value)}
                />
              </div>
            )}
            <dl className="wz-summary" aria-label="Breakdown" aria-live="polite">
              <div>
                <dt>Airtime</dt>
                <dd>{amountValid ? `${usd(amount)}` : '—'}</dd>
              </div>
              <FeeAndTotal fee={fee} totalCents={totalCents} none="—" testId="compact-total" />
            </dl>
          </div>
        )}

        {step === 4 && (
          <div className="wz-step">
            <Dropdown<TCoinSymbol>
              label="Cryptocurrency"
              placeholder="Select a cryptocurrency"
              value={coin}
              onChange={setCoin}
              options={offered.map((c) => ({ value: c.symbol, label: c.name, hint: c.networkLabel, icon: <CoinMark symbol={c.symbol} network={c.network} /> }))}
            />
            {chosenCoin && <p className="wz-hint">Network: {chosenCoin.networkLabel}</p>}
          </div>
        )}

        {step === 5 && country && operator && coin && amountValid && (
          <div className="wz-step">
            <dl className="wz-summary" aria-label="Order">
              <div>
                <dt>Phone</dt>
                <dd>
                  {dialPrefix(country.dialCode)} {phone.trim()}
                </dd>
              </div>
              <div>
                <dt>Network</dt>
                <dd>{operator.name}</dd>
              </div>
              <div>
                <dt>Airtime amount</dt>
                <dd>{usd(amount)}</dd>
              </div>
              <FeeAndTotal fee={fee} totalCents={totalCents} none="…" />
              <div>
                <dt>Payment method</dt>
                <dd>{chosenCoin?.name ?? coin}</dd>
              </div>
            </dl>
            <div className="wz-important">
              <strong>Before you pay</strong>
              <ul>
                <li>You have 6 minutes to send the payment once it is created.</li>
                <li>The airtime is sent automatically when your payment is confirmed.</li>
                <li>Double-check the phone number: a top-up sent to a wrong number cannot be taken back.</li>
                <li>Send the exact amount to the exact wallet address shown.</li>
              </ul>
            </div>
          </div>
        )}

        {step === 6 &&
          (payment ? (
            <Suspense fallback={<PageLoading />}>
              <PaymentScreen
                payment={payment}
                status={status}
                phoneNumber={phoneNumber}
                onCancel={leavePayment}
                onNewPayment={() => {
                  setPayment(null);
                  setStatus(null);
                  setCreateError(null);
                  setAttempt((n) => n + 1);
                }}
                onNewPurchase={startOver}
                onContactSupport={() => {
                  const link = whatsappLink(support?.whatsapp);
                  if (link) window.open(link, '_blank', 'noopener');
                  else navigate('/contact');
                }}
                onCopied={() => toast({ title: 'Copied to clipboard!', duration: 2000 })}
              />
            </Suspense>
          ) : createError ? (
            <div className="wz-result" role="alert">
              <Notice kind="error">No payment data found</Notice>
              <p className="wz-hint">{createError}</p>
              <button type="button" className="wz-button" onClick={() => setStep(5)}>
                Go Back
              </button>
            </div>
          ) : (
            <div className="page-loading small" role="status" aria-label="Creating your payment">
              <span className="spinner" aria-hidden="true" />
              <p className="wz-hint">Creating your payment…</p>
            </div>
          ))}

        {step < 6 && (
          <button type="button" className="wz-button compact-next" disabled={checking} onClick={() => void next()}>
            {step === 5 ? 'Proceed to Payment' : checking ? 'Checking the number...' : 'Continue'}
          </button>
        )}
      </div>
    </div>
  );
}

/** The service fee and total rows of a summary; `none` stands for a total not yet known. */
function FeeAndTotal({ fee, totalCents, none, testId }: { fee: number | null; totalCents: number | null; none: string; testId?: string }) {
  return (
    <>
      <div>
        <dt>Service fee</dt>
        <dd>{fee === null ? '…' : usd(fee)}</dd>
      </div>
      <div className="wz-total">
        <dt>Total</dt>
        <dd data-testid={testId}>{totalCents === null ? none : formatUsd(totalCents)}</dd>
      </div>
    </>
  );
}

/** Spec: a collapsible panel on step 1; one promotion at a time, the next every 3 s; dots jump to one. */
function Promotions({ promotions, operators }: { promotions: TPromotion[]; operators: TOperator[] | undefined }) {
  const [open, setOpen] = useState(true);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const known = useMemo(() => new Set(operators?.map((o) => o.operatorId)), [operators]);
  useEffect(() => {
    if (!open || paused || promotions.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % promotions.length), PROMOTION_MS);
    return () => clearInterval(id);
  }, [open, paused, promotions.length, index]);
  const promo = promotions[index % promotions.length]!;
  return (
    <section className="promos" aria-label="Promotions" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} onFocus={() => setPaused(true)} onBlur={() => setPaused(false)}>
      <button type="button" className="promos-toggle" aria-expanded={open} aria-controls="promos-body" onClick={() => setOpen(!open)}>
        <span>🎁 Promotions</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div id="promos-body" className="promos-body">
          <div className="promo" data-testid="promotion" data-index={index}>
            <span className="promo-icon" aria-hidden="true">
              {known.has(promo.operatorId) ? '🎁' : '🌐'}
            </span>
            <div>
              <strong>{promo.title || 'Special Promotion'}</strong>
              <p>{promo.description}</p>
            </div>
            {promo.discount !== null && <span className="promo-off">{promo.discount}% OFF</span>}
          </div>
          {promotions.length > 1 && (
            <div className="promo-dots">
              {promotions.map((p, i) => (
                <button key={p.id} type="button" aria-label={`Show promotion ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => setIndex(i)} />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
