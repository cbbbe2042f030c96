import type { Logger } from 'pino';
import { DEFAULT_COIN, type ChainRegistry, type TChainFamily, type TCoin, type TOfferedCoin, type WalletLinks, type WalletPayment } from '@topup/shared';
import type { Config, NetworkConfig } from '../config';
import { EvmAdapter, type EvmAdapterHooks } from './evm-adapter';
import type { ChainAdapter, NetworkWatcher, WatcherOptions } from './port';

/** A coin the server takes now, with where it is paid. */
interface Offer {
  coin: TCoin;
  network: NetworkConfig;
  /** Null for the network's native coin. */
  tokenContract: string | null;
}

/**
 * The networks and coins in force: the registry as configured (a network switched off, or a token
 * without a contract, is not offered) and the adapter of each chain family.
 */
export class Chains {
  private readonly adapters: Record<TChainFamily, ChainAdapter>;

  constructor(
    readonly registry: ChainRegistry,
    readonly networks: Readonly<Record<string, NetworkConfig>>,
    depositXpub: string,
    hooks: EvmAdapterHooks = {},
  ) {
    this.adapters = { evm: new EvmAdapter(depositXpub, hooks) };
  }

  static fromConfig(config: Pick<Config, 'registry' | 'networks' | 'depositXpub'>, hooks: EvmAdapterHooks = {}): Chains {
    return new Chains(config.registry, config.networks, config.depositXpub, hooks);
  }

  /** The coin if it is offered now. */
  offer(symbol: string): Offer | undefined {
    const coin = this.registry.coin(symbol);
    const network = coin && this.networks[coin.network];
    if (!coin || !network?.enabled) return undefined;
    const tokenContract = coin.kind === 'token' ? (network.tokens[coin.symbol] ?? null) : null;
    if (coin.kind === 'token' && !tokenContract) return undefined;
    return { coin, network, tokenContract };
  }

  /** GET /api/coins. */
  offered(): { coins: TOfferedCoin[]; defaultCoin: string | null } {
    const coins = this.registry.coins.flatMap((c) => {
      const offer = this.offer(c.symbol);
      if (!offer) return [];
      const spec = this.registry.network(c.network)!;
      return [
        {
          symbol: c.symbol,
          name: c.name,
          network: c.network,
          networkLabel: spec.label,
          networkText: c.networkText,
          kind: c.kind,
          decimals: c.decimals,
          stable: c.stable,
          chainId: offer.network.chainId,
          tokenContract: offer.tokenContract,
          timeToCount: spec.timeToCount,
        },
      ];
    });
    // The spec's default, USDT; where it is off, USDT on another network; else the first coin offered.
    const asset = this.registry.coin(DEFAULT_COIN)?.asset;
    const preferred = coins.find((c) => c.symbol === DEFAULT_COIN) ?? coins.find((c) => this.registry.coin(c.symbol)!.asset === asset) ?? coins[0];
    return { coins, defaultCoin: preferred?.symbol ?? null };
  }

  /** The adapter of the network's chain family. */
  adapter(network: string): ChainAdapter {
    const spec = this.registry.network(network);
    if (!spec) throw new Error(`network ${network} is not in the registry`);
    return this.adapters[spec.family];
  }

  /**
   * The links that open a wallet with a payment on a network. Trust Wallet's only where the network is
   * the real chain: it knows no devnet.
   */
  walletLinks(network: string, payment: Omit<WalletPayment, 'trustWalletCoin'>): WalletLinks {
    const adapter = this.adapter(network);
    const spec = this.registry.network(network)!;
    const trustWalletCoin = spec.trustWalletCoin !== undefined && payment.chainId === spec.chainId ? spec.trustWalletCoin : null;
    return adapter.walletLinks({ ...payment, trustWalletCoin });
  }

  /** The deposit addresses of every family come from one index sequence; EVM's derivation is the only one yet. */
  depositAddress(index: number): string {
    return this.adapters.evm.depositAddress(index);
  }

  /** The enabled networks. */
  enabled(): NetworkConfig[] {
    return Object.values(this.networks).filter((n) => n.enabled);
  }

  /** A network's nodes as this process sees them (readiness, the admin's System panel). */
  health(network: string) {
    return this.adapter(network).health(this.networks[network]!);
  }

  /** One watcher per enabled network, as the workers run them. */
  watchers(deps: Omit<WatcherOptions, 'network' | 'nativeCoin' | 'log'> & { log: Logger }): NetworkWatcher[] {
    return this.enabled().map((n) => this.watcher(n.network, deps));
  }

  watcher(network: string, deps: Omit<WatcherOptions, 'network' | 'nativeCoin' | 'log'> & { log: Logger }): NetworkWatcher {
    return this.adapter(network).watcher({
      ...deps,
      network: this.networks[network]!,
      nativeCoin: this.registry.nativeCoin(network).symbol,
      log: deps.log.child({ watcher: network }),
    });
  }
}
