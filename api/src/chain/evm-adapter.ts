import type { ChainAdapter, NetworkWatcher, PaymentRequest, WatcherOptions } from './port';
import { DepositKey } from './addresses';
import type { JsonRpcClient } from './json-rpc';
import { paymentUri } from './payment-uri';
import { ChainWatcher } from './watcher';

/**
 * The EVM family (Ethereum, BSC, Polygon and every other EVM network of the registry): one deposit
 * address per order from the BIP-32 key of m/44'/60'/0'/0, valid on every EVM network; EIP-681
 * payment links; a JSON-RPC watcher per network.
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

  paymentUri(request: PaymentRequest): string {
    return paymentUri(request);
  }

  watcher(opts: WatcherOptions & { rpc?: JsonRpcClient }): NetworkWatcher {
    return new ChainWatcher(opts);
  }
}
