import { HDNodeWallet } from 'ethers';

/**
 * Hardhat Network's default accounts: every devnet node funds the same twenty, derived from this public
 * test phrase. Account #0 deploys the tokens; #1..#9 hold them and pay orders. Never use them elsewhere:
 * their keys are known to everyone.
 */
const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEPLOYER_INDEX = 0;
export const FUNDED_ACCOUNT_INDEXES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** The account that pays when none is named: #0 is busy being the deployer. */
export const DEFAULT_PAYER_INDEX = 1;

let root: HDNodeWallet | undefined;

export function devnetAccount(index: number): HDNodeWallet {
  if (!Number.isInteger(index) || index < 0 || index > 19) throw new Error(`devnet account must be 0..19, got ${index}`);
  // The seed costs a key-stretching round; derive it once.
  root ??= HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, "m/44'/60'/0'/0");
  return root.deriveChild(index);
}
