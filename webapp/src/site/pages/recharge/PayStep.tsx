import type { TQuote } from '@topup/shared';
import { BALANCE_TOPUP_COUNTRY_NAME, formatUsd } from '../../../shared';
import { centsOf, Flag, onChain, shownNumber, usd, type Checkout, type WizardState } from '../../../wizard';
import { CoinStep } from '../../../wizard/CoinStep';

export interface PayStepProps {
  checkout: Checkout;
  /** The signed-in customer's balance in dollars (undefined when signed out). */
  balance: number | undefined;
  maintenance: boolean;
  onGoBack(): void;
  onPay(): void;
  onPayFromBalance(): void;
}

/** Step 4 (spec): the summary, the coin with the total in it, the optional receipt e-mail, and paying (from the balance too). */
export function PayStep({ checkout, balance, maintenance, onGoBack, onPay, onPayFromBalance }: PayStepProps) {
  const { wizard, coin, email, problem, creating, payment } = checkout.state;
  const { quote } = checkout;
  const balanceTopup = checkout.kind === 'balance_topup';
  const balanceOrder = payment !== null && !onChain(payment);
  const canPayFromBalance = !balanceTopup && balance !== undefined && quote !== undefined && centsOf(balance) >= quote.totalAmount;
  return (
    <div className="pay-step">
      <PaySummary wizard={wizard} balanceTopup={balanceTopup} quote={quote} />
      <CoinStep
        selected={coin}
        onSelect={checkout.setCoin}
        onPreselect={checkout.preselectCoin}
        totalCents={quote?.totalAmount}
        cryptoAmount={checkout.cryptoAmount}
      >
        <div className="field">
          <label htmlFor="receipt-email">Email (optional)</label>
          <input
            id="receipt-email"
            className="wz-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => checkout.setEmail(e.target.value)}
            aria-invalid={problem?.need === 'email' ? true : undefined}
            aria-describedby="receipt-email-hint"
          />
          <p id="receipt-email-hint" className="wz-hint">
            We&apos;ll send your receipt to this address.
          </p>
          {problem?.need === 'email' && (
            <p className="wz-field-error" role="alert">
              Please enter a valid email address.
            </p>
          )}
        </div>
        {balanceOrder ? (
          <div className="wz-status wz-status-processing" role="status">
            <span className="wz-status-icon wz-spinner" aria-hidden="true" />
            <strong className="wz-status-text">Payment Received - Processing Top-up...</strong>
          </div>
        ) : (
          <div className="pay-actions">
            <button type="button" className="wz-button wz-button-secondary" onClick={onGoBack}>
              Go Back
            </button>
            <button type="button" className="wz-button" disabled={creating || !coin || maintenance} onClick={onPay}>
              {creating ? 'Processing Payment...' : `Create ${coin ?? ''} Payment`}
            </button>
          </div>
        )}
        {canPayFromBalance && !balanceOrder && (
          <div className="balance-pay">
            <p className="wz-hint">Your balance: {formatUsd(centsOf(balance))}</p>
            <button type="button" className="wz-button wz-button-secondary" disabled={creating || maintenance} onClick={onPayFromBalance}>
              Pay {formatUsd(quote.totalAmount)} from balance
            </button>
          </div>
        )}
      </CoinStep>
    </div>
  );
}

/** Step 4's summary (spec): country with flag, operator, phone with dial code, service type, amount, and the server's fee and total. */
function PaySummary({ wizard, balanceTopup, quote }: { wizard: WizardState; balanceTopup: boolean; quote: TQuote | undefined }) {
  const { country, operator, amount } = wizard;
  return (
    <section className="wz-summary" aria-label="Order summary">
      <h2 className="wz-subheading">Order summary</h2>
      <dl>
        {balanceTopup ? (
          <div>
            <dt>Top-up</dt>
            <dd>💰 {BALANCE_TOPUP_COUNTRY_NAME}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Country</dt>
              <dd>
                {country && <Flag country={country} size={20} />} {country?.name}
              </dd>
            </div>
            <div>
              <dt>Operator</dt>
              <dd>{operator?.name}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{country ? shownNumber(country.dialCode, wizard.phone) : wizard.phone}</dd>
            </div>
            <div>
              <dt>Service</dt>
              <dd>{wizard.serviceType === 'data' ? 'Data Bundle' : 'Airtime'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Amount</dt>
          <dd>{amount ? `${usd(amount.amount)} USD` : ''}</dd>
        </div>
        {!balanceTopup && (
          <div>
            <dt>Service fee</dt>
            <dd>{quote ? `${formatUsd(quote.serviceFee)} USD` : 'Loading...'}</dd>
          </div>
        )}
        <div className="wz-total">
          <dt>Total</dt>
          <dd>{quote ? `${formatUsd(quote.totalAmount)} USD` : 'Loading...'}</dd>
        </div>
      </dl>
    </section>
  );
}
