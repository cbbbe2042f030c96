import type { TPayout, TRecordTransferRequest, TSweepSources, TTreasuryTransfer } from '@topup/shared';

/**
 * The sweep tool's seam per chain family: a planner reads the chain for the addresses the API lists,
 * plans what to move (and what it costs), and executes a plan, recording each transaction through the
 * journal before broadcasting it. A family (EVM, Tron, …) is one implementation; the tool picks it by
 * the family the API names for each network.
 */
export type NetworkSources = TSweepSources['networks'][number];

/** One transaction of a plan. */
export interface PlannedTransfer {
  kind: 'gas' | 'token' | 'native';
  from: string;
  /** The deposit address's derivation index; null for the tool's own signer. */
  derivationIndex: number | null;
  to: string;
  coin: string;
  /** Base units; for a native sweep, what the plan expects (the live balance decides at execution). */
  amount: bigint;
  /** The most it may cost, in the native coin's base units. */
  fee: bigint;
  /** The family's own limit on the work the transaction may do (EVM: its gas limit). */
  limit: bigint;
}

/** What stays on an address because moving it would cost more than it is worth. */
export interface Leftover {
  address: string;
  coin: string;
  amount: bigint;
}

export interface NetworkPlan {
  network: string;
  nativeCoin: string;
  /** Gas first (it funds the token sweeps), then tokens, then the native coin. */
  transfers: PlannedTransfer[];
  dust: Leftover[];
  /** Addresses left alone: their order is open or still watched. */
  skipped: { address: string; orderId: number }[];
  /** The sum of the transfers' fees, in the native coin's base units. */
  totalFee: bigint;
  /** The addresses the plan finishes (their leftovers are recorded after execution). */
  addresses: { address: string; derivationIndex: number }[];
  /** Lines the family adds to the printout (Tron: each address's energy and what its sweep costs). */
  notes?: string[];
}

/** Where every signed transaction is recorded (the API), before it is broadcast and once it settles. */
export interface SweepJournal {
  record(transfer: TRecordTransferRequest): Promise<TTreasuryTransfer>;
  settle(id: number, outcome: { status: 'confirmed' | 'failed'; fee: string | null }): Promise<void>;
  leftovers(network: string, leftovers: { address: string; coin: string; amount: string }[]): Promise<void>;
}

export interface ExecutionResult {
  sent: number;
  /** Fees paid, in the native coin's base units (from the receipts). */
  fees: bigint;
}

export interface FamilyPlanner {
  /** Transactions an interrupted run recorded and did not settle: sent again if the chain lacks them, then settled. */
  finish(unsettled: TTreasuryTransfer[], journal: SweepJournal): Promise<ExecutionResult>;
  plan(sources: NetworkSources): Promise<NetworkPlan>;
  execute(plan: NetworkPlan, journal: SweepJournal): Promise<ExecutionResult>;
  /** Pays an approved payout from the tool's signer; absent where payouts are not offered on the family's networks. */
  payout?(sources: NetworkSources, payout: TPayout, journal: SweepJournal): Promise<ExecutionResult>;
}
