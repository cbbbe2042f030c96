/**
 * The network and coin registry (DESIGN.md sections 5 and 9): every network we watch and every coin
 * we accept, written once. It drives the API's configuration (the environment variable names of each
 * network), the devnet (one local node per network, its tokens), the chain watchers, the price feed's
 * coin list, and what `GET /api/coins` offers every client. Adding USDC on another EVM network is one
 * network entry and one coin entry here, plus its contract and RPC settings.
 */

/** A chain family: each is one ChainAdapter in the API (api/src/chain). */
export type TChainFamily = 'evm';

/** A block tag a node answers for the chain's own finality (Ethereum's, Polygon's milestones, BSC's fast finality). */
export type TFinalityTag = 'finalized' | 'safe';

export interface TNetworkSpec {
  /** Our name of the network, on the wire (`network`) and, upper-cased, the prefix of its settings (ETHEREUM_RPC_URL). */
  id: string;
  label: string;
  family: TChainFamily;
  /** The mainnet's chain id (EIP-155). */
  chainId: number;
  /** A payment counts once its block is final by this tag, where the node offers it; null: by block count only. */
  finality: TFinalityTag | null;
  /** Blocks to wait where the node does not offer the tag (and the depth shown as "n/m confirmations"). */
  confirmations: number;
  /** Average block time in seconds: the watcher polls at about half of it. */
  blockSeconds: number;
  /** Roughly how long a payment takes to count, for people (README, payment screens). */
  timeToCount: string;
  /** The devnet's local node for this network: its port and chain id. */
  devnet: { port: number; chainId: number };
}

export interface TCoin {
  /** The symbol on the wire (the spec's six keep theirs for old clients). */
  symbol: string;
  /** Name in the payment list (spec section 2, compact wizard step 4). */
  name: string;
  network: string;
  /** How the coin list names its network (spec section 3, crypto options: symbol, name, network). */
  networkText: string;
  kind: 'native' | 'token';
  /** Base units per whole coin, as a power of ten. */
  decimals: number;
  /** Pegged 1:1 to the US dollar: priced without a feed. */
  stable: boolean;
  /**
   * A token's ERC-20 ticker (names its contract setting, <NETWORK>_<TICKER>_CONTRACT, and the devnet's
   * stand-in), the name the devnet gives it, and its mainnet contract (null: none by default, set it).
   */
  token?: { ticker: string; tokenName: string; contract: string | null };
}

export interface TRegistry {
  networks: readonly TNetworkSpec[];
  coins: readonly TCoin[];
}

export const REGISTRY: TRegistry = {
  networks: [
    {
      id: 'ethereum',
      label: 'Ethereum',
      family: 'evm',
      chainId: 1,
      finality: 'finalized',
      confirmations: 64,
      blockSeconds: 12,
      timeToCount: 'about 15 minutes',
      devnet: { port: 8545, chainId: 31337 },
    },
    {
      id: 'bsc',
      label: 'Binance Smart Chain',
      family: 'evm',
      chainId: 56,
      finality: 'finalized',
      confirmations: 15,
      blockSeconds: 3,
      timeToCount: 'under a minute',
      devnet: { port: 8546, chainId: 31338 },
    },
    {
      id: 'polygon',
      label: 'Polygon',
      family: 'evm',
      chainId: 137,
      finality: 'finalized',
      confirmations: 128,
      blockSeconds: 2,
      timeToCount: 'under a minute (about 5 minutes where the node gives no finality)',
      devnet: { port: 8547, chainId: 31339 },
    },
  ],
  coins: [
    {
      symbol: 'USDT',
      name: 'Tether USDT (ERC-20)',
      network: 'ethereum',
      networkText: 'Ethereum ERC-20',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDT', tokenName: 'Tether USD', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    },
    {
      symbol: 'USDT-BEP20',
      name: 'Tether USDT (BEP-20)',
      network: 'bsc',
      networkText: 'Binance Smart Chain BEP-20',
      kind: 'token',
      decimals: 18,
      stable: true,
      token: { ticker: 'USDT', tokenName: 'Tether USD', contract: '0x55d398326f99059fF775485246999027B3197955' },
    },
    { symbol: 'ETH', name: 'Ethereum (ETH)', network: 'ethereum', networkText: 'Ethereum Network', kind: 'native', decimals: 18, stable: false },
    {
      symbol: 'USDC',
      name: 'USD Coin (USDC)',
      network: 'ethereum',
      networkText: 'Ethereum ERC-20',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDC', tokenName: 'USD Coin', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    },
    { symbol: 'MATIC', name: 'Polygon (MATIC)', network: 'polygon', networkText: 'Polygon Network', kind: 'native', decimals: 18, stable: false },
    { symbol: 'BNB', name: 'Binance Coin (BNB)', network: 'bsc', networkText: 'BSC Network', kind: 'native', decimals: 18, stable: false },
  ],
};

/** A network's id or a coin's symbol: any string the registry in use knows. */
export type TNetwork = string;
export type TCoinSymbol = string;

/** Lookups over one registry: the built-in one, or one a test extends. */
export class ChainRegistry {
  private readonly networksById: Map<string, TNetworkSpec>;
  private readonly coinsBySymbol: Map<string, TCoin>;

  constructor(readonly data: TRegistry = REGISTRY) {
    this.networksById = new Map(data.networks.map((n) => [n.id, n]));
    this.coinsBySymbol = new Map(data.coins.map((c) => [c.symbol, c]));
    for (const c of data.coins) {
      if (!this.networksById.has(c.network)) throw new Error(`coin ${c.symbol}: unknown network ${c.network}`);
      if ((c.kind === 'token') !== (c.token !== undefined)) throw new Error(`coin ${c.symbol}: a token needs token details, a native coin none`);
    }
    for (const n of data.networks) {
      if (data.coins.filter((c) => c.network === n.id && c.kind === 'native').length !== 1) throw new Error(`network ${n.id} needs exactly one native coin`);
    }
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
}

/** The built-in registry, for code that needs no test entries. */
export const CHAINS = new ChainRegistry();

/** The built-in networks' ids and coins' symbols, in registry order. */
export const NETWORKS: readonly string[] = REGISTRY.networks.map((n) => n.id);
export const COIN_SYMBOLS: readonly string[] = REGISTRY.coins.map((c) => c.symbol);
export const COINS: Readonly<Record<string, TCoin>> = Object.fromEntries(REGISTRY.coins.map((c) => [c.symbol, c]));
export const NETWORK_LABELS: Readonly<Record<string, string>> = Object.fromEntries(REGISTRY.networks.map((n) => [n.id, n.label]));

export const DEFAULT_COIN: TCoinSymbol = 'USDT';

/** The network label the compact flow shows under a coin. */
export function networkLabel(symbol: string): string {
  const coin = COINS[symbol];
  return coin ? (NETWORK_LABELS[coin.network] ?? coin.network) : 'Blockchain';
}
