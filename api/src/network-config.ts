import type { TFinalityTag, TRollup } from '@topup/shared';

/** One network of the registry as configured (config.ts reads it from the environment). */
export interface NetworkConfig {
  network: string;
  label: string;
  /** Its chain family: the adapter that watches it (chain/families.ts). */
  family: string;
  enabled: boolean;
  /** The first of rpcUrls. */
  rpcUrl: string;
  /** Every node of the network, in order of preference (failover: chain/evm/json-rpc.ts). */
  rpcUrls: string[];
  /** A node provider's key, for a family whose provider takes it in a header (TronGrid's TRON-PRO-API-KEY); unset: none. */
  apiKey?: string;
  chainId: number;
  /** A payment counts once its block is final by this tag where the node offers it; null: by count only. */
  finality: TFinalityTag | null;
  /** Blocks to wait where the node offers no finality tag. */
  confirmations: number;
  pollMs: number;
  /** A rollup's way of charging for its Ethereum data (the fee estimate asks it); null: none. */
  rollup: TRollup | null;
  /** Token contract per coin symbol on this network. */
  tokens: Record<string, string>;
}
