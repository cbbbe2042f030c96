import { getBytes, SigningKey } from 'ethers';
import type { DepositKeyScheme, SweepKeys } from '../../scripts/sweep/keys';
import type { NetworkSources, PlanOnlyPlanner } from '../../scripts/sweep/planner';
import { addressOfPublicKey } from './address';
import { TRON_ACCOUNT_PATH } from './deposit-key';
import type { TronHttpClient } from './http';
import { planTronSweep, type TronSweepPlan } from './sweep-plan';

/** Tron's keys in the seed: deposit addresses under TRON_DEPOSIT_XPUB's node; the signer another account of coin type 195. */
export const TRON_KEYS: DepositKeyScheme = {
  depositPath: TRON_ACCOUNT_PATH,
  signerPath: "m/44'/195'/1'/0/0",
  addressOf: (key) => addressOfPublicKey(getBytes(SigningKey.computePublicKey(key.publicKey, false))),
  // Base58 is case-sensitive: two spellings are two addresses.
  sameAddress: (a, b) => a === b,
};

/**
 * The sweep tool's Tron family: plans from the chain (each address's energy, the TRX it burns, its
 * activation) after checking every address it plans for is the seed's. It does not sign: Tron
 * transactions are not built here yet, so an operator moves the coins with a wallet of the same seed,
 * following the plan.
 */
export class TronSweepPlanner implements PlanOnlyPlanner {
  readonly planOnly = 'this tool plans Tron sweeps but does not sign them yet (move the coins with a Tron wallet of the same seed, as the plan says)';

  constructor(private readonly o: { client: TronHttpClient; keys: SweepKeys; treasury: string }) {}

  plan(sources: NetworkSources): Promise<TronSweepPlan> {
    // A seed that is not the API's key's stops the run before anything is planned.
    for (const a of sources.addresses) if (a.sweepable) this.o.keys.deposit(a.derivationIndex, a.address);
    return planTronSweep(this.o.client, sources, this.o.keys.signerAddress, this.o.treasury);
  }
}
