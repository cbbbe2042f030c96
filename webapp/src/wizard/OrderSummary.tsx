import type { TAmountOption, TCountry, TOperator } from '@topup/shared';
import { Flag } from './Flag';
import { formatUsd } from '../shared';
import { centsOf, dialPrefix, usd } from './format';

export interface OrderSummaryProps {
  country: TCountry;
  operator: TOperator;
  amount: TAmountOption;
  phone: string;
  /** From the API's settings (GET /api/pricing); the total shows once it is known. */
  serviceFee?: number;
}

/** Once all is chosen: country, operator, phone with dial code, amount in USD (plus fee and total). */
export function OrderSummary({ country, operator, amount, phone, serviceFee }: OrderSummaryProps) {
  const number = phone.trim().startsWith('+') ? phone.trim() : `${dialPrefix(country.dialCode)} ${phone.trim()}`;
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
          <dd>{number}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{usd(amount.amount)} USD</dd>
        </div>
        {serviceFee !== undefined && (
          <>
            <div>
              <dt>Service fee</dt>
              <dd>{usd(serviceFee)} USD</dd>
            </div>
            <div className="wz-total">
              <dt>Total</dt>
              <dd>{formatUsd(centsOf(amount.amount) + centsOf(serviceFee))} USD</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
