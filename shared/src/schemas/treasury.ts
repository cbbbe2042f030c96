import { z } from 'zod';
import { ZIntId, ZUsd, ZUsdCents } from './common';

/**
 * Sweeps, payouts and reconciliation: the admin calls the sweep tool makes (it runs where the seed
 * phrase is and reads and records everything through these), and what the console shows.
 * Crypto amounts are exact base units as decimal text.
 */

const ZUnits = z.string().regex(/^\d+$/, 'must be base units (a whole number)');
/** An address of the network's chain family: the API checks it as the family checks addresses. */
const ZChainAddress = z.string().min(1).max(100);
/** 32 bytes in hex: 0x-prefixed on EVM networks, bare on Tron. */
const ZTxHash = z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a transaction hash');

export const TREASURY_KINDS = ['gas', 'token', 'native', 'payout'] as const;

/** A transaction the sweep tool signed (recorded before it is broadcast). */
export const ZTreasuryTransfer = z.object({
  id: z.number().int(),
  network: z.string(),
  chainId: z.number().int(),
  kind: z.enum(TREASURY_KINDS),
  from: z.string(),
  to: z.string(),
  coin: z.string(),
  amount: ZUnits,
  nonce: z.number().int().nonnegative(),
  txHash: z.string(),
  rawTx: z.string(),
  status: z.enum(['sent', 'confirmed', 'failed']),
  fee: ZUnits.nullable(),
  payoutId: z.number().int().nullable(),
});
export type TTreasuryTransfer = z.infer<typeof ZTreasuryTransfer>;

/** POST /api/admin/sweeps/transfers: a signed transaction, recorded before it is broadcast. */
export const ZRecordTransferRequest = z.object({
  network: z.string(),
  chainId: z.number().int().positive(),
  kind: z.enum(TREASURY_KINDS),
  from: ZChainAddress,
  to: ZChainAddress,
  coin: z.string(),
  amount: ZUnits,
  /** The sender's nonce on EVM networks; 0 where the family has none (Tron). */
  nonce: z.number().int().nonnegative(),
  txHash: ZTxHash,
  rawTx: z.string().regex(/^(0x)?[0-9a-fA-F]+$/, 'must be the signed transaction in hex'),
  payoutId: z.number().int().positive().nullable().default(null),
});
export type TRecordTransferRequest = z.input<typeof ZRecordTransferRequest>;

export const ZTransferRecorded = z.object({ success: z.literal(true), transfer: ZTreasuryTransfer });
export const ZTreasuryDone = z.object({ success: z.literal(true) });

/** POST /api/admin/sweeps/transfers/{id}/settle: what the receipt said (or that the transaction was replaced). */
export const ZSettleTransferRequest = z.object({ status: z.enum(['confirmed', 'failed']), fee: ZUnits.nullable() });

/** A deposit address that received money, and whether the sweep may touch it yet. */
export const ZSweepAddress = z.object({
  address: z.string(),
  derivationIndex: z.number().int().nonnegative(),
  orderId: z.number().int(),
  /** False while its order is open or the watcher still watches it: the sweep leaves it alone. */
  sweepable: z.boolean(),
});

/** GET /api/admin/sweeps/sources: per network, what the sweep tool needs to plan from. */
export const ZSweepSources = z.object({
  success: z.literal(true),
  networks: z.array(
    z.object({
      network: z.string(),
      family: z.string(),
      chainId: z.number().int(),
      nativeCoin: z.string(),
      tokens: z.array(z.object({ symbol: z.string(), contract: z.string(), decimals: z.number().int() })),
      addresses: z.array(ZSweepAddress),
      /** Transactions recorded but not settled: an interrupted run's, to finish first. */
      unsettled: z.array(ZTreasuryTransfer),
    }),
  ),
});
export type TSweepSources = z.infer<typeof ZSweepSources>;

/** POST /api/admin/sweeps/leftovers: what a run left on addresses (dust), per network. */
export const ZLeftoversRequest = z.object({
  network: z.string(),
  leftovers: z.array(z.object({ address: ZChainAddress, coin: z.string(), amount: ZUnits })),
});

