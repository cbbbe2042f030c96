import { getBytes, SigningKey, type HDNodeWallet } from 'ethers';
import type { TTreasuryTransfer } from '@topup/shared';
import type { NetworkConfig } from '../../config';
import type { DepositKeyScheme, SweepKeys } from '../../scripts/sweep/keys';
import type { ExecutionResult, FamilyPlanner, NetworkPlan, NetworkSources, PlannedTransfer, SweepJournal } from '../../scripts/sweep/planner';
import { addressOfPublicKey, wordOf } from './address';
import { chainPrices, nowBlock, type TronTransactionInfo } from './api';
import { TRON_ACCOUNT_PATH } from './deposit-key';
import type { TronHttpClient } from './http';
import { TRANSFER_BYTES } from './resources';
import { tokenBalance } from './sweep-cost';
import { planTronSweep, type TronSweepPlan } from './sweep-plan';
import { referenceOf, signTransaction, type TronCall } from './transaction';

/** Tron's keys in the seed: deposit addresses under TRON_DEPOSIT_XPUB's node; the signer another account of coin type 195. */
export const TRON_KEYS: DepositKeyScheme = {
  depositPath: TRON_ACCOUNT_PATH,
  signerPath: "m/44'/195'/1'/0/0",
  addressOf: (key) => addressOfPublicKey(getBytes(SigningKey.computePublicKey(key.publicKey, false))),
  // Base58 is case-sensitive: two spellings are two addresses.
  sameAddress: (a, b) => a === b,
};

/** A transaction not in a block this long after it was made is dropped by the network: a later run records it failed. */
const EXPIRATION_MS = 10 * 60_000;
/** Headroom on the fee limit of a token transfer over its planned burn (the energy price may move). */
const FEE_LIMIT_HEADROOM = (v: bigint) => (v * 5n) / 4n;
const INFO_POLL_MS = 100;

interface TronPlannerOptions {
  client: TronHttpClient;
  network: NetworkConfig;
  keys: SweepKeys;
  /** The operator's treasury on this network (T…): where swept coins go. */
  treasury: string;
  receiptTimeoutMs?: number;
}

interface Outgoing {
  t: PlannedTransfer;
  key: HDNodeWallet;
  call: TronCall;
  feeLimit: bigint;
}

/**
 * The sweep tool's Tron family: the plan from the chain (each address's energy, the TRX it burns, its
 * activation; sweep-plan.ts), then TRX from the signer to each address that holds USDT (settled before
 * anything else: the USDT transfers burn it), then the USDT, then TRX balances, all to the treasury.
 * Transactions are built and signed here (transaction.ts), recorded through the journal, broadcast
 * (/wallet/broadcasthex) and settled with what they burnt (/wallet/gettransactioninfobyid). Payouts
 * are not paid on Tron: a payout's address is an EVM one.
 */
export class TronSweepPlanner implements FamilyPlanner {
  constructor(private readonly o: TronPlannerOptions) {}

  plan(sources: NetworkSources): Promise<TronSweepPlan> {
    // A seed that is not the API key's stops the run before anything is planned.
    for (const a of sources.addresses) if (a.sweepable) this.o.keys.deposit(a.derivationIndex, a.address);
    return planTronSweep(this.o.client, sources, this.o.keys.signerAddress, this.o.treasury);
  }

  async execute(plan: NetworkPlan, journal: SweepJournal): Promise<ExecutionResult> {
    const result: ExecutionResult = { sent: 0, fees: 0n };
    const add = (r: ExecutionResult) => {
      result.sent += r.sent;
      result.fees += r.fees;
    };
    const keys = new Map(plan.addresses.map((a) => [a.address, this.o.keys.deposit(a.derivationIndex, a.address)]));
    const of = (kind: PlannedTransfer['kind']) => plan.transfers.filter((t) => t.kind === kind);
    const trx = (t: PlannedTransfer, key: HDNodeWallet, amount = t.amount): Outgoing => ({
      t: { ...t, amount },
      key,
      call: { type: 'TransferContract', owner: t.from, to: t.to, amount },
      feeLimit: 0n,
    });

    add(
      await this.sendAll(
        plan.network,
        journal,
        of('gas').map((t) => trx(t, this.o.keys.signer)),
      ),
    );
    add(
      await this.sendAll(
        plan.network,
        journal,
        of('token').map((t) => ({
          t,
          key: keys.get(t.from)!,
          call: {
            type: 'TriggerSmartContract',
            owner: t.from,
            contract: this.o.network.tokens[t.coin]!,
            data: `a9059cbb${wordOf(t.to)}${t.amount.toString(16).padStart(64, '0')}`,
          },
          feeLimit: FEE_LIMIT_HEADROOM(t.fee),
        })),
      ),
    );

    // TRX: what the address holds now, less its transfer's bandwidth where the free bandwidth of the day is spent.
    const { transactionFee } = await chainPrices(this.o.client);
    const natives: Outgoing[] = [];
    for (const t of of('native')) {
      const { balance, freeBytes } = await this.account(t.from);
      const fee = freeBytes >= TRANSFER_BYTES.trx ? 0n : BigInt(TRANSFER_BYTES.trx * transactionFee);
      if (balance > 2n * fee) natives.push(trx({ ...t, fee }, keys.get(t.from)!, balance - fee));
    }
    add(await this.sendAll(plan.network, journal, natives));

    // What is left on each finished address (dust, or nothing), so the API knows it is done.
    const leftovers: { address: string; coin: string; amount: string }[] = [];
    for (const a of plan.addresses) {
      leftovers.push({ address: a.address, coin: plan.nativeCoin, amount: (await this.account(a.address)).balance.toString() });
      for (const [coin, contract] of Object.entries(this.o.network.tokens))
        leftovers.push({ address: a.address, coin, amount: (await tokenBalance(this.o.client, contract, a.address)).toString() });
    }
    await journal.leftovers(plan.network, leftovers);
    return result;
  }

