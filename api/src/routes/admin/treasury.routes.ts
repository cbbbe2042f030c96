import type { Router } from 'express';
import { z } from 'zod';
import {
  ZReconciliation,
  type TReconciliation,
  ZAdminPayoutRequest,
  ZPayoutDecision,
  ZPayoutDone,
  ZPayouts,
  ZPayoutsQuery,
  ZLeftoversRequest,
  ZRecordTransferRequest,
  ZSettleTransferRequest,
  ZIdParam,
  ZSweepSources,
  ZSweepSummary,
  ZTransferRecorded,
  ZTreasuryDone,
} from '@topup/shared';
import { parse } from '../../http/errors';
import type { SweepService } from '../../services/treasury/sweeps';
import type { PayoutService } from '../../services/treasury/payouts';
import type { ReconciliationService } from '../../services/treasury/reconciliation';
import { toCsv } from '../../http/csv';

const ZNetworkQuery = z.object({ network: z.string().optional() });
const ZFormatQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

const RECONCILIATION_CSV_COLUMNS = ['section', 'network', 'coin', 'figure', 'value', 'orderId', 'detail'] as const;
type CsvRow = Partial<Record<(typeof RECONCILIATION_CSV_COLUMNS)[number], string | number | null>>;

/** The report as one table: a row per figure (amounts as the report gives them), then the differences. */
function reconciliationRows(r: TReconciliation): CsvRow[] {
  const rows: CsvRow[] = [];
  for (const c of r.chain) {
    for (const figure of ['arrived', 'toOrders', 'credited', 'unaccounted'] as const)
      rows.push({ section: 'chain', network: c.network, coin: c.coin, figure, value: c[figure] });
  }
  for (const p of r.providers) {
    for (const figure of ['delivered', 'deliveredOrders', 'balanceChange', 'difference'] as const)
      rows.push({ section: `provider ${p.provider}`, figure, value: p[figure] });
  }
  for (const [figure, value] of Object.entries(r.liabilities)) rows.push({ section: 'liabilities (cents)', figure, value });
  for (const d of r.differences) rows.push({ section: 'difference', network: d.network, figure: d.kind, orderId: d.orderId, detail: d.detail });
  return rows;
}

/**
 * Sweeps and payouts, added to the admin router after its guard (so the guard test sees them): the sweep tool plans from these and records every transaction it
 * signs through them; the console shows the summary.
 */
export function treasuryRoutes(router: Router, deps: { sweeps: SweepService; payouts: PayoutService; reconciliation: ReconciliationService }): void {
  const { sweeps, payouts } = deps;

  router.get('/sweeps', async (_req, res) => {
    res.json(ZSweepSummary.encode(await sweeps.summary()));
  });

  router.get('/sweeps/sources', async (req, res) => {
    res.json(ZSweepSources.encode(await sweeps.sources(parse(ZNetworkQuery, req.query).network)));
  });

  router.post('/sweeps/transfers', async (req, res) => {
    const transfer = await sweeps.recordTransfer(req.admin!.id, parse(ZRecordTransferRequest, req.body));
    res.status(201).json(ZTransferRecorded.encode({ success: true, transfer }));
  });

  router.post('/sweeps/transfers/:id/settle', async (req, res) => {
    const { id } = parse(ZIdParam, req.params);
    const transfer = await sweeps.settleTransfer(req.admin!.id, id, parse(ZSettleTransferRequest, req.body));
    res.json(ZTransferRecorded.encode({ success: true, transfer }));
  });

  router.post('/sweeps/leftovers', async (req, res) => {
    const { network, leftovers } = parse(ZLeftoversRequest, req.body);
    await sweeps.recordLeftovers(network, leftovers);
    res.json(ZTreasuryDone.encode({ success: true }));
  });

  router.get('/payouts', async (req, res) => {
    res.json(ZPayouts.encode({ success: true, payouts: await payouts.list(parse(ZPayoutsQuery, req.query).status) }));
  });

  router.post('/payouts', async (req, res) => {
    const input = parse(ZAdminPayoutRequest, req.body);
    const payout = await payouts.request({
      owner: input.customerId !== undefined ? { customerId: input.customerId } : { heldOn: input.orderId! },
      network: input.network,
      coin: input.coin,
      address: input.address,
      amountCents: input.amount,
      requestedBy: 'admin',
      adminId: req.admin!.id,
      note: input.note,
    });
    res.status(201).json(ZPayoutDone.encode({ success: true, payout }));
  });

  for (const decision of ['approve', 'reject'] as const) {
    router.post(`/payouts/:id/${decision}`, async (req, res) => {
      const { id } = parse(ZIdParam, req.params);
      const { note } = parse(ZPayoutDecision, req.body ?? {});
      const payout = decision === 'approve' ? await payouts.approve(req.admin!.id, id, note) : await payouts.reject(req.admin!.id, id, note);
      res.json(ZPayoutDone.encode({ success: true, payout }));
    });
  }

  /** The reconciliation report; ?format=csv downloads it as a table. */
  router.get('/reconciliation', async (req, res) => {
    const { format } = parse(ZFormatQuery, req.query);
    const report = await deps.reconciliation.report();
    if (format === 'csv') {
      res
        .type('text/csv')
        .attachment(`reconciliation-${new Date().toISOString().slice(0, 10)}.csv`)
        .send(
          toCsv(
            [...RECONCILIATION_CSV_COLUMNS],
            reconciliationRows(report).map((row) => RECONCILIATION_CSV_COLUMNS.map((column) => row[column])),
          ),
        );
      return;
    }
    res.json(ZReconciliation.encode(report));
  });
}
