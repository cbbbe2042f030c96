import type { Logger } from 'pino';
import type { Chains } from '../chain/chains';
import type { PricingService } from './pricing';

/** What one transfer costs on a network, in US dollars × 1e8 (exact enough to compare cheap networks). */
export interface NetworkFee {
  nativeUsdE8: bigint;
  tokenUsdE8: bigint;
  estimatedAt: Date;
}

/** A network's estimate is refreshed at most this often. */
export const FEE_REFRESH_MS = 60_000;
/** An estimate that could not be refreshed for this long is no longer shown. */
export const FEE_MAX_AGE_MS = 10 * 60_000;

/**
 * Typical network fees, estimated in the background and cached: reading an estimate never waits for a
 * node or a price. Asking for a network's fee starts a refresh when the last attempt is a minute old,
 * so a network is asked at most once a minute, and only while someone looks. The fee is the node's
 * fee data (ChainAdapter.transferFees) valued at the price of the network's own coin; one that cannot
 * be estimated (no node, no price) is unknown, not an error.
 */
export class NetworkFees {
  private readonly estimates = new Map<string, NetworkFee>();
  private readonly attemptedAt = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: { chains: Chains; pricing: PricingService; log: Logger; now?: () => number }) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** The network's last estimate, or null when there is none recent enough. Never waits. */
  current(network: string): NetworkFee | null {
    this.refreshIfDue(network);
    const fee = this.estimates.get(network);
    return fee && this.now() - fee.estimatedAt.getTime() <= FEE_MAX_AGE_MS ? fee : null;
  }

  /** Starts estimating every enabled network, so that the first customer already sees fees. */
  warm(): void {
    for (const n of Object.values(this.deps.chains.networks)) if (n.enabled) this.refreshIfDue(n.network);
  }

  /** Resolves once the refreshes under way have ended (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.running.values());
  }

  private refreshIfDue(network: string): void {
    const now = this.now();
    if (this.running.has(network) || now - (this.attemptedAt.get(network) ?? -Infinity) < FEE_REFRESH_MS) return;
    this.attemptedAt.set(network, now);
    const run = this.refresh(network)
      .catch((err: unknown) => this.deps.log.debug({ err, network }, 'network fee not estimated'))
      .finally(() => this.running.delete(network));
    this.running.set(network, run);
  }

  private async refresh(network: string): Promise<void> {
    const { chains, pricing } = this.deps;
    const fees = await chains.adapter(network).transferFees(chains.networks[network]!);
    const coin = chains.registry.nativeCoin(network);
    const usdE8 = await pricing.usdE8(coin.symbol);
    const inUsdE8 = (units: bigint) => (units * usdE8) / 10n ** BigInt(coin.decimals);
    this.estimates.set(network, { nativeUsdE8: inUsdE8(fees.native), tokenUsdE8: inUsdE8(fees.token), estimatedAt: new Date(this.now()) });
  }
}
