import type { WalletLinks } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import type { Metrics } from '../../metrics';
import { hasValidChecksum } from '../extended-key';
import { NetworkClients } from '../json-http';
import type { ChainAdapter, ChainFamily, DepositIdentity, NetworkHealth, NetworkWatcher, PaymentRequest, TransferFees, WatcherOptions } from '../port';
import { onRealNetwork } from '../port';
import { isTronAddress } from './address';
import { blockNumber, nowBlock } from './api';
import { payOnTronDouble, startTronDouble, tronDoubleTokens } from './devnet';
import { DEV_TRON_DEPOSIT_XPUB, TRON_KEY_SETTING, TronDepositKey } from './deposit-key';
import { TronHttpClient } from './http';
import { transferFees } from './resources';
import { tronWalletLinks } from './wallet-links';
import { TronWatcher } from './watcher';

/**
 * The Tron family: one deposit address per order from the operator's key of m/44'/195'/0'/0 (its own
 * setting, TRON_DEPOSIT_XPUB); TRX and TRC-20 payments read from a Tron HTTP API (TronGrid or a full
 * node: the network's RPC URLs, its API key in TronGrid's header); fees from the network's energy and
 * bandwidth prices; Trust Wallet's send link. One HTTP client per network, shared by its watcher, the
 * fee estimates and the readiness checks.
 */
export class TronAdapter implements ChainAdapter {
  readonly family = 'tron';
  private readonly key: TronDepositKey | null;
  private readonly clients: NetworkClients<TronHttpClient>;

  /** `xpub` null: no key set, which production allows only while every Tron network is off (config.ts refuses the rest). */
  constructor(xpub: string | null, metrics?: Metrics) {
    this.key = xpub === null ? null : new TronDepositKey(xpub);
    this.clients = new NetworkClients((urls, opts) => new TronHttpClient(urls, opts), metrics);
  }

  depositIdentity(_network: NetworkConfig, index: number): DepositIdentity {
    if (!this.key) throw new Error(`${TRON_KEY_SETTING} is not set: no Tron deposit address can be derived`);
    return { address: this.key.address(index), memo: null, derivationIndex: index };
  }

  walletLinks(p: PaymentRequest): WalletLinks {
    return tronWalletLinks({ ...p, realNetwork: onRealNetwork(p) });
  }

  transferFees(network: NetworkConfig): Promise<TransferFees> {
    return transferFees(this.client(network));
  }

  client(network: NetworkConfig): TronHttpClient {
    return this.clients.of(network);
  }

  watcher(opts: WatcherOptions): NetworkWatcher {
    return new TronWatcher(opts, this.client(opts.network));
  }

  health(network: NetworkConfig): Promise<NetworkHealth> {
    return this.clients.health(network, async (client) => blockNumber(await nowBlock(client)));
  }
}

export const tronFamily: ChainFamily = {
  id: 'tron',
  keySetting: TRON_KEY_SETTING,
  create(ctx) {
    const xpub = ctx.key ?? (ctx.production ? null : DEV_TRON_DEPOSIT_XPUB);
    if (xpub === null) return new TronAdapter(null, ctx.metrics);
    // The key parser does not check it: a one-character typo would give addresses no wallet holds.
    if (!hasValidChecksum(xpub)) throw new Error(`${TRON_KEY_SETTING}: the base58 checksum is wrong: the key has a typo (copy it again from your wallet)`);
    if (ctx.production && xpub === DEV_TRON_DEPOSIT_XPUB)
      throw new Error(`${TRON_KEY_SETTING}: set your own extended public key; the development key is public`);
    return new TronAdapter(xpub, ctx.metrics);
  },
  checkAddress: (value) => (isTronAddress(value) ? null : 'must be a Tron address (T… in base58, its checksum right)'),
  double: { tokens: tronDoubleTokens, start: (network, registry) => startTronDouble(network, registry), pay: payOnTronDouble },
};
