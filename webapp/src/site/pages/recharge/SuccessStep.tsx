import { BALANCE_TOPUP_COUNTRY_NAME, formatDateTime } from '../../../shared';
import { shownNumber, usd, type Checkout } from '../../../wizard';
import { Link } from '../../router';

/** Step 5 (spec): 'Top-up Successful!', transaction id, date, recipient, operator, amount, status; history or a new recharge. */
export function SuccessStep({ checkout, onNew }: { checkout: Checkout; onNew(): void }) {
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
        Top-up Successful!
      </h2>
      <dl className="wz-summary success-details">
        <div>
          <dt>Transaction ID</dt>
          <dd data-testid="transaction-id">{status?.providerTransactionId ?? `#${payment.orderId}`}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(status?.updatedAt ?? payment.createdAt)}</dd>
        </div>
        <div>
          <dt>Recipient</dt>
          <dd>{balanceTopup ? 'Your balance' : country ? shownNumber(country.dialCode, wizard.phone) : checkout.number}</dd>
        </div>
        <div>
          <dt>{balanceTopup ? 'Type' : 'Operator'}</dt>
          <dd>{balanceTopup ? BALANCE_TOPUP_COUNTRY_NAME : (operator?.name ?? '')}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{usd(amount?.amount ?? 0)} USD</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="status-completed">Completed</dd>
        </div>
      </dl>
      <div className="pay-actions">
        <Link to={balanceTopup ? '/dashboard' : '/orders'} className="wz-button wz-button-secondary">
          {balanceTopup ? 'View Dashboard' : 'View Order History'}
        </Link>
        <button type="button" className="wz-button" onClick={onNew}>
          New Recharge
        </button>
      </div>
    </section>
  );
}
