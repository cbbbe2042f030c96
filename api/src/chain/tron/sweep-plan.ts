import { formatUnits } from '@topup/shared';
import type { NetworkPlan, NetworkSources, PlannedTransfer } from '../../scripts/sweep/planner';
import type { TronHttpClient } from './http';
import { TRANSFER_BYTES } from './resources';
import { sweepCosts, type AddressSweepCost } from './sweep-cost';

/**
 * A Tron network's sweep plan in the shape the sweep tool's planners give (per network: transfers
 * with their fees, dust, skipped addresses, total fee), so the tool's Tron planner is this plus
 * signing: first TRX to each deposit address that holds USDT (what its transfer will burn; it also
 * activates the address), then the USDT, then TRX balances, all to the treasury. Each address's cost
 * line (energy needed and delegated, TRX burnt, activation) is kept for the printout.
 */

export interface TronSweepPlan extends NetworkPlan {
  /** Per address what its sweep costs, and why. */
  costs: AddressSweepCost[];
}

/** TRX has 6 decimals: 1 TRX = 1,000,000 sun. */
const TRX_DECIMALS = 6;

export async function planTronSweep(
  client: TronHttpClient,
  source: Pick<NetworkSources, 'network' | 'nativeCoin' | 'tokens' | 'addresses'>,
  signer: string,
  treasury: string,
): Promise<TronSweepPlan> {
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
  // The signer's own funding transfers, costed as if its free bandwidth were spent: the most they burn.
  const signerTrxFee = BigInt(TRANSFER_BYTES.trx * prices.transactionFee);
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
  plan.notes = describeTronSweep(plan, (coin) => source.tokens.find((t) => t.symbol === coin)?.decimals ?? TRX_DECIMALS);
  return plan;
}

/**
 * The plan's printout: one line per address with its energy and what its sweep costs (the burn of its
 * token transfer, the activation and the signer's transfer that funds it), then the total.
 */
function describeTronSweep(plan: TronSweepPlan, decimals: (coin: string) => number): string[] {
  const trx = (sun: bigint) => `${formatUnits(sun, TRX_DECIMALS)} ${plan.nativeCoin}`;
  const feesOf = (address: string) => plan.transfers.filter((t) => (t.kind === 'gas' ? t.to : t.from) === address).reduce((sum, t) => sum + t.fee, 0n);
  const lines = plan.costs.map((c) => {
    const moved = c.token
      ? `${formatUnits(c.token.amount, decimals(c.token.coin))} ${c.token.coin}; energy ${c.energyNeeded} needed, ${c.energyAvailable} delegated; burns ${trx(c.burnSun)}`
      : `${trx(c.trx)}; no energy needed`;
    return `${c.address}: ${moved}${c.activationSun > 0n ? `; activation ${trx(c.activationSun)}` : ''}; costs ${trx(feesOf(c.address))}`;
  });
  lines.push(`${plan.network}: ${plan.costs.length} address(es), total ${trx(plan.totalFee)}`);
  return lines;
}
