import { Router } from 'express';
import type { TCoinsResponse } from '@topup/shared';
import type { Chains } from '../../chain/chains';

/** GET /api/coins: the coins offered now (the registry less what the configuration switched off). */
export function coinsRouter(chains: Chains): Router {
  const router = Router();
  router.get('/coins', (_req, res) => {
    const body: TCoinsResponse = chains.offered();
    res.json(body);
  });
  return router;
}
