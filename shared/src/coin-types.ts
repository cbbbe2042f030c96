/** The shapes of the network and coin registry (coin-registry.ts holds the built-in one). */

/**
 * A chain family ('evm', …): each is one adapter in the API, in its own folder under api/src/chain and
 * one line of api/src/chain/families.ts; the API refuses a registry that names a family it lacks.
 */
export type TChainFamily = string;

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
  /** Roughly how long a payment takes to count, for people (docs/payments.md, payment screens). */
  timeToCount: string;
  /** The same as a typical number of seconds, to compare networks. */
  countSeconds: number;
  /**
   * The network's local double for development and tests (the EVM devnet: a Hardhat node on this port
   * with this chain id). Absent: the network has none, and in development it is offered only when its
   * RPC URL is set (a testnet, say).
   */
  devnet?: { port: number; chainId: number };
  /** Set for a rollup whose fee includes the data it posts to Ethereum. */
  rollup?: TRollup;
  /** Trust Wallet's id of the network (its "UAI" coin), for its payment link; absent: no such link. */
  trustWalletCoin?: number;
  /** The mainnet's block explorer (Etherscan and its kin: `<explorer>/tx/<hash>`); absent: none. */
  explorer?: string;
  /**
   * False: offered only once switched on (<NETWORK>_ENABLED=true), so that adding a network to the
   * registry never stops a running deployment (production needs an RPC URL for every enabled network).
   * 'devnet': offered on the devnet (the embedded defaults), off elsewhere until switched on.
   */
  enabledByDefault?: boolean | 'devnet';
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

/** A network's id or a coin's symbol: any string the registry in use knows. */
export type TNetwork = string;
export type TCoinSymbol = string;
