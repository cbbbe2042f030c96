import { REGISTRY } from './coin-registry';
import type { TAsset, TCoin, TCoinSymbol, TNetworkSpec, TRegistry } from './coin-types';

// The registry's shapes and entries have their own files; everything is read from here.
export * from './coin-types';
export { REGISTRY } from './coin-registry';

/** Lookups over one registry: the built-in one, or one a test extends. */
export class ChainRegistry {
  private readonly networksById: Map<string, TNetworkSpec>;
  /** By symbol, and by each former symbol (MATIC finds POL). */
  private readonly coinsBySymbol: Map<string, TCoin>;

  constructor(readonly data: TRegistry = REGISTRY) {
    this.networksById = new Map(data.networks.map((n) => [n.id, n]));
    this.coinsBySymbol = new Map(data.coins.flatMap((c) => [c.symbol, ...(c.formerSymbols ?? [])].map((s) => [s, c] as const)));
    if (this.coinsBySymbol.size !== data.coins.reduce((n, c) => n + 1 + (c.formerSymbols?.length ?? 0), 0))
      throw new Error('a coin symbol (or former symbol) is used twice');
    for (const c of data.coins) {
      if (!this.networksById.has(c.network)) throw new Error(`coin ${c.symbol}: unknown network ${c.network}`);
      if (!data.assets.some((a) => a.symbol === c.asset)) throw new Error(`coin ${c.symbol}: unknown asset ${c.asset}`);
      if ((c.kind === 'token') !== (c.token !== undefined)) throw new Error(`coin ${c.symbol}: a token needs token details, a native coin none`);
      // One asset, one price: a stablecoin and a priced coin cannot share an asset.
      if (data.coins.some((o) => o.asset === c.asset && o.stable !== c.stable)) throw new Error(`asset ${c.asset}: its coins disagree on being stable`);
    }
    for (const n of data.networks) {
      if (data.coins.filter((c) => c.network === n.id && c.kind === 'native').length !== 1) throw new Error(`network ${n.id} needs exactly one native coin`);
    }
  }

  get assets(): readonly TAsset[] {
    return this.data.assets;
  }

  get networks(): readonly TNetworkSpec[] {
    return this.data.networks;
  }

  get coins(): readonly TCoin[] {
    return this.data.coins;
  }

  network(id: string): TNetworkSpec | undefined {
    return this.networksById.get(id);
  }

  /** The coin of a symbol, or of a symbol it had before (old clients' MATIC is POL). */
  coin(symbol: string): TCoin | undefined {
    return this.coinsBySymbol.get(symbol);
  }

  /** The coin or an error: for symbols that came from our own database. */
  requireCoin(symbol: string): TCoin {
    const coin = this.coin(symbol);
    if (!coin) throw new Error(`coin ${symbol} is not in the registry`);
    return coin;
  }

  coinsOn(network: string): TCoin[] {
    return this.data.coins.filter((c) => c.network === network);
  }

  nativeCoin(network: string): TCoin {
    return this.coinsOn(network).find((c) => c.kind === 'native')!;
  }

  /**
   * A transaction on the network's block explorer; null on any chain but the mainnet (a devnet, a
   * testnet), whose transactions the explorer does not have.
   */
  explorerTxUrl(networkId: string, chainId: number, txHash: string): string | null {
    const network = this.network(networkId);
    return network?.explorer && network.chainId === chainId ? `${network.explorer}/tx/${txHash}` : null;
  }

  /** The assets that need a market price (each once, however many networks carry it): ETH, BNB, POL. */
  pricedAssets(): string[] {
    return this.data.assets.filter((a) => this.data.coins.some((c) => c.asset === a.symbol && !c.stable)).map((a) => a.symbol);
  }
}

/** The built-in registry, for code that needs no test entries. */
export const CHAINS = new ChainRegistry();

/** The built-in networks' ids and coins' symbols, in registry order. */
export const NETWORKS: readonly string[] = REGISTRY.networks.map((n) => n.id);
export const COIN_SYMBOLS: readonly string[] = REGISTRY.coins.map((c) => c.symbol);
/** The built-in coins by symbol and by former symbol. */
export const COINS: Readonly<Record<string, TCoin>> = Object.fromEntries(
  REGISTRY.coins.flatMap((c) => [c.symbol, ...(c.formerSymbols ?? [])].map((s) => [s, c])),
);
export const NETWORK_LABELS: Readonly<Record<string, string>> = Object.fromEntries(REGISTRY.networks.map((n) => [n.id, n.label]));

export const DEFAULT_COIN: TCoinSymbol = 'USDT';

/** The network label the compact flow shows under a coin. */
export function networkLabel(symbol: string): string {
  const coin = COINS[symbol];
  return coin ? (NETWORK_LABELS[coin.network] ?? coin.network) : 'Blockchain';
}
