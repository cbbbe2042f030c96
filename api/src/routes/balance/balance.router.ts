import { Router } from 'express';
import { z } from 'zod';
import { ZBalance } from '@topup/shared';
import { parse } from '../../http/errors';
import { AppError } from '../../services/errors';
import { requireCustomer } from '../../http/identity';
import type { BalanceService } from '../../services/balances';
import type { OrderService } from '../../services/orders';

const ZClaim = z.object({ orderToken: z.string().trim().min(1, 'is required').max(200) });

export function balanceRouter(balances: BalanceService, orders: OrderService): Router {
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
      claimed: claimed / 100,
      balance: cents / 100,
      message: claimed ? 'Credit moved to your balance.' : 'Nothing to claim on this order.',
    });
  });

  return router;
}
