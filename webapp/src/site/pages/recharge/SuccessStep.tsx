import { useI18n } from '../../../i18n/I18n';
import { centsOf, shownNumber, type Checkout } from '../../../wizard';
import { Delivered, OverpaidNote } from '../../../wizard/SuccessFacts';
import { Link } from '../../router';

/** Step 5 (spec): 'Top-up Successful!', transaction id, date, recipient, operator, amount, status; history or a new recharge. */
export function SuccessStep({ checkout, onNew }: { checkout: Checkout; onNew(): void }) {
  const { common, web, usd, dateTime } = useI18n();
  const { payment, status, wizard } = checkout.state;
  if (!payment) return null;
  const balanceTopup = checkout.kind === 'balance_topup';
  const { country, operator, amount } = wizard;
  return (
    <section className="wz-step wz-success" aria-labelledby="success-heading">
      <div className="wz-success-icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="success-heading" className="wz-heading">
        {web.topupSuccessful}
      </h2>
      <dl className="wz-summary success-details">
        <div>
          <dt>{web.pay.transactionId}</dt>
          <dd data-testid="transaction-id">{status?.providerTransactionId ?? `#${payment.orderId}`}</dd>
        </div>
        <div>
          <dt>{common.labels.date}</dt>
          <dd>{dateTime(status?.updatedAt ?? payment.createdAt)}</dd>
        </div>
        <div>
          <dt>{web.pay.recipient}</dt>
          <dd>{balanceTopup ? web.pay.yourBalanceRecipient : country ? shownNumber(country.dialCode, wizard.phone) : checkout.number}</dd>
        </div>
        <div>
          <dt>{balanceTopup ? web.pay.type : common.labels.operator}</dt>
          <dd>{balanceTopup ? web.balanceTopup : (operator?.name ?? '')}</dd>
        </div>
        <div>
          <dt>{web.pay.amount}</dt>
          <dd>{amount ? <Delivered option={amount} usd={amount.amount} /> : web.pay.dollars({ amount: usd(centsOf(payment.amount)) })}</dd>
        </div>
        <div>
          <dt>{common.labels.status}</dt>
          <dd className="status-completed">{common.statusNames.completed}</dd>
        </div>
      </dl>
      <OverpaidNote status={status} />
      <div className="pay-actions">
        <Link to={balanceTopup ? '/dashboard' : '/orders'} className="wz-button wz-button-secondary">
          {balanceTopup ? web.pay.viewDashboard : web.viewOrderHistory}
        </Link>
        <button type="button" className="wz-button" onClick={onNew}>
          {web.newRecharge}
        </button>
      </div>
    </section>
  );
}
