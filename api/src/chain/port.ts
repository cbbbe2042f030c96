import type { Logger } from 'pino';
import type { TChainFamily, WalletLinks, WalletPayment } from '@topup/shared';
import type { NetworkConfig } from '../config';
import type { Database } from '../db/client';
import type { Metrics } from '../metrics';
import type { AlertService } from '../services/alerts';
import type { PaymentService } from '../services/payments';

/**
 * The chain port (DESIGN.md section 9; BTCPay Server's payment-method handler per chain family is
 * the model): everything that differs between families of chains sits behind one adapter per family.
 * The registry names each network's family; the order, payment and pricing services never ask which
 * family they deal with. A family that is not EVM (Tron, Solana, Bitcoin) is a new adapter, not a
 * rewrite.
 */
export interface ChainAdapter {
  readonly family: TChainFamily;
  /** The deposit address of derivation index `index`, from the public key alone. */
  depositAddress(index: number): string;
  /** The payment link of the QR code and the links of the "open in wallet" button. */
  walletLinks(payment: WalletPayment): WalletLinks;
  /**
   * What one transfer costs on the network now, in its native coin's base units: of the native coin
   * and of a token. From the node's fee data (and, on a rollup, the fee for the data it posts to L1).
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
