import { cancelByCustomer, leaveByCustomer, type CancelRequest, type LeaveRequest } from './cancellation';
import { OrderCheckout } from './checkout';
import { deleteUnpaidOrder } from './admin-delete';
import type { OrderDeps } from './deps';
import { expireOrder } from './expiry';
import { OrderLookup } from './lookup';
import { checkRecharge, type RechargeRequest } from './recharge-check';
import { OrderStories } from './story';
import { OrderViews } from './views';
import { walletTransaction, type WalletTransactionRequest } from './wallet-transaction';

export type { OwnerProof } from './ownership';
export { orderView } from './views';
export type { OrderFacts } from './story-facts';
export type { TimelineEntry } from './story-timeline';

/**
 * Orders, one module per job: `checkout` creates them, `lookup` finds and shows them, `stories` tells
 * what happened to them (the order page, every display state), and the ways an unpaid order ends (the
 * customer cancels, the window passes, an admin deletes it) are below.
 */
export class OrderService {
  readonly checkout: OrderCheckout;
  readonly lookup: OrderLookup;
  readonly stories: OrderStories;
  readonly views: OrderViews;

  constructor(private readonly deps: OrderDeps) {
    this.stories = new OrderStories(deps);
    this.views = new OrderViews({ ...deps, stories: this.stories });
    this.checkout = new OrderCheckout(deps, this.views);
    this.lookup = new OrderLookup(deps, this.views, this.stories);
  }

  /** The catalog's checks of a recharge (the admin's manual top-up uses them too). */
  checkRecharge(r: RechargeRequest, amountCents: number) {
    return checkRecharge(this.deps.catalog, r, amountCents);
  }

  /** The explicit Cancel. */
  cancelByCustomer(request: CancelRequest) {
    return cancelByCustomer(this.deps, request);
  }

  /** Back, or the page hidden: the order stays payable. */
  leaveByCustomer(request: LeaveRequest) {
    return leaveByCustomer(this.deps, request);
  }

  /** The transaction a connected wallet is asked to send to pay the order. */
  walletTransaction(request: WalletTransactionRequest) {
    return walletTransaction(this.deps, this.stories, request);
  }

  expire(orderId: number): Promise<void> {
    return expireOrder(this.deps.db, orderId, this.deps.now?.() ?? Date.now());
  }

  deleteUnpaid(orderId: number, adminId: number): Promise<void> {
    return deleteUnpaidOrder(this.deps.db, orderId, adminId);
  }
}
