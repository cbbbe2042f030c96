import { Router, type Request } from 'express';
import { ZPaymentOptionsResponse, type TCoinsResponse } from '@topup/shared';
import type { Chains, Surface } from '../../chain/chains';
import type { NetworkFees } from '../../services/network-fees';
import { paymentOptions } from '../../services/payment-options';

/**
 * GET /api/coins: the coins offered now (the registry less what the configuration switched off), one
 * list, as old clients read it. GET /api/payment-options: the same coins by asset, then network, with
 * each network's typical fee and time to count. `?surface=telegram`: what the bot and the mini-app offer
 * (TELEGRAM_NETWORKS: Telegram's rules).
 */
function surfaceOf(req: Request): Surface {
  return req.query.surface === 'telegram' ? 'telegram' : 'any';
}

export function coinsRouter(chains: Chains, fees: NetworkFees): Router {
  const router = Router();
  router.get('/coins', (req, res) => {
    const body: TCoinsResponse = chains.offered(surfaceOf(req));
    res.json(body);
  });
  router.get('/payment-options', (req, res) => {
    res.json(ZPaymentOptionsResponse.encode(paymentOptions(chains, fees, surfaceOf(req))));
  });
  return router;
}
