/**
 * The network and coin registry (DESIGN.md sections 5 and 9): every network we watch and every coin
 * we accept, written once. It drives the API's configuration (the environment variable names of each
 * network), the devnet (one local node per network, its tokens), the chain watchers, the price feed's
 * coin list, and what `GET /api/coins` offers every client. Adding USDC on another EVM network is one
 * network entry and one coin entry here, plus its contract and RPC settings.
 *
 * Where the mainnet facts come from (checked when each entry was written):
 * - USDC (6 decimals): Circle's "USDC Contract Addresses" and "Token IDs" pages (developers.circle.com)
 *   for Ethereum, Base (0x8335…2913) and Arbitrum (0xaf88…5831); Circle's announcement "What you need
 *   to know: Native USDC on Polygon PoS" for Polygon (0x3c49…3359; the bridged USDC.e at 0x2791…4174
 *   is another token, not accepted).
 * - USDT (6 decimals outside BSC): Tether's "Supported Protocols" page names Ethereum and Polygon;
 *   the contracts as Polygonscan (0xc213…8e8F, "(PoS) Tether USD") and Arbiscan (0xFd08…Cbb9, upgraded
 *   in place to USDT0) list them, and as wallet SDKs (Reown AppKit's polygonUSDT, arbitrumUSDT) pin them.
 * - Finality: Base's "Transaction Finality" page (docs.base.org: a batch is on Ethereum after about
 *   2 minutes, "effectively 0% probability of a reorg"; final with Ethereum after about 20) and
 *   Arbitrum's "Finality and chain reorganizations" (docs.arbitrum.io: `safe` and `finalized` follow the
 *   Ethereum block that carries the batch).
 * - Trust Wallet's coin ids: wallet-core's registry.json (Ethereum 60, Smart Chain 20000714, Polygon 966,
 *   Base 8453, Arbitrum 10042221).
 */

/** A chain family: each is one ChainAdapter in the API (api/src/chain). */
export type TChainFamily = 'evm';

/** A block tag a node answers for the chain's own finality (Ethereum's, Polygon's milestones, BSC's fast finality). */
export type TFinalityTag = 'finalized' | 'safe';

/**
 * How a rollup charges for the data it posts to Ethereum, on top of its own gas: OP Stack chains (Base)
 * through the GasPriceOracle predeploy, Arbitrum through its NodeInterface. The fee estimate asks it.
 */
export type TRollup = 'op-stack' | 'arbitrum';

/** What a customer chooses first: the asset (USDT, USDC, ETH, BNB, POL), then the network to pay it on. */
export interface TAsset {
  symbol: string;
  name: string;
}

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
  /** The same as a typical number of seconds, to compare networks. */
  countSeconds: number;
  /** The devnet's local node for this network: its port and chain id. */
  devnet: { port: number; chainId: number };
  /** Set for a rollup whose fee includes the data it posts to Ethereum. */
  rollup?: TRollup;
  /** Trust Wallet's id of the network (its "UAI" coin), for its payment link; absent: no such link. */
  trustWalletCoin?: number;
  /** The mainnet's block explorer (Etherscan and its kin: `<explorer>/tx/<hash>`); absent: none. */
  explorer?: string;
  /**
   * False: offered only once switched on (<NETWORK>_ENABLED=true), so that adding a network to the
   * registry never stops a running deployment (production needs an RPC URL for every enabled network).
   */
  enabledByDefault?: boolean;
}

export interface TCoin {
  /** The symbol on the wire (the spec's six keep theirs for old clients; MATIC is now POL). */
  symbol: string;
  /** Symbols the coin had before, still accepted wherever a request names a coin. */
  formerSymbols?: readonly string[];
  /** The asset it is (TAsset.symbol): ETH on Base is ETH, priced as ETH. */
  asset: string;
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
  /** In the order a customer is offered them. */
  assets: readonly TAsset[];
  networks: readonly TNetworkSpec[];
  coins: readonly TCoin[];
}

