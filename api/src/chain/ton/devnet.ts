import type { ChainRegistry, WalletMessage } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import type { RunningDouble } from '../port';
import { masterchainHead, TonCenterClient } from './api';
import { doubleJettonMaster } from './double-addresses';

/**
 * The TON double as the development devnet runs it: one per enabled TON network that has a devnet entry,
 * in the API's own process, on the port of the network's RPC URL, with the network's jettons at stable
 * addresses (the configuration reads them from here) and a fake USDT beside the real one. The double
 * (and its emulator) is loaded only when one is started.
 */

/** The double's jetton masters of a network, by coin symbol. */
export function tonDoubleTokens(registry: ChainRegistry, network: string): Record<string, string> {
  return Object.fromEntries(
    registry
      .coinsOn(network)
      .filter((c) => c.token)
      .map((c) => [c.symbol, doubleJettonMaster(`${network}:${c.token!.ticker}`)]),
  );
}

/** A jetton on the double made with the same code, calling itself USDT, that is not the configured one. */
export function fakeJettonMaster(network: string): string {
  return doubleJettonMaster(`${network}:fake-USDT`);
}

export async function startTonDouble(network: NetworkConfig, registry: ChainRegistry, blockMs = 1000): Promise<RunningDouble> {
  const tokens = tonDoubleTokens(registry, network.network);
  const running = await masterchainHead(new TonCenterClient([network.rpcUrl], { timeoutMs: 1000 })).catch(() => undefined);
  if (running !== undefined) {
    if (running.global_id !== network.chainId)
      throw new Error(`${network.network}: port of ${network.rpcUrl} is taken by something that is not the TON double of chain ${network.chainId}`);
    return { rpcUrl: network.rpcUrl, chainId: running.global_id, tokens, reused: true, stop: async () => undefined };
  }
  const jettons = [
    ...registry
      .coinsOn(network.network)
      .filter((c) => c.token)
      .map((c) => ({ name: `${network.network}:${c.token!.ticker}`, decimals: c.decimals })),
    { name: `${network.network}:fake-USDT`, decimals: 6 },
  ];
  const { TonDouble } = await import('./double');
  const double = new TonDouble({ globalId: network.chainId, blockMs, jettons });
  await double.start(Number(new URL(network.rpcUrl).port));
  return { rpcUrl: network.rpcUrl, chainId: network.chainId, tokens, reused: false, stop: () => double.stop() };
}

/** Pays on the double from its faucet, as a customer's wallet would (through the double's own transfer call); the block is made at once. */
export async function payOnTonDouble(
  rpcUrl: string,
  p: { to: string; tokenContract: string | null; units: bigint; memo?: string | null; viaContract?: boolean },
): Promise<{ txHash: string; blockNumber: number; from: string }> {
  if (p.viaContract) throw new Error('the TON double pays from a wallet only');
  const body = await askDouble<{ hash: string; seqno: number; from: string }>(rpcUrl, 'transfer', {
    to: p.to,
    amount: p.units.toString(),
    jetton: p.tokenContract ?? undefined,
    comment: p.memo ?? undefined,
  });
  return { txHash: body.hash, blockNumber: body.seqno, from: body.from };
}

/** The raw address of a customer's wallet on the double, by name (deployed, with Toncoin; jettons come from payOnTonDouble). */
export async function doubleWallet(rpcUrl: string, name: string): Promise<string> {
  return (await askDouble<{ address: string }>(rpcUrl, 'wallet', { name })).address;
}

/** Sends a TON Connect transaction's messages from the double's wallet `name`, as the wallet app would; its BoC, as the wallet answers the app. */
export async function sendFromDoubleWallet(rpcUrl: string, name: string, messages: WalletMessage[]): Promise<string> {
  return (await askDouble<{ boc: string }>(rpcUrl, 'send', { wallet: name, messages })).boc;
}

async function askDouble<T>(rpcUrl: string, call: string, request: unknown): Promise<T> {
  const response = await fetch(`${rpcUrl.replace(/\/+$/, '')}/double/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok || body.error) throw new Error(`the TON double refused ${call}: ${body.error ?? response.status}`);
  return body;
}