/** GET /api/admin/sweeps: per network and coin, what came in, what was swept, what waits, what is dust. */
export const ZSweepSummary = z.object({
  success: z.literal(true),
  rows: z.array(
    z.object({
      network: z.string(),
      coin: z.string(),
      decimals: z.number().int(),
      received: ZUnits,
      swept: ZUnits,
      /** Received on addresses not swept since. */
      pending: ZUnits,
      /** Left on addresses by the last runs: less than its fee. */
      dust: ZUnits,
      inFlight: ZUnits,
    }),
  ),
  fees: z.array(z.object({ network: z.string(), coin: z.string(), fee: ZUnits, transfers: z.number().int() })),
});
export type TSweepSummary = z.infer<typeof ZSweepSummary>;

// Payouts

/** Smallest and largest payout: below the fee it is not worth a transaction; above, a manual transfer. */
export const PAYOUT_MIN_CENTS = 100;
export const PAYOUT_MAX_CENTS = 100_000;
export const PAYOUT_STATUS_VALUES = ['requested', 'approved', 'sending', 'paid', 'rejected'] as const;

export const ZPayout = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  amount: ZUsd,
  network: z.string(),
  coin: z.string(),
  toAddress: z.string(),
  cryptoAmount: ZUnits.nullable(),
  status: z.enum(PAYOUT_STATUS_VALUES),
  requestedBy: z.enum(['customer', 'admin']),
  note: z.string().nullable(),
  txHash: z.string().nullable(),
  fee: ZUnits.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;
export const ZPayouts = z.object({ success: z.literal(true), payouts: z.array(ZPayout) });
export const ZPayoutDone = z.object({ success: z.literal(true), payout: ZPayout });

const ZPayoutTarget = z.object({
  network: z.string().min(1, 'Choose a network'),
  coin: z.string().min(1, 'Choose a coin'),
  /** An address of the network's chain family: the API checks it with the family's own rules. */
  address: z.string().trim().min(1, 'is required').max(128),
  /** Dollars; all that is available when absent. */
  amount: ZUsdCents.optional(),
});

/**
 * POST /api/payouts: a payout asked for by the customer, of their balance (signed in), or of the
 * credits held on an anonymous order (its order token).
 */
export const ZPayoutRequest = ZPayoutTarget.extend({ orderToken: z.string().trim().min(1).max(200).optional() });
/** POST /api/admin/payouts: the admin asks for a customer (customerId) or for an anonymous order's holder (orderId). */
export const ZAdminPayoutRequest = ZPayoutTarget.extend({
  customerId: ZIntId.optional(),
  orderId: ZIntId.optional(),
  note: z.string().trim().max(500).default(''),
}).refine((v) => (v.customerId === undefined) !== (v.orderId === undefined), { message: 'Name either a customerId or an orderId' });
export const ZPayoutDecision = z.object({ note: z.string().trim().max(500).default('') });
export const ZPayoutsQuery = z.object({ status: z.enum(PAYOUT_STATUS_VALUES).optional() });

// Reconciliation

export const ZReconciliation = z.object({
  success: z.literal(true),
  /** Per network and coin: arrived on chain vs what the orders and the ledger took of it. */
  chain: z.array(
    z.object({
      network: z.string(),
      coin: z.string(),
      arrived: ZUnits,
      toOrders: ZUnits,
      credited: ZUnits,
      unaccounted: z.string(),
    }),
  ),
  /** Per provider: what delivered top-ups cost vs how much the provider's balance moved (between two readings). */
  providers: z.array(
    z.object({
      provider: z.string(),
      delivered: ZUsd,
      deliveredOrders: z.number().int(),
      balanceChange: ZUsd.nullable(),
      difference: ZUsd.nullable(),
    }),
  ),
  liabilities: z.object({ balances: ZUsd, held: ZUsd, payoutsDue: ZUsd, total: ZUsd, fundsOnHand: ZUsd, difference: ZUsd }),
  differences: z.array(z.object({ kind: z.string(), network: z.string().nullable(), orderId: z.number().int().nullable(), detail: z.string() })),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;
