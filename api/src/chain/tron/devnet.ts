import type { ChainRegistry } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import { blockByNum } from './api';
import { addressOfName, TronDouble } from './double';
import { TronHttpClient } from './http';

/**
 * The Tron double as the development devnet runs it: one per enabled Tron network that has a devnet
 * entry, in the API's own process, on the port of the network's RPC URL, with the network's tokens at
 * stable addresses (the configuration reads them from here) and a fake USDT beside the real one.
 */

/** The double's token contracts of a network, by coin symbol. */
export function tronDoubleTokens(registry: ChainRegistry, network: string): Record<string, string> {
  return Object.fromEntries(
    registry
      .coinsOn(network)
      .filter((c) => c.token)
      .map((c) => [c.symbol, addressOfName(`${network}:${c.token!.ticker}`)]),
  );
}

/** A TRC-20 contract on the double that calls itself USDT (name, symbol and decimals) and is not the configured one. */
export function fakeUsdtAddress(network: string): string {
  return addressOfName(`${network}:fake-USDT`);
}

/** The account that holds the double's TRX and tokens and pays for `npm run pay`. */
export const DOUBLE_FAUCET = addressOfName('faucet');

export interface RunningTronDouble {
  rpcUrl: string;
  chainId: number;
  tokens: Record<string, string>;
  /** Another process runs it (a second `npm start`): stop() leaves it running. */
  reused: boolean;
  stop(): Promise<void>;
}

export async function startTronDouble(network: NetworkConfig, registry: ChainRegistry, blockMs = 1000): Promise<RunningTronDouble> {
  const tokens = tronDoubleTokens(registry, network.network);
  const url = new URL(network.rpcUrl);
  const running = await blockByNum(new TronHttpClient([network.rpcUrl], { timeoutMs: 1000 }), 0).catch(() => undefined);
  if (running !== undefined) {
    const chainId = running ? Number.parseInt(running.blockID.slice(-8), 16) : NaN;
    if (chainId !== network.chainId)
      throw new Error(`${network.network}: port of ${network.rpcUrl} is taken by something that is not the Tron double of chain ${network.chainId}`);
    return { rpcUrl: network.rpcUrl, chainId, tokens, reused: true, stop: async () => undefined };
  }
  const double = new TronDouble({
    chainId: network.chainId,
    blockMs,
    faucet: DOUBLE_FAUCET,
    tokens: [
      ...registry
        .coinsOn(network.network)
        .filter((c) => c.token)
        .map((c) => ({ symbol: c.token!.ticker, name: c.token!.tokenName, decimals: c.decimals, address: tokens[c.symbol]! })),
      { symbol: 'USDT', name: 'Tether USD', decimals: 6, address: fakeUsdtAddress(network.network) },
    ],
  });
  await double.start(Number(url.port));
  return { rpcUrl: network.rpcUrl, chainId: network.chainId, tokens, reused: false, stop: () => double.stop() };
}

/** Pays on the double, as a customer's wallet would (through the double's own transfer call); waits for nothing: the block is made at once. */
export async function payOnTronDouble(
  rpcUrl: string,
  p: { to: string; tokenContract: string | null; units: bigint; viaContract?: boolean },
): Promise<{ txHash: string; blockNumber: number; from: string }> {
  const response = await fetch(`${rpcUrl.replace(/\/+$/, '')}/double/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: p.to, amount: p.units.toString(), contract: p.tokenContract ?? undefined, viaContract: p.viaContract }),
  });
  const body = (await response.json()) as { txID?: string; blockNumber?: number; ok?: boolean; Error?: string };
  if (!response.ok || !body.txID) throw new Error(`the Tron double refused the transfer: ${body.Error ?? response.status}`);
  if (!body.ok) throw new Error(`transaction ${body.txID} failed on the double (REVERT)`);
  return { txHash: body.txID, blockNumber: body.blockNumber!, from: DOUBLE_FAUCET };
}
