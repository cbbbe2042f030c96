import { getAddress, keccak256 } from 'ethers';
import { AccountChainKey } from '../extended-key';

/** The level whose extended public key we hold; deposit address i is its child i. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";

/**
 * The EVM deposit address of m/44'/60'/0'/0/i from an extended public key (public derivation:
 * AccountChainKey): the server never holds a private key. The test checks every address against ethers.
 */
export class DepositKey {
  private readonly key: AccountChainKey;

  constructor(xpub: string) {
    this.key = new AccountChainKey(xpub, 'DEPOSIT_XPUB', DEPOSIT_ACCOUNT_PATH);
  }

  address(index: number): string {
    return getAddress(`0x${keccak256(this.key.child(index).subarray(1)).slice(-40)}`);
  }
}
