import type { WalletLinks } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { address, DEV_DEPOSIT_XPUB } from '../../config-env';
import type { Metrics } from '../../metrics';
import type {
  ChainAdapter,
  ChainFamily,
  DepositIdentity,
  FamilyContext,
  NetworkHealth,
  NetworkWatcher,
  PaymentRequest,
  TransferFees,
  WatcherOptions,
} from '../port';
import { onRealNetwork } from '../port';
import { DepositKey } from './deposit-key';
import { evmTransferFees } from './fees';
import { JsonRpcClient } from './json-rpc';
import { ChainWatcher } from './watcher';
import { walletLinks } from './wallet-links';

export interface EvmAdapterHooks {
  metrics?: Metrics;
  /** One of a network's nodes answered another chain (it is left out meanwhile). */
  onWrongChain?: (network: NetworkConfig, endpoint: string, actualChainId: number) => void;
  /** One of a network's nodes stopped answering (`up` false) or answers again (`up` true). */
  onNodeHealth?: (network: NetworkConfig, endpoint: string, up: boolean, error?: string) => void;
}

/**
 * The EVM family (Ethereum, BSC, Polygon, Base, Arbitrum and every other EVM network of the registry):
 * one deposit address per order from the BIP-32 key of m/44'/60'/0'/0, valid on every EVM network;
 * EIP-681 payment links and the wallets' own; fees from the node's fee data; a JSON-RPC watcher per
 * network. One RPC client per network, shared by its watcher, the fee estimates and the readiness
 * checks, so all see the same health of each node.
 */
export class EvmAdapter implements ChainAdapter {
  readonly family = 'evm';
  private readonly key: DepositKey;
  private readonly clients = new Map<string, JsonRpcClient>();

  constructor(
    xpub: string,
    private readonly hooks: EvmAdapterHooks = {},
  ) {
    this.key = new DepositKey(xpub);
  }

  /** The address alone names the order: the same address on every EVM network. */
  depositIdentity(_network: NetworkConfig, index: number): DepositIdentity {
    return { address: this.key.address(index), memo: null, derivationIndex: index };
  }

  /** Trust Wallet's link only where the network is the real chain: it knows no devnet. */
  walletLinks(p: PaymentRequest): WalletLinks {
    const trustWalletCoin = p.spec.trustWalletCoin !== undefined && onRealNetwork(p) ? p.spec.trustWalletCoin : null;
    return walletLinks({
      chainId: p.network.chainId,
      tokenContract: p.tokenContract,
      address: p.address,
      units: p.units,
      decimals: p.decimals,
      trustWalletCoin,
    });
  }

  transferFees(network: NetworkConfig): Promise<TransferFees> {
    return evmTransferFees(this.rpc(network), network);
  }

  /** The network's RPC client: its nodes in order of preference, with failover. */
  rpc(network: NetworkConfig): JsonRpcClient {
    let client = this.clients.get(network.network);
    if (!client) {
      const { metrics, onWrongChain, onNodeHealth } = this.hooks;
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
        onEndpointDown: onNodeHealth && ((endpoint, error) => onNodeHealth(network, endpoint, false, error)),
        onEndpointUp: onNodeHealth && ((endpoint) => onNodeHealth(network, endpoint, true)),
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

/** The EVM family: DEPOSIT_XPUB is its key (the configuration checks it and gives development its default). */
export const evmFamily: ChainFamily = {
  id: 'evm',
  keySetting: 'DEPOSIT_XPUB',
  checkAddress: (value) => (address.safeParse(value).success ? null : 'must be a 0x-prefixed 20-byte hex address'),
  create: (ctx: FamilyContext) => new EvmAdapter(ctx.key ?? DEV_DEPOSIT_XPUB, ctx),
};
