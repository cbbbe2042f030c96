import { cancelByCustomer, type CancelRequest } from './cancellation';
import { OrderCheckout } from './checkout';
import { deleteUnpaidOrder } from './admin-delete';
import type { OrderDeps } from './deps';
import { expireOrder } from './expiry';
import { OrderLookup } from './lookup';
import { checkRecharge, type RechargeRequest } from './recharge-check';
import { OrderViews } from './views';

export type { OwnerProof } from './ownership';
export { orderView } from './views';

/**
 * Orders, one module per job: `checkout` creates them, `lookup` finds and shows them, and the ways an
 * unpaid order ends (the customer leaves, the window passes, an admin deletes it) are below.
 */
export class OrderService {
  readonly checkout: OrderCheckout;
  readonly lookup: OrderLookup;

  constructor(private readonly deps: OrderDeps) {
    const views = new OrderViews(deps);
    this.checkout = new OrderCheckout(deps, views);
    this.lookup = new OrderLookup(deps, views);
  }

  /** The catalog's checks of a recharge (the admin's manual top-up uses them too). */
  checkRecharge(r: RechargeRequest, amountCents: number) {
    return checkRecharge(this.deps.catalog, r, amountCents);
  }

  cancelByCustomer(request: CancelRequest) {
    return cancelByCustomer(this.deps, request);
  }

  expire(orderId: number): Promise<void> {
    return expireOrder(this.deps.db, orderId, this.deps.now?.() ?? Date.now());
  }

  deleteUnpaid(orderId: number, adminId: number): Promise<void> {
    return deleteUnpaidOrder(this.deps.db, orderId, adminId);
  }
}
