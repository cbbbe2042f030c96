import { useQuery } from '@tanstack/react-query';
import type { TOrderView } from '@topup/shared';
import { balanceQuery, ordersQuery } from '../api/queries';
import { useI18n } from '../i18n/I18n';
import { stateLabel } from '../order/label';
import { displayTone } from '../shared';
import { centsOf } from '../wizard';

/** The user's order history and balance. */
export default function OrdersScreen({
  onNewRecharge,
  showNewRecharge,
  onOpenOrder,
}: {
  onNewRecharge(): void;
  showNewRecharge: boolean;
  onOpenOrder(paymentId: string): void;
}) {
  const { web, usd } = useI18n();
  const orders = useQuery(ordersQuery());
  const balance = useQuery(balanceQuery());
  return (
    <section className="wz-step tma-orders" aria-labelledby="tma-orders-heading">
      <h2 id="tma-orders-heading" className="wz-heading">
        {web.orderHistory}
      </h2>
      {balance.data && (
        <div className="wz-summary tma-balance">
          <span>{web.yourBalance}</span>
          <strong data-testid="balance">{usd(centsOf(balance.data.balance))}</strong>
        </div>
      )}
      {showNewRecharge && (
        <button type="button" className="wz-button" onClick={onNewRecharge}>
          {web.newRecharge}
        </button>
      )}
      {orders.isPending ? (
        <div aria-busy="true" aria-label={web.pay.loadingOrders}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="tma-order wz-skeleton" style={{ height: 96 }} />
          ))}
        </div>
      ) : orders.isError ? (
        <p className="wz-notice wz-notice-error" role="alert">
          {web.ordersFailed}
        </p>
      ) : orders.data.length === 0 ? (
        <div className="wz-notice">
          <strong>{web.noOrdersYet}</strong>
          <p>{web.noRechargesYet}</p>
          <button type="button" className="wz-button" onClick={onNewRecharge}>
            {web.firstRecharge}
          </button>
        </div>
      ) : (
        <ul className="tma-order-list" aria-label={web.pay.orders}>
          {orders.data.map((o) => (
            <OrderCard key={o.id} order={o} onOpen={() => onOpenOrder(o.paymentId)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A card opens its order (the whole card is the button: a thumb-sized target). */
function OrderCard({ order, onOpen }: { order: TOrderView; onOpen(): void }) {
  const { common, web, usd, dateTime } = useI18n();
  return (
    <li className="tma-order" data-order-id={order.id}>
      <button type="button" className="tma-order-open" onClick={onOpen} aria-label={web.order.title({ orderId: order.id })}>
        <span className="tma-order-head">
          <code>{order.transactionId ?? `#${order.id}`}</code>
          <span className={`tma-status tma-status-${displayTone(order.display)}`}>{stateLabel(common, order.display)}</span>
        </span>
      </button>
      <div className="tma-order-body">
        <span>{order.phoneNumber ? web.mobileRecharge : web.balanceTopup}</span>
        <strong>{usd(centsOf(order.amount))}</strong>
      </div>
      <div className="tma-order-meta">
        <span>{dateTime(order.createdAt)}</span>
        {order.phoneNumber && <span>{order.phoneNumber}</span>}
        {order.operatorName && <span>{order.operatorName}</span>}
        {order.cryptoAmount && (
          <span>
            {order.cryptoAmount} {order.cryptocurrency}
          </span>
        )}
      </div>
    </li>
  );
}
