import type { Logger } from 'pino';
import type { ChainRegistry, TNetworkSpec, WalletLinks, WalletTransaction } from '@topup/shared';
import type { NetworkConfig } from '../network-config';
import type { Database } from '../db/client';
import type { Metrics } from '../metrics';
import type { AlertService } from '../services/alerts';
import type { PaymentService } from '../services/payments';

/**
 * The chain port (BTCPay Server's payment-method handler per chain family is the model): everything
 * that differs between families of chains sits behind one adapter per family, in its own folder
 * (chain/evm/, chain/<family>/), registered by one line in chain/families.ts. The registry in shared
 * names each network's family; the order, payment and pricing services never ask which family they
 * deal with.
 */

/** A chain family as the API registers it (chain/families.ts): its id and how its adapter is built. */
export interface ChainFamily {
  /** The id the registry's networks name in `family` ('evm'). */
  readonly id: string;
  /**
   * The one environment variable that holds the family's key: an extended public key its deposit
   * addresses derive from, or the operator's receiving wallet its orders are attributed to by memo.
   */
  readonly keySetting: string;
  /** Why `value` is not an address of this family (a token contract setting, say); null when it is one. */
  checkAddress(value: string): string | null;
  create(ctx: FamilyContext): ChainAdapter;
  /** The family's own local double for development, where it has one (EVM's Hardhat nodes are chain/devnet's). */
  readonly double?: FamilyDouble;
}

/** A family's local stand-in for its networks' nodes: run by `npm start` on the devnet, paid by `npm run pay`. */
export interface FamilyDouble {
  /** Where the double has the network's token contracts, by coin symbol (the configuration offers them there). */
  tokens(registry: ChainRegistry, network: string): Record<string, string>;
  /** Starts the double of an enabled network on its RPC URL's port (or finds it already running). */
  start(network: NetworkConfig, registry: ChainRegistry): Promise<RunningDouble>;
  /** Pays as a customer's wallet would; `memo`: the comment it carries (a family that attributes by memo); `viaContract`: a transfer made by another contract. */
  pay(
    rpcUrl: string,
    payment: { to: string; tokenContract: string | null; units: bigint; memo?: string | null; viaContract?: boolean },
  ): Promise<{ txHash: string; blockNumber: number; from: string }>;
}

export interface RunningDouble {
  rpcUrl: string;
  chainId: number;
  tokens: Record<string, string>;
  /** Another process runs it: stop() leaves it running. */
  reused: boolean;
  stop(): Promise<void>;
}

export interface FamilyContext {
  /** The value of `keySetting`; undefined when unset (the family decides: a development default, or a refusal). */
  key: string | undefined;
  production: boolean;
  /** Development and tests on local doubles of the networks. */
  devnet: boolean;
  registry: ChainRegistry;
  metrics?: Metrics;
  /** One of a network's nodes answered for another chain (the family leaves it out meanwhile). */
  onWrongChain?: (network: NetworkConfig, endpoint: string, actualChainId: number) => void;
  /** One of a network's nodes stopped answering (`up` false) or answers again (`up` true). */
  onNodeHealth?: (network: NetworkConfig, endpoint: string, up: boolean, error?: string) => void;
}

/**
 * How a payment is told to belong to one order: a fresh address of the order's own, or the operator's
 * receiving address shared by many orders plus a memo (comment) that only this order carries.
 */
export interface DepositIdentity {
  address: string;
  /** What the payment must carry to be this order's; null where the address alone says it. */
  memo: string | null;
  /** The derivation index of a fresh address (kept so a sweep can find its key); null for a shared address. */
  derivationIndex: number | null;
}

/** One payment to be made: what a wallet link fills in. */
export interface PaymentRequest {
  network: NetworkConfig;
  spec: TNetworkSpec;
  /** The token's contract on the network; null for the native coin. */
  tokenContract: string | null;
  address: string;
  memo: string | null;
  /** The amount in base units. */
  units: bigint;
  decimals: number;
}

/** The payment is on the network's real chain, not a devnet or a double: only there do wallet apps' buttons make sense. */
export function onRealNetwork(p: PaymentRequest): boolean {
  return p.network.chainId === p.spec.chainId;
}

export interface ChainAdapter {
  readonly family: string;
  /**
   * The deposit identity of a new order on `network`. `index` is a number of the deposit sequence that
   * was never handed out before and never will be again (a family that derives addresses uses it as the
   * derivation index; a family that attributes by memo may build the memo from it).
   */
  depositIdentity(network: NetworkConfig, index: number): DepositIdentity;
  /** The payment link of the QR code and the links of the "open in wallet" buttons. */
  walletLinks(payment: PaymentRequest): WalletLinks;
  /**
   * The transaction that pays `payment` from the wallet the customer connected to the client, whose
   * address is `payer` (a family whose wallet links offer it; where the transaction depends on the
   * payer, as a TON jetton's does). Null when `payer` is not an address of the family.
   */
  walletTransaction?(payment: PaymentRequest, payer: string): Promise<WalletTransaction | null>;
  /**
   * What one transfer costs on the network now, in its native coin's base units: of the native coin
   * and of a token.
   */
  transferFees(network: NetworkConfig): Promise<TransferFees>;
  /** A watcher of one network of this family: scans, counts confirmations, survives reorganisations. */
  watcher(opts: WatcherOptions): NetworkWatcher;
  /** The network's nodes as this process sees them, and the newest block they report (readiness). */
  health(network: NetworkConfig): Promise<NetworkHealth>;
}

export interface NetworkHealth {
  /** The newest block the nodes report; null when none answered. */
  head: number | null;
  endpoints: { endpoint: string; score: number; resting: boolean; lastError: string | null }[];
  error: string | null;
}

export interface TransferFees {
  native: bigint;
  token: bigint;
}

export interface WatcherOptions {
  network: NetworkConfig;
  /** The network's native coin (what a plain transfer pays in). */
  nativeCoin: string;
  /** Every network of the watcher's family: an address of the family is watched on each (a payment on another one is another coin). */
  familyNetworks: string[];
  database: Database;
  payments: PaymentService;
  alerts: AlertService;
  log: Logger;
  /** Overrides the network's poll interval (tests). */
  pollMs?: number;
  /** Most blocks scanned per pass. */
  maxBlockRange?: number;
  /** A devnet may be restarted empty; then the watcher starts over instead of stopping. */
  devnet?: boolean;
  /** Payments seen and the scan's lag are counted here. */
  metrics?: Metrics;
}

export interface NetworkWatcher {
  /** Holds the network's scanning lock (one process scans a network at a time). */
  readonly scanning: boolean;
  start(): void;
  stop(): Promise<void>;
  /** One scan pass; true when more blocks are waiting. */
  pass(): Promise<boolean>;
}
