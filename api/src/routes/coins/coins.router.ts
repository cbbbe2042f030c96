import { Router } from 'express';
import { ZPaymentOptionsResponse, type TCoinsResponse } from '@topup/shared';
import type { Chains } from '../../chain/chains';
import type { NetworkFees } from '../../services/network-fees';
import { paymentOptions } from '../../services/payment-options';

/**
 * GET /api/coins: the coins offered now (the registry less what the configuration switched off), one
 * list, as old clients read it. GET /api/payment-options: the same coins by asset, then network, with
 * each network's typical fee and time to count.
 */
export function coinsRouter(chains: Chains, fees: NetworkFees): Router {
  const router = Router();
  router.get('/coins', (_req, res) => {
    const body: TCoinsResponse = chains.offered();
    res.json(body);
  });
  router.get('/payment-options', (_req, res) => {
    res.json(ZPaymentOptionsResponse.encode(paymentOptions(chains, fees)));
  });
  return router;
}