export const REGISTRY: TRegistry = {
  assets: [
    { symbol: 'USDT', name: 'Tether USDT' },
    { symbol: 'USDC', name: 'USD Coin (USDC)' },
    { symbol: 'ETH', name: 'Ethereum (ETH)' },
    { symbol: 'BNB', name: 'Binance Coin (BNB)' },
    { symbol: 'POL', name: 'Polygon (POL)' },
  ],
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
      countSeconds: 900,
      devnet: { port: 8545, chainId: 31337 },
      trustWalletCoin: 60,
      explorer: 'https://etherscan.io',
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
      countSeconds: 30,
      devnet: { port: 8546, chainId: 31338 },
      trustWalletCoin: 20000714,
      explorer: 'https://bscscan.com',
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
      countSeconds: 30,
      devnet: { port: 8547, chainId: 31339 },
      trustWalletCoin: 966,
      explorer: 'https://polygonscan.com',
    },
    {
      // `safe`: the batch holding the payment is on Ethereum (about 2 minutes); Base documents that no
      // batched block has ever been reorganised. `finalized` (BASE_FINALITY) waits about 20 minutes.
      id: 'base',
      label: 'Base',
      family: 'evm',
      chainId: 8453,
      finality: 'safe',
      confirmations: 60,
      blockSeconds: 2,
      timeToCount: 'about 2 minutes',
      countSeconds: 120,
      devnet: { port: 8548, chainId: 31340 },
      rollup: 'op-stack',
      trustWalletCoin: 8453,
      explorer: 'https://basescan.org',
      enabledByDefault: false,
    },
    {
      // `safe`: the batch is in an Ethereum block that is safe (justified); only a reorganisation of
      // Ethereum that deep could undo it. `finalized` (ARBITRUM_FINALITY) waits about 20 minutes.
      id: 'arbitrum',
      label: 'Arbitrum One',
      family: 'evm',
      chainId: 42161,
      finality: 'safe',
      confirmations: 2400,
      blockSeconds: 0.25,
      timeToCount: 'about 10 minutes',
      countSeconds: 600,
      devnet: { port: 8549, chainId: 31341 },
      rollup: 'arbitrum',
      trustWalletCoin: 10042221,
      explorer: 'https://arbiscan.io',
      enabledByDefault: false,
    },
  ],
  coins: [
    {
      symbol: 'USDT',
      name: 'Tether USDT (ERC-20)',
      asset: 'USDT',
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
      asset: 'USDT',
      network: 'bsc',
      networkText: 'Binance Smart Chain BEP-20',
      kind: 'token',
      decimals: 18,
      stable: true,
      token: { ticker: 'USDT', tokenName: 'Tether USD', contract: '0x55d398326f99059fF775485246999027B3197955' },
    },
    { symbol: 'ETH', name: 'Ethereum (ETH)', asset: 'ETH', network: 'ethereum', networkText: 'Ethereum Network', kind: 'native', decimals: 18, stable: false },
    {
      symbol: 'USDC',
      name: 'USD Coin (USDC)',
      asset: 'USDC',
      network: 'ethereum',
      networkText: 'Ethereum ERC-20',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDC', tokenName: 'USD Coin', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    },
    // Polygon's native coin was renamed from MATIC to POL in 2024; old clients still send MATIC.
    {
      symbol: 'POL',
      formerSymbols: ['MATIC'],
      name: 'Polygon (POL)',
      asset: 'POL',
      network: 'polygon',
      networkText: 'Polygon Network',
      kind: 'native',
      decimals: 18,
      stable: false,
    },
    { symbol: 'BNB', name: 'Binance Coin (BNB)', asset: 'BNB', network: 'bsc', networkText: 'BSC Network', kind: 'native', decimals: 18, stable: false },
    {
      symbol: 'USDT-POLYGON',
      name: 'Tether USDT (Polygon)',
      asset: 'USDT',
      network: 'polygon',
      networkText: 'Polygon PoS',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDT', tokenName: '(PoS) Tether USD', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
    },
    {
      symbol: 'USDC-POLYGON',
      name: 'USD Coin (Polygon)',
      asset: 'USDC',
      network: 'polygon',
      networkText: 'Polygon PoS',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDC', tokenName: 'USD Coin', contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
    },
    {
      symbol: 'USDC-BASE',
      name: 'USD Coin (Base)',
      asset: 'USDC',
      network: 'base',
      networkText: 'Base',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDC', tokenName: 'USD Coin', contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    },
    { symbol: 'ETH-BASE', name: 'Ether (Base)', asset: 'ETH', network: 'base', networkText: 'Base', kind: 'native', decimals: 18, stable: false },
    {
      symbol: 'USDC-ARBITRUM',
      name: 'USD Coin (Arbitrum)',
      asset: 'USDC',
      network: 'arbitrum',
      networkText: 'Arbitrum One',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDC', tokenName: 'USD Coin', contract: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
    },
    {
      symbol: 'USDT-ARBITRUM',
      name: 'Tether USDT (Arbitrum)',
      asset: 'USDT',
      network: 'arbitrum',
      networkText: 'Arbitrum One',
      kind: 'token',
      decimals: 6,
      stable: true,
      token: { ticker: 'USDT', tokenName: 'Tether USD', contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' },
    },
    {
      symbol: 'ETH-ARBITRUM',
      name: 'Ether (Arbitrum)',
      asset: 'ETH',
      network: 'arbitrum',
      networkText: 'Arbitrum One',
      kind: 'native',
      decimals: 18,
      stable: false,
    },
  ],
};

/** A network's id or a coin's symbol: any string the registry in use knows. */
export type TNetwork = string;
export type TCoinSymbol = string;

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
