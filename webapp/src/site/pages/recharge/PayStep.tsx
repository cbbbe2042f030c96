import type { TQuote } from '@topup/shared';
import { useI18n } from '../../../i18n/I18n';
import { centsOf, Flag, onChain, shownNumber, type Checkout, type WizardState } from '../../../wizard';
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
  const { web, usd } = useI18n();
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
          <label htmlFor="receipt-email">{web.pay.emailOptional}</label>
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
            {web.pay.receiptHint}
          </p>
          {problem?.need === 'email' && (
            <p className="wz-field-error" role="alert">
              {web.invalidEmail}
            </p>
          )}
        </div>
        {balanceOrder ? (
          <div className="wz-status wz-status-processing" role="status">
            <span className="wz-status-icon wz-spinner" aria-hidden="true" />
            <strong className="wz-status-text">{web.paymentReceived}</strong>
          </div>
        ) : (
          <div className="pay-actions">
            <button type="button" className="wz-button wz-button-secondary" onClick={onGoBack}>
              {web.goBack}
            </button>
            <button type="button" className="wz-button" disabled={creating || !coin || maintenance} onClick={onPay}>
              {creating ? web.processingPayment : web.createPayment({ symbol: coin ?? '' })}
            </button>
          </div>
        )}
        {canPayFromBalance && !balanceOrder && (
          <div className="balance-pay">
            <p className="wz-hint">{web.pay.yourBalance({ amount: usd(centsOf(balance)) })}</p>
            <button type="button" className="wz-button wz-button-secondary" disabled={creating || maintenance} onClick={onPayFromBalance}>
              {web.pay.payFromBalance({ amount: usd(quote.totalAmount) })}
            </button>
          </div>
        )}
      </CoinStep>
    </div>
  );
}

/** Step 4's summary (spec): country with flag, operator, phone with dial code, service type, amount, and the server's fee and total. */
function PaySummary({ wizard, balanceTopup, quote }: { wizard: WizardState; balanceTopup: boolean; quote: TQuote | undefined }) {
  const { common, web, usd, countryName } = useI18n();
  const l = common.labels;
  const { country, operator, amount } = wizard;
  const dollars = (cents: number) => web.pay.dollars({ amount: usd(cents) });
  return (
    <section className="wz-summary" aria-label={web.orderSummary}>
      <h2 className="wz-subheading">{web.orderSummary}</h2>
      <dl>
        {balanceTopup ? (
          <div>
            <dt>{web.pay.topup}</dt>
            <dd>💰 {web.balanceTopup}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{l.country}</dt>
              <dd>
                {country && <Flag country={country} size={20} />} {country && countryName(country)}
              </dd>
            </div>
            <div>
              <dt>{l.operator}</dt>
              <dd>{operator?.name}</dd>
            </div>
            <div>
              <dt>{l.phone}</dt>
              <dd>{country ? shownNumber(country.dialCode, wizard.phone) : wizard.phone}</dd>
            </div>
            <div>
              <dt>{web.pay.service}</dt>
              <dd>{common.serviceTypes[wizard.serviceType === 'data' ? 'data' : 'airtime']}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{web.pay.amount}</dt>
          <dd>{amount ? dollars(centsOf(amount.amount)) : ''}</dd>
        </div>
        {!balanceTopup && (
          <div>
            <dt>{l.fee}</dt>
            <dd>{quote ? dollars(quote.serviceFee) : web.loading}</dd>
          </div>
        )}
        <div className="wz-total">
          <dt>{l.total}</dt>
          <dd>{quote ? dollars(quote.totalAmount) : web.loading}</dd>
        </div>
      </dl>
    </section>
  );
}
