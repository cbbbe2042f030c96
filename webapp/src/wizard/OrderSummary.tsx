import type { TAmountOption, TCountry, TOperator, TQuote } from '@topup/shared';
import { Flag } from './Flag';
import { formatUsd } from '../shared';
import { shownNumber, usd } from './format';

export interface OrderSummaryProps {
  country: TCountry;
  operator: TOperator;
  amount: TAmountOption;
  phone: string;
  /** The server's quote (GET /api/quote): its fee and total show once it is known. */
  quote?: TQuote | undefined;
}

/** Once all is chosen: country, operator, phone with dial code, amount in USD (plus fee and total). */
export function OrderSummary({ country, operator, amount, phone, quote }: OrderSummaryProps) {
  return (
    <section className="wz-summary" aria-label="Order summary">
      <h3 className="wz-subheading">Order summary</h3>
      <dl>
        <div>
          <dt>Country</dt>
          <dd>
            <Flag country={country} size={20} /> {country.name}
          </dd>
        </div>
        <div>
          <dt>Operator</dt>
          <dd>{operator.name}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{shownNumber(country.dialCode, phone)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{usd(amount.amount)} USD</dd>
        </div>
        {quote && (
          <>
            <div>
              <dt>Service fee</dt>
              <dd>{formatUsd(quote.serviceFee)} USD</dd>
            </div>
            <div className="wz-total">
              <dt>Total</dt>
              <dd>{formatUsd(quote.totalAmount)} USD</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
