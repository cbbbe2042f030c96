import type { TPaymentNetworkOption, TPaymentOptionsResponse } from '@topup/shared';
import type { Chains, Surface } from '../chain/chains';
import type { NetworkFees } from './network-fees';

/**
 * GET /api/payment-options: the coin first (the registry's assets, each only where some network offers
 * it), then its networks, cheapest first. A network whose fee is unknown comes after those with a fee;
 * equal fees go by the time a payment takes to count, then by the registry's order. The offer itself
 * is GET /api/coins' (a network switched off, a token without a contract, is absent here too).
 */
export function paymentOptions(chains: Chains, fees: NetworkFees, surface: Surface = 'any'): TPaymentOptionsResponse {
  const { coins, defaultCoin } = chains.offered(surface);
  const assets = chains.registry.assets.flatMap((asset) => {
    const options = coins
      .filter((c) => chains.registry.coin(c.symbol)!.asset === asset.symbol)
      .map((c) => {
        const fee = fees.current(c.network);
        const usdE8 = fee ? (c.kind === 'native' ? fee.nativeUsdE8 : fee.tokenUsdE8) : null;
        const option: TPaymentNetworkOption = {
          ...c,
          typicalFee: usdE8 === null ? null : centsRoundedUp(usdE8),
          feeUpdatedAt: fee?.estimatedAt.toISOString() ?? null,
          timeToCountSeconds: chains.registry.network(c.network)!.countSeconds,
        };
        return { option, usdE8 };
      });
    if (options.length === 0) return [];
    options.sort((a, b) => compareFees(a.usdE8, b.usdE8) || a.option.timeToCountSeconds - b.option.timeToCountSeconds);
    return [{ asset: asset.symbol, name: asset.name, networks: options.map((o) => o.option) }];
  });
  return { assets, defaultCoin };
}

/** Unknown fees last. */
function compareFees(a: bigint | null, b: bigint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A fee is never shown lower than it is: a fraction of a cent counts as a cent. */
function centsRoundedUp(usdE8: bigint): number {
  return Number((usdE8 + 999_999n) / 1_000_000n);
}
