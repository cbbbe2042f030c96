import type { Router } from 'express';
import { z } from 'zod';
import { ZLeftoversRequest, ZRecordTransferRequest, ZSettleTransferRequest, ZIdParam, ZSweepSources, ZSweepSummary, ZTreasuryTransfer } from '@topup/shared';
import { parse } from '../../http/errors';
import type { SweepService } from '../../services/treasury/sweeps';

const ZNetworkQuery = z.object({ network: z.string().optional() });

/**
 * Sweeps, added to the admin router after its guard (so the guard test sees them): the sweep tool plans from these and records every transaction it
 * signs through them; the console shows the summary.
 */
export function treasuryRoutes(router: Router, deps: { sweeps: SweepService }): void {
  const { sweeps } = deps;

  router.get('/sweeps', async (_req, res) => {
    res.json(ZSweepSummary.encode(await sweeps.summary()));
  });

  router.get('/sweeps/sources', async (req, res) => {
    res.json(ZSweepSources.encode(await sweeps.sources(parse(ZNetworkQuery, req.query).network)));
  });

  router.post('/sweeps/transfers', async (req, res) => {
    const transfer = await sweeps.recordTransfer(req.admin!.id, parse(ZRecordTransferRequest, req.body));
    res.status(201).json({ success: true, transfer: ZTreasuryTransfer.encode(transfer) });
  });

  router.post('/sweeps/transfers/:id/settle', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const transfer = await sweeps.settleTransfer(req.admin!.id, id, parse(ZSettleTransferRequest, req.body));
    res.json({ success: true, transfer: ZTreasuryTransfer.encode(transfer) });
  });

  router.post('/sweeps/leftovers', async (req, res) => {
    const { network, leftovers } = parse(ZLeftoversRequest, req.body);
    await sweeps.recordLeftovers(network, leftovers);
    res.json({ success: true });
  });
}
