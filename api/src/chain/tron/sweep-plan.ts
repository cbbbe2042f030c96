import type { PlannedTransfer } from '../../scripts/sweep/planner';
import type { TronHttpClient } from './http';
import { sweepCosts, type AddressSweepCost } from './sweep-cost';

/**
 * A Tron network's sweep plan in the shape the sweep tool's planners give (per network: transfers
 * with their fees, dust, skipped addresses, total fee), so the tool's Tron planner is this plus
 * signing: first TRX to each deposit address that holds USDT (what its transfer will burn; it also
 * activates the address), then the USDT, then TRX balances, all to the treasury. Each address's cost
 * line (energy needed and available, TRX burnt, activation) is kept for the printout.
 */

export interface SweepSource {
  network: string;
  nativeCoin: string;
  tokens: { symbol: string; contract: string; decimals: number }[];
  addresses: { address: string; derivationIndex: number; orderId: number; sweepable: boolean }[];
}

export interface TronSweepPlan {
  network: string;
  nativeCoin: string;
  transfers: PlannedTransfer[];
  dust: { address: string; coin: string; amount: bigint }[];
  skipped: { address: string; orderId: number }[];
  totalFee: bigint;
  addresses: { address: string; derivationIndex: number }[];
  /** Per address what its sweep costs, and why. */
  costs: AddressSweepCost[];
}

/** A TRX transfer from an activated account moves on its free bandwidth; one sent by the signer is costed at the burn price. */
const TRX_TRANSFER_BYTES = 267;

export async function planTronSweep(client: TronHttpClient, source: SweepSource, signer: string, treasury: string): Promise<TronSweepPlan> {
  // The offered TRC-20 token (USDT); a Tron network with several would plan each the same way.
  const [token] = source.tokens;
  const sweepable = source.addresses.filter((a) => a.sweepable);
  const plan: TronSweepPlan = {
    network: source.network,
    nativeCoin: source.nativeCoin,
    transfers: [],
    dust: [],
    skipped: source.addresses.filter((a) => !a.sweepable).map((a) => ({ address: a.address, orderId: a.orderId })),
    totalFee: 0n,
    addresses: sweepable.map((a) => ({ address: a.address, derivationIndex: a.derivationIndex })),
    costs: [],
  };
  const { addresses: costs, prices } = await sweepCosts(client, {
    addresses: sweepable.map((a) => a.address),
    token: token ? { coin: token.symbol, contract: token.contract } : null,
    treasury,
  });
  plan.costs = costs;
  const signerTrxFee = BigInt(TRX_TRANSFER_BYTES * prices.transactionFee);
  const gas: PlannedTransfer[] = [];
  const tokens: PlannedTransfer[] = [];
  const natives: PlannedTransfer[] = [];
  for (const [i, cost] of costs.entries()) {
    const { derivationIndex } = sweepable[i]!;
    if (cost.token) {
      if (cost.fundSun > 0n) {
        gas.push({
          kind: 'gas',
          from: signer,
          derivationIndex: null,
          to: cost.address,
          coin: source.nativeCoin,
          amount: cost.fundSun,
          fee: signerTrxFee + cost.activationSun,
          limit: 0n,
        });
      }
      tokens.push({
        kind: 'token',
        from: cost.address,
        derivationIndex,
        to: treasury,
        coin: cost.token.coin,
        amount: cost.token.amount,
        fee: cost.burnSun,
        limit: BigInt(cost.energyNeeded),
      });
    }
    // What TRX stays after the token transfer's burn moves on the address's free bandwidth.
    const leftover = cost.trx + cost.fundSun - cost.burnSun;
    if (leftover > 0n && !cost.token)
      natives.push({ kind: 'native', from: cost.address, derivationIndex, to: treasury, coin: source.nativeCoin, amount: leftover, fee: 0n, limit: 0n });
    else if (leftover > 0n) plan.dust.push({ address: cost.address, coin: source.nativeCoin, amount: leftover });
  }
  plan.transfers = [...gas, ...tokens, ...natives];
  plan.totalFee = plan.transfers.reduce((sum, t) => sum + t.fee, 0n);
  return plan;
}

/** The plan's printout: one line per address with its energy and cost, then the total. */
export function describeTronSweep(plan: TronSweepPlan, trxUsdE8: bigint | null): string[] {
  const trx = (sun: bigint) =>
    `${(Number(sun) / 1e6).toFixed(6).replace(/\.?0+$/, '')} TRX${trxUsdE8 === null ? '' : ` ($${((Number(sun) * Number(trxUsdE8)) / 1e14).toFixed(2)})`}`;
  const lines = plan.costs.map(
    (c) =>
      `${c.address}: ${c.token ? `${c.token.amount} ${c.token.coin} base units; energy ${c.energyNeeded} needed, ${c.energyAvailable} delegated; burns ${trx(c.burnSun)}` : `${c.trx} sun of TRX; no energy needed`}` +
      `${c.activationSun > 0n ? `; activation ${trx(c.activationSun)}` : ''}; costs ${trx(c.costSun)}`,
  );
  lines.push(`${plan.network}: ${plan.costs.length} addresses, total ${trx(plan.totalFee)}`);
  return lines;
}
