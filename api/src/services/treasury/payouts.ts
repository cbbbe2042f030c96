import { desc, eq, inArray, and, isNull, sql } from 'drizzle-orm';
import { formatUsd, PAYOUT_MAX_CENTS, PAYOUT_MIN_CENTS, type TPayout } from '@topup/shared';
import type { Db, DbOrTx } from '../../db/client';
import { orders, payouts, type PayoutRow } from '../../db/schema';
import { recordAudit } from '../audit';
import { AppError } from '../errors';
import { debit, lockBalance } from '../ledger';
import { offerOn, surfaceOf } from '../telegram-policy';
import type { Chains } from '../../chain/chains';
import type { PricingService } from '../pricing';

/** Whose value is paid out: a customer's balance, or the credits held on an anonymous order. */
export type PayoutOwner = { customerId: number } | { heldOn: number };

export interface PayoutAsk {
  owner: PayoutOwner;
  network: string;
  coin: string;
  address: string;
  /** Cents; all that is available when absent. */
  amountCents?: number;
  requestedBy: 'customer' | 'admin';
  /** The admin who asked for the customer. */
  adminId?: number;
  /** The Telegram user asking (the mini-app, the bot): Telegram's rules say which coins, and so which addresses. */
  telegramUserId?: number | null;
  note?: string;
}

/** Payouts not decided or not paid yet: what they ask is no longer available to ask again. */
const UNDECIDED = ['requested'] as const;

