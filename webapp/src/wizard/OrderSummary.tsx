import type { TAmountOption, TCountry, TOperator, TQuote } from '@topup/shared';
import { Flag } from './Flag';
import { useI18n } from '../i18n/I18n';
import { centsOf, localFirst, shownNumber } from './format';

export interface OrderSummaryProps {
  country: TCountry;
  operator: TOperator;
  amount: TAmountOption;
  phone: string;
  /** The server's quote (GET /api/quote): its fee and total show once it is known. */
  quote?: TQuote | undefined;
}

/** Once all is chosen: country, operator, phone with dial code, the amount (local money first, the USD beside), fee and total. */
export function OrderSummary({ country, operator, amount, phone, quote }: OrderSummaryProps) {
  const t = useI18n();
  const l = t.common.labels;
  // The language's rule: "$11.00 USD" in English, the currency once where the format already names it ("11,00 $US").
  const dollars = (cents: number) => t.web.pay.dollars({ amount: t.usd(cents) });
  return (
    <section className="wz-summary" aria-label={t.web.orderSummary}>
      <h3 className="wz-subheading">{t.web.orderSummary}</h3>
      <dl>
        <div>
          <dt>{l.country}</dt>
          <dd>
            <Flag country={country} size={20} /> {t.countryName(country)}
          </dd>
        </div>
        <div>
          <dt>{l.operator}</dt>
          <dd>{operator.name}</dd>
        </div>
        <div>
          <dt>{l.phone}</dt>
          <dd>{shownNumber(country.dialCode, phone)}</dd>
        </div>
        <div>
          <dt>{t.web.steps.amount}</dt>
          <dd>{localFirst(t, amount, dollars(centsOf(amount.amount)))}</dd>
        </div>
        {quote && (
          <>
            <div>
              <dt>{l.fee}</dt>
              <dd>{dollars(quote.serviceFee)}</dd>
            </div>
            <div className="wz-total">
              <dt>{l.total}</dt>
              <dd>{dollars(quote.totalAmount)}</dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
