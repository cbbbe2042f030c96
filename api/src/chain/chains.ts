import type { Logger } from 'pino';
import { DEFAULT_COIN, telegramShows, type ChainRegistry, type TCoin, type TOfferedCoin, type WalletLinks, type WalletTransaction } from '@topup/shared';
import type { Config, NetworkConfig } from '../config';
import { FAMILIES } from './families';
import type { ChainAdapter, ChainFamily, DepositIdentity, FamilyContext, NetworkWatcher, PaymentRequest, WatcherOptions } from './port';

/** Where a customer pays: anywhere, or a Telegram surface (the bot, the mini-app), which offers only the networks Telegram's rules allow. */
export type Surface = 'any' | 'telegram';

/** A coin the server takes now, with where it is paid. */
interface Offer {
  coin: TCoin;
  network: NetworkConfig;
  /** Null for the network's native coin. */
  tokenContract: string | null;
}

export interface ChainsOptions {
  registry: ChainRegistry;
  networks: Readonly<Record<string, NetworkConfig>>;
  /** Each family's key setting by family id (ChainFamily.keySetting's value). */
  keys: Readonly<Record<string, string | undefined>>;
  production?: boolean;
  devnet?: boolean;
  /** The families known (default: chain/families.ts); tests add their own. */
  families?: Readonly<Record<string, ChainFamily>>;
  hooks?: Pick<FamilyContext, 'metrics' | 'onWrongChain' | 'onNodeHealth'>;
  /** The networks the Telegram surfaces offer (TELEGRAM_NETWORKS); null or absent: all. */
  telegramNetworks?: readonly string[] | null;
}

/** A payment as an order names it; `chainId`: the order's (a devnet's may differ from the mainnet's). */
export type OrderPayment = Omit<PaymentRequest, 'network' | 'spec'> & { chainId: number };

type WatcherDeps = Omit<WatcherOptions, 'network' | 'nativeCoin' | 'familyNetworks' | 'log'> & { log: Logger };

/**
 * The networks and coins in force: the registry as configured (a network switched off, or a token
 * without a contract, is not offered) and the adapter of each chain family in use.
 */
export class Chains {
  readonly registry: ChainRegistry;
  readonly networks: Readonly<Record<string, NetworkConfig>>;
  private readonly adapters = new Map<string, ChainAdapter>();
  private readonly families: Readonly<Record<string, ChainFamily>>;
  /** The networks the Telegram surfaces show (TELEGRAM_NETWORKS); null: all. */
  readonly telegramNetworks: readonly string[] | null;

  constructor(opts: ChainsOptions) {
    this.registry = opts.registry;
    this.networks = opts.networks;
    this.telegramNetworks = opts.telegramNetworks ?? null;
    const families = (this.families = opts.families ?? FAMILIES);
    for (const id of new Set(opts.registry.networks.map((n) => n.family))) {
      const family = families[id];
      if (!family) throw new Error(`the registry names chain family "${id}", which has no adapter (chain/families.ts)`);
      this.adapters.set(
        id,
        family.create({ ...opts.hooks, key: opts.keys[id], production: opts.production ?? false, devnet: opts.devnet ?? false, registry: opts.registry }),
      );
    }
  }

  static fromConfig(
    config: Pick<Config, 'registry' | 'networks' | 'families' | 'chainKeys' | 'production' | 'devnet'> & Partial<Pick<Config, 'telegramNetworks'>>,
    hooks: ChainsOptions['hooks'] = {},
  ): Chains {
    const { registry, networks, families, chainKeys: keys, production, devnet, telegramNetworks } = config;
    return new Chains({ registry, networks, families, keys, production, devnet, hooks, telegramNetworks });
  }

  /** Whether `surface` may show how an order on `network` is paid (Telegram's rules, TELEGRAM_NETWORKS). */
  shows(surface: Surface, network: string): boolean {
    return surface !== 'telegram' || telegramShows(this.telegramNetworks, network);
  }

  /** The coin if it is offered now (on `surface`). */
  offer(symbol: string, surface: Surface = 'any'): Offer | undefined {
    const coin = this.registry.coin(symbol);
    const network = coin && this.networks[coin.network];
    if (!coin || !network?.enabled) return undefined;
    if (!this.shows(surface, coin.network)) return undefined;
    const tokenContract = coin.kind === 'token' ? (network.tokens[coin.symbol] ?? null) : null;
    if (coin.kind === 'token' && !tokenContract) return undefined;
    return { coin, network, tokenContract };
  }

  /** GET /api/coins (`?surface=telegram`: what the bot and the mini-app offer). */
  offered(surface: Surface = 'any'): { coins: TOfferedCoin[]; defaultCoin: string | null } {
    const coins = this.registry.coins.flatMap((c) => {
      const offer = this.offer(c.symbol, surface);
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

  /** Why `address` is not an address on `network` (its family's check); null when it is one. */
  checkAddress(network: string, address: string): string | null {
    return this.families[this.registry.network(network)!.family]!.checkAddress(address);
  }

  /** The adapter of the network's chain family. */
  adapter(network: string): ChainAdapter {
    const spec = this.registry.network(network);
    if (!spec) throw new Error(`network ${network} is not in the registry`);
    return this.adapters.get(spec.family)!;
  }

  /** The deposit identity of a new order on `network`, from a fresh number of the deposit sequence. */
  depositIdentity(network: string, index: number): DepositIdentity {
    return this.adapter(network).depositIdentity(this.networks[network]!, index);
  }

  /** The links that open a wallet with a payment on a network. */
  walletLinks(network: string, payment: OrderPayment): WalletLinks {
    return this.adapter(network).walletLinks(this.paymentRequest(network, payment));
  }

  /**
   * The transaction that pays from the wallet the customer connected (ChainAdapter.walletTransaction), for
   * a payment whose wallet links offer one; null when `payer` is not an address of the network's family.
   */
  walletTransaction(network: string, payment: OrderPayment, payer: string): Promise<WalletTransaction | null> {
    const adapter = this.adapter(network);
    if (!adapter.walletTransaction) throw new Error(`the ${adapter.family} family builds no transaction for a connected wallet`);
    return adapter.walletTransaction(this.paymentRequest(network, payment), payer);
  }

  private paymentRequest(network: string, { chainId, ...payment }: OrderPayment): PaymentRequest {
    return { ...payment, network: { ...this.networks[network]!, chainId }, spec: this.registry.network(network)! };
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
  watchers(deps: WatcherDeps): NetworkWatcher[] {
    return this.enabled().map((n) => this.watcher(n.network, deps));
  }

  watcher(network: string, deps: WatcherDeps): NetworkWatcher {
    const family = this.registry.network(network)!.family;
    return this.adapter(network).watcher({
      ...deps,
      network: this.networks[network]!,
      nativeCoin: this.registry.nativeCoin(network).symbol,
      familyNetworks: this.registry.networks.filter((n) => n.family === family).map((n) => n.id),
      log: deps.log.child({ watcher: network }),
    });
  }
}
