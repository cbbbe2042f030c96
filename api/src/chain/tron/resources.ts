import type { TransferFees } from '../port';
import { chainPrices, type ChainPrices } from './api';
import type { TronHttpClient } from './http';

/**
 * What transfers use of Tron's resources. A TRC-20 transfer runs the token contract, which uses energy;
 * every transaction uses bandwidth (its size in bytes). What the sender has not got of either (staked,
 * delegated, or the daily free bandwidth) is paid by burning TRX at the network's prices
 * (getEnergyFee, getTransactionFee). USDT's transfer uses about 64,285 energy when the recipient already
 * holds USDT and about 130,285 when it holds none (a fresh storage slot), plus about 345 bytes; a TRX
 * transfer about 267 bytes. (The node's triggerconstantcontract gives the exact energy of one transfer;
 * the sweep plan asks it.)
 */
export const TRANSFER_ENERGY = { toHolder: 64_285, toNewHolder: 130_285 } as const;
export const TRANSFER_BYTES = { token: 345, trx: 267 } as const;

/** A payment's typical cost in sun: a TRX transfer's bandwidth; a token transfer to a fresh deposit address (it holds none yet). */
export function typicalTransferFees(prices: ChainPrices): TransferFees & { tokenEnergy: number; tokenBytes: number } {
  return {
    native: BigInt(TRANSFER_BYTES.trx * prices.transactionFee),
    token: BigInt(TRANSFER_ENERGY.toNewHolder * prices.energyFee + TRANSFER_BYTES.token * prices.transactionFee),
    tokenEnergy: TRANSFER_ENERGY.toNewHolder,
    tokenBytes: TRANSFER_BYTES.token,
  };
}

export async function transferFees(client: TronHttpClient): Promise<TransferFees> {
  const { native, token } = typicalTransferFees(await chainPrices(client));
  return { native, token };
}
