import { Router } from 'express';
import { z } from 'zod';
import { centsToDollars, ZBalance, ZPayoutDone, ZPayoutRequest } from '@topup/shared';
import { parse } from '../../http/errors';
import { AppError } from '../../services/errors';
import { requireCustomer } from '../../http/identity';
import type { BalanceService } from '../../services/balances';
import type { OrderService } from '../../services/orders';
import type { PayoutService } from '../../services/treasury/payouts';

const ZClaim = z.object({ orderToken: z.string().trim().min(1, 'is required').max(200) });

export function balanceRouter(balances: BalanceService, orders: OrderService, payouts: PayoutService): Router {
  const router = Router();

  /** The signed-in customer's balance (the spec's dashboard "Your Balance"). */
  router.get('/balance', requireCustomer, async (req, res) => {
    const cents = await balances.balanceCents(req.customer!.id);
    res.json(ZBalance.encode({ success: true, balance: cents, currency: 'USD' }));
  });

  /** Moves the credits held on an anonymous order (failed delivery, overpayment…) to the caller. */
  router.post('/balance/claim', requireCustomer, async (req, res) => {
    const { orderToken } = parse(ZClaim, req.body);
    const orderId = await orders.lookup.orderIdForToken(orderToken);
    if (orderId === null) throw new AppError('NOT_FOUND', 'No order matches this order token.');
    const claimed = await balances.claimHeld(orderId, req.customer!.id);
    const cents = await balances.balanceCents(req.customer!.id);
    res.json({
      success: true,
      claimed: centsToDollars(claimed),
      balance: centsToDollars(cents),
      message: claimed ? 'Credit moved to your balance.' : 'Nothing to claim on this order.',
    });
  });

  /**
   * Asks for a payout on chain: of the credits held on an anonymous order (its order token), or of the
   * signed-in customer's balance. An admin approves it before anything is sent.
   */
  router.post('/payouts', async (req, res) => {
    const { orderToken, network, coin, address, amount } = parse(ZPayoutRequest, req.body);
    let owner: { customerId: number } | { heldOn: number };
    if (orderToken !== undefined) {
      const orderId = await orders.lookup.orderIdForToken(orderToken);
      if (orderId === null) throw new AppError('NOT_FOUND', 'No order matches this order token.');
      owner = { heldOn: orderId };
    } else if (req.customer) owner = { customerId: req.customer.id };
    else throw new AppError('UNAUTHORIZED', 'Sign in, or send the order token of the order whose credit is to be paid out.');
    const payout = await payouts.request({ owner, network, coin, address, amountCents: amount, requestedBy: 'customer', telegramUserId: req.telegramUserId });
    res.status(201).json(ZPayoutDone.encode({ success: true, payout }));
  });

  return router;
}
