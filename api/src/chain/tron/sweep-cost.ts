import { hexOf, wordOf } from './address';
import { chainPrices, type ChainPrices } from './api';
import type { TronHttpClient } from './http';
import { TRANSFER_BYTES, TRANSFER_ENERGY } from './resources';

/**
 * What sweeping Tron deposit addresses costs, read from the chain: a deposit address that received
 * USDT has no TRX and no energy, so moving its USDT burns TRX for the energy of the transfer (about
 * 64,285 to a treasury that already holds USDT) unless energy was delegated to it, and it must first
 * receive that TRX (which also activates an address that only ever received tokens: the account
 * creation fee, paid by the sender). TRX on a deposit address moves on its daily free bandwidth. The operator lowers the
 * cost by delegating energy staked by the treasury (Stake 2.0) to each address before the sweep: the
 * energy available here is subtracted from what would be burnt.
 */

export interface AddressSweepCost {
  address: string;
  /** The token held (base units) and its coin; null when none. */
  token: { coin: string; amount: bigint } | null;
  /** TRX held, in sun. */
  trx: bigint;
  /** False when the address has no account yet (it only received tokens). */
  activated: boolean;
  /** Energy the token transfer needs (the node's estimate), and what the address has (delegated). */
  energyNeeded: number;
  energyAvailable: number;
  /** Bandwidth the token transfer needs, and the address's free bandwidth left today. */
  bytesNeeded: number;
  bytesAvailable: number;
  /** TRX burnt for the energy and bandwidth not covered, in sun. */
  burnSun: bigint;
  /** The account creation fee where the address is not activated, in sun. */
  activationSun: bigint;
  /** TRX to send the address before its token transfer (what it burns), in sun. */
  fundSun: bigint;
  /** All it costs to empty the address, in sun. */
  costSun: bigint;
}

export interface SweepCostPlan {
  addresses: AddressSweepCost[];
  totalSun: bigint;
  prices: ChainPrices;
}

interface Account {
  balance?: number;
}
interface Resources {
  freeNetLimit?: number;
  freeNetUsed?: number;
  NetLimit?: number;
  NetUsed?: number;
  EnergyLimit?: number;
  EnergyUsed?: number;
}
interface ConstantResult {
  result?: { result?: boolean; message?: string };
  energy_used?: number;
  constant_result?: string[];
}

export async function sweepCosts(
  client: TronHttpClient,
  opts: { addresses: string[]; token: { coin: string; contract: string } | null; treasury: string },
): Promise<SweepCostPlan> {
  const prices = await chainPrices(client);
  const addresses: AddressSweepCost[] = [];
  const treasuryHolds = opts.token ? (await tokenBalance(client, opts.token.contract, opts.treasury)) > 0n : false;
  for (const address of opts.addresses) {
    const account = await client.post<Account>('/wallet/getaccount', { address, visible: true });
    const resources = await client.post<Resources>('/wallet/getaccountresource', { address, visible: true });
    const activated = account.balance !== undefined || Object.keys(account).length > 0;
    const trx = BigInt(account.balance ?? 0);
    const held = opts.token ? await tokenBalance(client, opts.token.contract, address) : 0n;
    const token = opts.token && held > 0n ? { coin: opts.token.coin, amount: held } : null;
    const energyAvailable = Math.max(0, (resources.EnergyLimit ?? 0) - (resources.EnergyUsed ?? 0));
    // An address that is not activated yet is by the TRX sent to it first, and gets the daily free bandwidth then.
    const bytesAvailable =
      Math.max(0, (resources.freeNetLimit ?? 0) - (resources.freeNetUsed ?? 0)) + Math.max(0, (resources.NetLimit ?? 0) - (resources.NetUsed ?? 0));
    let energyNeeded = 0;
    let bytesNeeded = 0;
    if (token) {
      energyNeeded = await transferEnergy(client, opts.token!.contract, address, opts.treasury, held, treasuryHolds);
      bytesNeeded = TRANSFER_BYTES.token;
    }
    const burnSun = BigInt(Math.max(0, energyNeeded - energyAvailable) * prices.energyFee + Math.max(0, bytesNeeded - bytesAvailable) * prices.transactionFee);
    const activationSun = token && !activated ? BigInt(prices.createAccountFee) : 0n;
    // TRX already on the address pays its own burn first; an address without an account gets at least 1 sun, which creates it.
    const fundSun = token ? bigMax(burnSun - trx, activated ? 0n : 1n) : 0n;
    addresses.push({
      address,
      token,
      trx,
      activated,
      energyNeeded,
      energyAvailable,
      bytesNeeded,
      bytesAvailable,
      burnSun,
      activationSun,
      fundSun,
      costSun: burnSun + activationSun,
    });
  }
  return { addresses, totalSun: addresses.reduce((sum, a) => sum + a.costSun, 0n), prices };
}

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export async function tokenBalance(client: TronHttpClient, contract: string, owner: string): Promise<bigint> {
  const answer = await client.post<ConstantResult>('/wallet/triggerconstantcontract', {
    owner_address: owner,
    contract_address: contract,
    function_selector: 'balanceOf(address)',
    parameter: wordOf(owner),
    visible: true,
  });
  const word = answer.constant_result?.[0];
  if (!answer.result?.result || !word) throw new Error(`balanceOf(${owner}) on ${contract} failed: ${answer.result?.message ?? 'no result'}`);
  return BigInt(`0x${word || '0'}`);
}

/** The node's estimate of the transfer's energy; the documented figure where the node gives none. */
async function transferEnergy(client: TronHttpClient, contract: string, from: string, to: string, amount: bigint, toHolder: boolean): Promise<number> {
  if (!hexOf(to)) throw new Error(`the treasury ${to} is not a Tron address`);
  const answer = await client.post<ConstantResult>('/wallet/triggerconstantcontract', {
    owner_address: from,
    contract_address: contract,
    function_selector: 'transfer(address,uint256)',
    parameter: wordOf(to) + amount.toString(16).padStart(64, '0'),
    visible: true,
  });
  if (answer.result?.result && answer.energy_used) return answer.energy_used;
  return toHolder ? TRANSFER_ENERGY.toHolder : TRANSFER_ENERGY.toNewHolder;
}
