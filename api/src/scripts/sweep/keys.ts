import fs from 'node:fs';
import { HDNodeWallet, Mnemonic } from 'ethers';

/** Where a chain family's keys sit in the seed, and how its addresses are made from a key. */
export interface DepositKeyScheme {
  /** The deposit addresses' node: the API's extended public key of the family is this node's. */
  depositPath: string;
  /**
   * The tool's own signer: another account of the same seed, outside the deposit path, so it is never
   * a deposit address. It holds the native coin that pays for the sweep, and the coins payouts are paid in.
   */
  signerPath: string;
  addressOf(key: HDNodeWallet): string;
  sameAddress(a: string, b: string): boolean;
}

/** EVM networks: m/44'/60'/0'/0 (DEPOSIT_XPUB); the letter case of an address is only its checksum. */
export const EVM_KEYS: DepositKeyScheme = {
  depositPath: "m/44'/60'/0'/0",
  signerPath: "m/44'/60'/1'/0/0",
  addressOf: (key) => key.address,
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
};

/** The keys the sweep tool signs with on one chain family, from the seed phrase (never sent anywhere). */
export class SweepKeys {
  private readonly deposits: HDNodeWallet;
  readonly signer: HDNodeWallet;
  /** The signer's address on the family's chains. */
  readonly signerAddress: string;

  constructor(
    phrase: string,
    private readonly scheme: DepositKeyScheme = EVM_KEYS,
  ) {
    const seed = Mnemonic.fromPhrase(phrase.trim().replace(/\s+/g, ' ')).computeSeed();
    const root = HDNodeWallet.fromSeed(seed);
    this.deposits = root.derivePath(scheme.depositPath);
    this.signer = root.derivePath(scheme.signerPath);
    this.signerAddress = scheme.addressOf(this.signer);
  }

  /** The key of deposit address `index`; refuses when it is not `expected` (another seed than the API's key). */
  deposit(index: number, expected: string): HDNodeWallet {
    const wallet = this.deposits.deriveChild(index);
    const address = this.scheme.addressOf(wallet);
    if (!this.scheme.sameAddress(address, expected)) {
      throw new Error(
        `deposit address #${index} of this seed phrase is ${address}, not ${expected}: is it the seed of the API's extended public key (${this.scheme.depositPath})?`,
      );
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
