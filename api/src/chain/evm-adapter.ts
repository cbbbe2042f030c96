import { walletLinks, type WalletLinks, type WalletPayment } from '@topup/shared';
import type { NetworkConfig } from '../config';
import type { Metrics } from '../metrics';
import type { ChainAdapter, NetworkHealth, NetworkWatcher, TransferFees, WatcherOptions } from './port';
import { DepositKey } from './addresses';
import { evmTransferFees } from './evm-fees';
import { JsonRpcClient } from './json-rpc';
import { ChainWatcher } from './watcher';

export interface EvmAdapterHooks {
  metrics?: Metrics;
  /** One of a network's nodes answered another chain (it is left out meanwhile). */
  onWrongChain?: (network: NetworkConfig, endpoint: string, actualChainId: number) => void;
}

/**
 * The EVM family (Ethereum, BSC, Polygon, Base, Arbitrum and every other EVM network of the registry):
 * one deposit address per order from the BIP-32 key of m/44'/60'/0'/0, valid on every EVM network;
 * EIP-681 payment links and the wallets' own; fees from the node's fee data; a JSON-RPC watcher per
 * network. One RPC client per network, shared by its watcher, the fee estimates and the readiness
 * checks, so all see the same health of each node.
 */
export class EvmAdapter implements ChainAdapter {
  readonly family = 'evm' as const;
  private readonly key: DepositKey;
  private readonly clients = new Map<string, JsonRpcClient>();

  constructor(
    xpub: string,
    private readonly hooks: EvmAdapterHooks = {},
  ) {
    this.key = new DepositKey(xpub);
  }

  depositAddress(index: number): string {
    return this.key.address(index);
  }

  walletLinks(payment: WalletPayment): WalletLinks {
    return walletLinks(payment);
  }

  transferFees(network: NetworkConfig): Promise<TransferFees> {
    return evmTransferFees(this.rpc(network), network);
  }

  /** The network's RPC client: its nodes in order of preference, with failover. */
  rpc(network: NetworkConfig): JsonRpcClient {
    let client = this.clients.get(network.network);
    if (!client) {
      const { metrics, onWrongChain } = this.hooks;
      client = new JsonRpcClient(network.rpcUrls, {
        chainId: network.chainId,
        onRequest: metrics
          ? (r) => {
              metrics.rpcRequests.inc({ network: network.network, endpoint: r.endpoint, outcome: r.outcome });
              if (r.outcome !== 'wrong-chain') metrics.rpcSeconds.observe({ network: network.network, endpoint: r.endpoint }, r.seconds);
              for (const method of r.methods) metrics.rpcCalls.inc({ network: network.network, method });
            }
          : undefined,
        onWrongChain: onWrongChain && ((endpoint, actual) => onWrongChain(network, endpoint, actual)),
      });
      this.clients.set(network.network, client);
    }
    return client;
  }

  watcher(opts: WatcherOptions & { rpc?: JsonRpcClient }): NetworkWatcher {
    return new ChainWatcher({ ...opts, rpc: opts.rpc ?? this.rpc(opts.network) });
  }

  async health(network: NetworkConfig): Promise<NetworkHealth> {
    const rpc = this.rpc(network);
    let head: number | null = null;
    let error: string | null = null;
    try {
      head = await rpc.blockNumber();
    } catch (err) {
      error = (err as Error).message;
    }
    const endpoints = rpc.status().map((e) => ({ endpoint: e.endpoint, score: e.score, resting: e.restingUntil > 0, lastError: e.lastError }));
    return { head, endpoints, error };
  }
}
