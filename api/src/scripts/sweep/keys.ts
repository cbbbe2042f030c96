import fs from 'node:fs';
import { HDNodeWallet, Mnemonic } from 'ethers';

/** The deposit addresses' path: the API's extended public key is this node's (m/44'/60'/0'/0). */
const DEPOSIT_PATH = "m/44'/60'/0'/0";
/**
 * The tool's own signer: another account of the same seed, outside the deposit path, so it is never a
 * deposit address. It holds the native coin that pays for gas, and the coins payouts are paid in.
 */
const SIGNER_PATH = "m/44'/60'/1'/0/0";

/** The keys the sweep tool signs with, from the seed phrase (never sent anywhere). */
export class SweepKeys {
  private readonly deposits: HDNodeWallet;
  readonly signer: HDNodeWallet;

  constructor(phrase: string) {
    const seed = Mnemonic.fromPhrase(phrase.trim().replace(/\s+/g, ' ')).computeSeed();
    const root = HDNodeWallet.fromSeed(seed);
    this.deposits = root.derivePath(DEPOSIT_PATH);
    this.signer = root.derivePath(SIGNER_PATH);
  }

  /** The key of deposit address `index`; refuses when it is not `expected` (another seed than the API's key). */
  deposit(index: number, expected: string): HDNodeWallet {
    const wallet = this.deposits.deriveChild(index);
    if (wallet.address.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`deposit address #${index} of this seed phrase is ${wallet.address}, not ${expected}: is it the seed of the API's DEPOSIT_XPUB?`);
    }
    return wallet;
  }
}

/** The seed phrase from SWEEP_SEED_FILE (a file readable by the operator only) or SWEEP_SEED_PHRASE. */
export function loadSeedPhrase(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SWEEP_SEED_FILE) return fs.readFileSync(env.SWEEP_SEED_FILE, 'utf8').trim();
  if (env.SWEEP_SEED_PHRASE) return env.SWEEP_SEED_PHRASE.trim();
  throw new Error('no seed phrase: set SWEEP_SEED_FILE (a file with the phrase) or SWEEP_SEED_PHRASE');
}
