import { formatUnits, type TChainFamily, type TPayout, type TSweepSources } from '@topup/shared';
import type { ExecutionResult, FamilyPlanner, NetworkPlan, NetworkSources, SweepJournal } from './planner';

export interface SweepRun {
  sources: TSweepSources;
  /** The planner of each chain family, for a network. */
  planners: Partial<Record<TChainFamily, (network: NetworkSources) => FamilyPlanner>>;
  journal: SweepJournal;
  /** False: plan and print only. */
  execute: boolean;
  /** Approved payouts to pay (when executing). */
  payouts?: TPayout[];
  decimals: (coin: string) => number;
  print: (line: string) => void;
}

export interface SweepOutcome {
  plans: NetworkPlan[];
  executed: Record<string, ExecutionResult>;
}

/**
 * One run: per network, first what an interrupted run left unsettled, then the plan (printed with its
 * total fee), then (when told) its execution; then the approved payouts. Every transaction is recorded
 * before it is broadcast, so a run stopped anywhere is finished by the next.
 */
export async function runSweep(r: SweepRun): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { plans: [], executed: {} };
  const amount = (units: bigint, coin: string) => `${formatUnits(units, r.decimals(coin))} ${coin}`;
  for (const n of r.sources.networks) {
    const make = r.planners[n.family as TChainFamily];
    if (!make) {
      r.print(`${n.network}: no sweep planner for the ${n.family} family yet; skipped`);
      continue;
    }
    const planner = make(n);
    if (n.unsettled.length) {
      if (!r.execute) r.print(`${n.network}: ${n.unsettled.length} transaction(s) of an interrupted run are unsettled; --execute finishes them first`);
      else {
        const done = await planner.finish(n.unsettled, r.journal);
        r.print(`${n.network}: finished ${n.unsettled.length} transaction(s) of an interrupted run (fees ${amount(done.fees, n.nativeCoin)})`);
      }
    }
    const plan = await planner.plan(n);
    outcome.plans.push(plan);
    r.print(`${n.network}: ${plan.transfers.length} transfer(s), total fee at most ${amount(plan.totalFee, n.nativeCoin)}`);
    for (const t of plan.transfers) r.print(`  ${t.kind.padEnd(6)} ${amount(t.amount, t.coin)} ${t.from} -> ${t.to} (fee ≤ ${amount(t.fee, n.nativeCoin)})`);
    for (const d of plan.dust) r.print(`  dust   ${amount(d.amount, d.coin)} stays on ${d.address}`);
    for (const s of plan.skipped) r.print(`  open   ${s.address} (order ${s.orderId}) not swept: its order is open or still watched`);
    for (const line of plan.notes ?? []) r.print(`  ${line}`);
    if (r.execute && plan.addresses.length) {
      const done = await planner.execute(plan, r.journal);
      outcome.executed[n.network] = done;
      r.print(`${n.network}: sent ${done.sent} transaction(s), fees paid ${amount(done.fees, n.nativeCoin)}`);
    }
  }
  for (const p of r.execute ? (r.payouts ?? []) : []) {
    const n = r.sources.networks.find((x) => x.network === p.network);
    const make = n && r.planners[n.family as TChainFamily];
    if (!n || !make) {
      r.print(`payout ${p.id}: ${p.network} is not a network this tool can pay on; left approved`);
      continue;
    }
    const planner = make(n);
    if (!planner.payout) {
      r.print(`payout ${p.id}: this tool pays no payouts on ${n.family} networks; left approved`);
      continue;
    }
    const done = await planner.payout(n, p, r.journal);
    r.print(`payout ${p.id}: ${amount(BigInt(p.cryptoAmount!), p.coin)} to ${p.toAddress} on ${p.network} (fee ${amount(done.fees, n.nativeCoin)})`);
  }
  return outcome;
}
