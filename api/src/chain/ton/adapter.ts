import { Address } from '@ton/core';
import type { WalletLinks, WalletTransaction } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import type { Metrics } from '../../metrics';
import type { ChainAdapter, ChainFamily, DepositIdentity, NetworkHealth, NetworkWatcher, PaymentRequest, TransferFees, WatcherOptions } from '../port';
import { onRealNetwork } from '../port';
import { NetworkClients } from '../json-http';
import { masterchainHead, TonCenterClient } from './api';
import { payOnTonDouble, startTonDouble, tonDoubleTokens } from './devnet';
import { DOUBLE_RECEIVING_WALLET } from './double-addresses';
import { tonWalletLinks, tonWalletTransaction, type TonPayment } from './wallet-links';
import { TonWatcher } from './watcher';

export const TON_KEY_SETTING = 'TON_RECEIVING_ADDRESS';

/**
 * What a payment typically costs its sender on TON, in nanotons: a Toncoin transfer from a wallet (about
 * 0.005 TON), and a jetton transfer (about 0.04 TON of the TON a wallet attaches to it; the rest comes
 * back as excess). TON's fees are set by the network's configuration and barely move, so no endpoint is asked.
 */
const TYPICAL_FEES: TransferFees = { native: 5_000_000n, token: 40_000_000n };

/**
 * The TON family. TON's wallets are contracts: an address cannot be derived from a public key the way an
 * EVM address comes from the xpub (each needs its own key, deployment and gas to sweep), so every order
 * shares the operator's one receiving wallet (its own setting, TON_RECEIVING_ADDRESS) and is told apart
 * by its comment (a text comment; for a jetton, the transfer's forward payload), as exchanges take TON
 * deposits. Payments are read from TON Center's API v3 (the network's RPC URLs, its key in X-API-Key);
 * the payment link is `ton://transfer/…` with the comment filled in.
 */
export class TonAdapter implements ChainAdapter {
  readonly family = 'ton';
  private readonly clients: NetworkClients<TonCenterClient>;

  /** `wallet` null: no address set, which production allows only while every TON network is off (config.ts refuses the rest). */
  constructor(
    private readonly wallet: string | null,
    metrics?: Metrics,
  ) {
    this.clients = new NetworkClients((urls, opts) => new TonCenterClient(urls, opts), metrics);
  }

  depositIdentity(_network: NetworkConfig, index: number): DepositIdentity {
    if (!this.wallet) throw new Error(`${TON_KEY_SETTING} is not set: no TON order can be given a receiving address`);
    // The index is never handed out twice: the comment names one order only.
    return { address: this.wallet, memo: `topup-${index}`, derivationIndex: null };
  }

  walletLinks(p: PaymentRequest): WalletLinks {
    return tonWalletLinks(tonPayment(p));
  }

  async walletTransaction(p: PaymentRequest, payer: string): Promise<WalletTransaction | null> {
    if (tonAddressProblem(payer)) return null;
    return tonWalletTransaction(this.client(p.network), tonPayment(p), Address.parse(payer));
  }

  transferFees(): Promise<TransferFees> {
    return Promise.resolve(TYPICAL_FEES);
  }

  private client(network: NetworkConfig): TonCenterClient {
    return this.clients.of(network);
  }

  watcher(opts: WatcherOptions): NetworkWatcher {
    if (!this.wallet) throw new Error(`${TON_KEY_SETTING} is not set: ${opts.network.network} cannot be watched`);
    return new TonWatcher(opts, this.client(opts.network), this.wallet);
  }

  health(network: NetworkConfig): Promise<NetworkHealth> {
    return this.clients.health(network, async (client) => (await masterchainHead(client)).seqno);
  }
}

function tonPayment(p: PaymentRequest): TonPayment {
  return { ...p, jettonMaster: p.tokenContract, comment: p.memo, realNetwork: onRealNetwork(p) };
}

/** Why `value` is not a TON address (raw `0:…` or user-friendly, its checksum right); null when it is one. */
function tonAddressProblem(value: string): string | null {
  try {
    Address.parse(value);
    return null;
  } catch {
    return 'must be a TON address (EQ…/UQ… user-friendly, its checksum right, or raw 0:…)';
  }
}

export const tonFamily: ChainFamily = {
  id: 'ton',
  keySetting: TON_KEY_SETTING,
  create(ctx) {
    const wallet = ctx.key ?? (ctx.production ? null : DOUBLE_RECEIVING_WALLET);
    if (wallet === null) return new TonAdapter(null, ctx.metrics);
    const problem = tonAddressProblem(wallet);
    if (problem) throw new Error(`${TON_KEY_SETTING}: ${problem}`);
    const address = Address.parse(wallet);
    if (ctx.production && address.equals(Address.parse(DOUBLE_RECEIVING_WALLET)))
      throw new Error(`${TON_KEY_SETTING}: set your own wallet's address; the development wallet's key is public`);
    // Non-bounceable, as wallets show a wallet's address: a payment to it never bounces back.
    return new TonAdapter(address.toString({ bounceable: false }), ctx.metrics);
  },
  checkAddress: tonAddressProblem,
  double: { tokens: tonDoubleTokens, start: (network, registry) => startTonDouble(network, registry), pay: payOnTonDouble },
};
