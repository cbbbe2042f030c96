import { walletLinks, type WalletLinks, type WalletPayment } from '@topup/shared';
import type { NetworkConfig } from '../config';
import type { ChainAdapter, NetworkWatcher, TransferFees, WatcherOptions } from './port';
import { DepositKey } from './addresses';
import { evmTransferFees } from './evm-fees';
import { JsonRpcClient } from './json-rpc';
import { ChainWatcher } from './watcher';

/**
 * The EVM family (Ethereum, BSC, Polygon, Base, Arbitrum and every other EVM network of the registry):
 * one deposit address per order from the BIP-32 key of m/44'/60'/0'/0, valid on every EVM network;
 * EIP-681 payment links and the wallets' own; fees from the node's fee data; a JSON-RPC watcher per
 * network.
 */
export class EvmAdapter implements ChainAdapter {
  readonly family = 'evm' as const;
  private readonly key: DepositKey;

  constructor(xpub: string) {
    this.key = new DepositKey(xpub);
  }

  depositAddress(index: number): string {
    return this.key.address(index);
  }

  walletLinks(payment: WalletPayment): WalletLinks {
    return walletLinks(payment);
  }

  transferFees(network: NetworkConfig): Promise<TransferFees> {
    return evmTransferFees(new JsonRpcClient(network.rpcUrl), network);
  }

  watcher(opts: WatcherOptions & { rpc?: JsonRpcClient }): NetworkWatcher {
    return new ChainWatcher(opts);
  }
}