export function payoutView(p: PayoutRow): TPayout {
  return {
    id: p.id,
    customerId: p.customerId,
    orderId: p.orderId,
    amount: p.amountCents,
    network: p.network,
    coin: p.coin,
    toAddress: p.toAddress,
    cryptoAmount: p.cryptoAmount,
    status: p.status,
    requestedBy: p.requestedBy,
    note: p.note,
    txHash: p.txHash,
    fee: p.fee,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

/**
 * Value given back on chain: a customer (or an admin for them) asks, with an address and a network; an
 * admin approves (the ledger is debited then, once: the approval locks the payout and the debit is
 * unique per payout) or rejects; the sweep tool's signer pays it and records the transaction
 * (SweepService). Every step is in the audit log.
 */
export class PayoutService {
  constructor(private readonly deps: { db: Db; chains: Chains; pricing: PricingService }) {}

  async request(ask: PayoutAsk): Promise<TPayout> {
    const offer = offerOn(this.deps.chains, ask.coin, surfaceOf(ask), 'payouts');
    if (!offer || offer.network.network !== ask.network)
      throw new AppError('VALIDATION_ERROR', `${ask.coin} is not paid out on ${ask.network}: choose a coin of that network.`);
    const problem = this.deps.chains.checkAddress(ask.network, ask.address);
    if (problem) throw new AppError('VALIDATION_ERROR', `address: ${problem}`);
    return this.deps.db.transaction(async (tx) => {
      if ('heldOn' in ask.owner) {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, ask.owner.heldOn));
        if (!order) throw new AppError('NOT_FOUND', `Order ${ask.owner.heldOn} not found`);
      }
      const available = await this.available(tx, ask.owner);
      const amountCents = ask.amountCents ?? available;
      if (amountCents < PAYOUT_MIN_CENTS || amountCents > PAYOUT_MAX_CENTS) {
        throw new AppError(
          'AMOUNT_OUT_OF_RANGE',
          `A payout is between ${formatUsd(PAYOUT_MIN_CENTS)} and ${formatUsd(PAYOUT_MAX_CENTS)}; ${formatUsd(amountCents)} was asked (${formatUsd(available)} available).`,
        );
      }
      if (amountCents > available)
        throw new AppError('INSUFFICIENT_FUNDS', `${formatUsd(available)} is available to pay out: ${formatUsd(amountCents)} cannot be.`);
      const [row] = await tx
        .insert(payouts)
        .values({
          customerId: 'customerId' in ask.owner ? ask.owner.customerId : null,
          orderId: 'heldOn' in ask.owner ? ask.owner.heldOn : null,
          amountCents,
          network: ask.network,
          coin: offer.coin.symbol,
          toAddress: ask.address,
          requestedBy: ask.requestedBy,
          note: ask.note || null,
        })
        .returning();
      await recordAudit(tx, { adminId: ask.adminId ?? null, action: 'payout.request', target: `payout:${row!.id}`, after: payoutView(row!) });
      return payoutView(row!);
    });
  }

  /** The owner's balance less the payouts asked and not decided yet, under the balance's lock (two asks queue). */
  private async available(tx: DbOrTx, owner: PayoutOwner): Promise<number> {
    const balance = await lockBalance(tx, owner);
    const whose = 'customerId' in owner ? eq(payouts.customerId, owner.customerId) : and(eq(payouts.orderId, owner.heldOn), isNull(payouts.customerId));
    const [asked] = await tx
      .select({ cents: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
      .from(payouts)
      .where(and(whose, inArray(payouts.status, UNDECIDED)));
    return balance - Number(asked?.cents ?? 0);
  }

  /**
   * Approves a requested payout: prices it in its coin and debits the ledger, in one transaction under
   * the payout's lock, so a second approval (even at the same moment) finds it approved and is refused.
   */
  async approve(adminId: number, id: number, note: string): Promise<TPayout> {
    return this.deps.db.transaction(async (tx) => {
      const payout = await this.lockRequested(tx, id, 'approved');
      const quote = await this.deps.pricing.quote(payout.coin, payout.amountCents);
      await debit(
        tx,
        {
          customerId: payout.customerId,
          orderId: payout.orderId,
          amountCents: payout.amountCents,
          reason: 'payout',
          referenceType: 'payout',
          referenceId: String(payout.id),
          note: `paid out in ${payout.coin} on ${payout.network} to ${payout.toAddress}`,
        },
        (balance) => `The balance is ${formatUsd(balance)}: the payout of ${formatUsd(payout.amountCents)} cannot be approved.`,
      );
      const [row] = await tx
        .update(payouts)
        .set({ status: 'approved', cryptoAmount: quote.units.toString(), decidedBy: adminId, decidedAt: new Date(), note: note || payout.note })
        .where(eq(payouts.id, id))
        .returning();
      await recordAudit(tx, {
        adminId,
        action: 'payout.approve',
        target: `payout:${id}`,
        before: { status: 'requested' },
        after: { status: 'approved', cryptoAmount: row!.cryptoAmount, note },
      });
      return payoutView(row!);
    });
  }

  async reject(adminId: number, id: number, note: string): Promise<TPayout> {
    return this.deps.db.transaction(async (tx) => {
      await this.lockRequested(tx, id, 'rejected');
      const [row] = await tx.update(payouts).set({ status: 'rejected', decidedBy: adminId, decidedAt: new Date(), note }).where(eq(payouts.id, id)).returning();
      await recordAudit(tx, { adminId, action: 'payout.reject', target: `payout:${id}`, before: { status: 'requested' }, after: { status: 'rejected', note } });
      return payoutView(row!);
    });
  }

  private async lockRequested(tx: DbOrTx, id: number, to: string): Promise<PayoutRow> {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!payout) throw new AppError('NOT_FOUND', `Payout ${id} not found`);
    if (payout.status !== 'requested') throw new AppError('INVALID_STATE', `Payout ${id} is already ${payout.status}: it cannot be ${to}.`);
    return payout;
  }

  async list(status?: PayoutRow['status']): Promise<TPayout[]> {
    const rows = await this.deps.db
      .select()
      .from(payouts)
      .where(status ? eq(payouts.status, status) : undefined)
      .orderBy(desc(payouts.id))
      .limit(500);
    return rows.map(payoutView);
  }
}