  async finish(unsettled: TTreasuryTransfer[], journal: SweepJournal): Promise<ExecutionResult> {
    const result: ExecutionResult = { sent: 0, fees: 0n };
    for (const t of unsettled) {
      if (!(await this.info(t.txHash))) {
        // Past its expiration the network no longer takes it: it never happened, and the next plan reads the balances anew.
        if ((await this.broadcast(t.rawTx)) === 'expired') {
          await journal.settle(t.id, { status: 'failed', fee: null });
          continue;
        }
        result.sent++;
      }
      const outcome = outcomeOf(await this.waitForInfo(t.txHash));
      await journal.settle(t.id, outcome);
      result.fees += BigInt(outcome.fee);
    }
    return result;
  }

  /** Signs each on one reference block, records each (before it leaves), broadcasts each, then waits for and settles each. */
  private async sendAll(network: string, journal: SweepJournal, batch: Outgoing[]): Promise<ExecutionResult> {
    if (!batch.length) return { sent: 0, fees: 0n };
    const reference = referenceOf(await nowBlock(this.o.client));
    const now = Date.now();
    const recorded: TTreasuryTransfer[] = [];
    for (const { t, key, call, feeLimit } of batch) {
      const signed = signTransaction({ call, ...reference, expiration: now + EXPIRATION_MS, timestamp: now, feeLimit }, key.signingKey);
      recorded.push(
        await journal.record({
          network,
          chainId: this.o.network.chainId,
          kind: t.kind,
          from: call.owner,
          to: t.to,
          coin: t.coin,
          amount: t.amount.toString(),
          nonce: 0,
          txHash: signed.txID,
          rawTx: signed.hex,
          payoutId: null,
        }),
      );
    }
    for (const r of recorded) await this.broadcast(r.rawTx);
    const result: ExecutionResult = { sent: recorded.length, fees: 0n };
    for (const r of recorded) {
      const outcome = outcomeOf(await this.waitForInfo(r.txHash));
      await journal.settle(r.id, outcome);
      result.fees += BigInt(outcome.fee);
    }
    return result;
  }

  /** 'sent', or 'expired' when the network refuses it as too old; any other refusal stops the run. */
  private async broadcast(hex: string): Promise<'sent' | 'expired'> {
    const answer = await this.o.client.post<{ result?: boolean; code?: string; message?: string; txid?: string }>('/wallet/broadcasthex', {
      transaction: hex,
    });
    if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR') return 'sent';
    if (answer.code === 'TRANSACTION_EXPIRATION_ERROR') return 'expired';
    throw new Error(`the Tron node refused transaction ${answer.txid ?? ''}: ${answer.code} ${answer.message ?? ''}`);
  }

  private async info(txID: string): Promise<TronTransactionInfo | null> {
    const info = await this.o.client.post<Partial<TronTransactionInfo>>('/wallet/gettransactioninfobyid', { value: txID });
    return info.id ? (info as TronTransactionInfo) : null;
  }

  private async waitForInfo(txID: string): Promise<TronTransactionInfo> {
    const deadline = Date.now() + (this.o.receiptTimeoutMs ?? 120_000);
    for (;;) {
      const info = await this.info(txID);
      if (info) return info;
      if (Date.now() > deadline) throw new Error(`transaction ${txID} is in no block yet: run the sweep again later, it will pick it up`);
      await new Promise((resolve) => setTimeout(resolve, INFO_POLL_MS));
    }
  }

  private async account(address: string): Promise<{ balance: bigint; freeBytes: number }> {
    const account = await this.o.client.post<{ balance?: number }>('/wallet/getaccount', { address, visible: true });
    const r = await this.o.client.post<{ freeNetLimit?: number; freeNetUsed?: number }>('/wallet/getaccountresource', { address, visible: true });
    return { balance: BigInt(account.balance ?? 0), freeBytes: (r.freeNetLimit ?? 0) - (r.freeNetUsed ?? 0) };
  }
}

/** A contract call that failed (REVERT, OUT_OF_ENERGY) still burnt its fee. */
function outcomeOf(info: TronTransactionInfo): { status: 'confirmed' | 'failed'; fee: string } {
  const failed = info.result === 'FAILED' || (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS');
  return { status: failed ? 'failed' : 'confirmed', fee: String(info.fee ?? 0) };
}
