import { Address, beginCell, contractAddress } from '@ton/core';
import { JETTON_MINTER_CODE, JETTON_WALLET_CODE } from './jetton-code';

/**
 * Where the TON double has its accounts and jettons: stable addresses the configuration and the
 * adapter read without loading the double and its emulator.
 */

/** Sandbox's treasuries are deterministic by name: these are the addresses of `treasury('faucet')` and `treasury('receiving')`. */
export const DOUBLE_FAUCET = 'EQB4FQRn1mGOQCOn65zv9ePEcYvcW_mT-RmjQkI5KIS-JQUW';
export const DOUBLE_RECEIVING_WALLET = 'UQCSX3r5VEjNtLOanhktzDZTitbXiS_inIQiqF4Apugniy-b';

export interface DoubleJetton {
  /** A name that makes its master's address (the network and ticker: `ton:USDT`). */
  name: string;
  decimals: number;
}

/** The master of a double's jetton: TEP-74's minter with the faucet as admin, its content naming it. */
export function minterInit(name: string) {
  const content = beginCell().storeUint(1, 8).storeStringTail(`ton-double:${name}`).endCell();
  const data = beginCell().storeCoins(0).storeAddress(Address.parse(DOUBLE_FAUCET)).storeRef(content).storeRef(JETTON_WALLET_CODE).endCell();
  return { code: JETTON_MINTER_CODE, data };
}

/** The address the double deploys the jetton `name` at (stable: the configuration reads it without the double). */
export function doubleJettonMaster(name: string): string {
  return contractAddress(0, minterInit(name)).toString();
}
