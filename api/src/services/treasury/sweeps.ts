import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChainRegistry, TSweepSources, TSweepSummary, TTreasuryTransfer, ZRecordTransferRequest } from '@topup/shared';
import type { ChainFamily } from '../../chain/port';
import type { NetworkConfig } from '../../config';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { payouts, sweepLeftovers, treasuryTransfers } from '../../db/schema';
import { recordAudit } from '../audit';
import { AppError } from '../errors';

type TransferRow = typeof treasuryTransfers.$inferSelect;
type RecordTransfer = z.output<typeof ZRecordTransferRequest>;

/** Statuses in which an order may still receive what it is owed: its address is not swept. */
const OPEN_STATUSES = ['pending_crypto_payment', 'confirming'] as const;

export function transferView(t: TransferRow): TTreasuryTransfer {
  return {
    id: t.id,
    network: t.network,
    chainId: t.chainId,
    kind: t.kind,
    from: t.fromAddress,
    to: t.toAddress,
    coin: t.coin,
    amount: t.amount,
    nonce: t.nonce,
    txHash: t.txHash,
    rawTx: t.rawTx,
    status: t.status,
    fee: t.fee,
    payoutId: t.payoutId,
  };
}

/**
 * The API's side of sweeping: what the sweep tool plans from (the deposit addresses that received
 * money, and whether each may be touched yet), and the record of every transaction it signs. The keys
 * are never here: the tool, run where the seed phrase is, signs; this only records.
 */
export class SweepService {
  constructor(
    private readonly deps: {
      db: Db;
      registry: ChainRegistry;
      networks: Readonly<Record<string, NetworkConfig>>;
      families: Readonly<Record<string, ChainFamily>>;
    },
  ) {}

  /** Refuses an address that is not of the network's chain family (a 0x address on Tron, say). */
  private checkAddresses(network: string, addresses: string[]): void {
    const spec = this.deps.registry.network(network);
    if (!spec || !this.deps.networks[network]) throw new AppError('VALIDATION_ERROR', `Unknown network ${network}`);
    const family = this.deps.families[spec.family];
    if (!family) throw new AppError('VALIDATION_ERROR', `${network}: no chain family ${spec.family}`);
    for (const address of addresses) {
      const problem = family.checkAddress(address);
      if (problem) throw new AppError('VALIDATION_ERROR', `${address} on ${network}: ${problem}`);
    }
  }

  /**
   * Per enabled network: the addresses with confirmed payments that no finished sweep has covered since
   * (a finished address has its leftovers recorded after its last payment). An address is sweepable once
   * its order is settled and the watcher no longer looks at it (its balance checks would read a sweep's
   * gas as a payment).
   */
  async sources(network?: string): Promise<TSweepSources> {
    const enabled = Object.values(this.deps.networks).filter((n) => n.enabled && (!network || n.network === network));
    const result: TSweepSources['networks'] = [];
    for (const n of enabled) {
      const spec = this.deps.registry.network(n.network)!;
      const rows = rowsOf<{ address: string; derivation_index: number; order_id: number; sweepable: boolean }>(
        await this.deps.db.execute(sql`
          select o.deposit_address as address, d.derivation_index, o.id as order_id,
            (o.status not in (${sql.join(
              OPEN_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )}) and o.watch_until < now()) as sweepable
          from orders o
          join deposit_addresses d on d.address = o.deposit_address
          where exists (select 1 from payments p where p.order_id = o.id and p.status = 'confirmed' and p.network = ${n.network}
              and not exists (select 1 from sweep_leftovers l where l.network = ${n.network} and l.address = o.deposit_address and l.checked_at > p.created_at))
          order by d.derivation_index`),
      );
      const unsettled = await this.deps.db
        .select()
        .from(treasuryTransfers)
        .where(and(eq(treasuryTransfers.network, n.network), eq(treasuryTransfers.status, 'sent')))
        .orderBy(treasuryTransfers.id);
      result.push({
        network: n.network,
        family: spec.family,
        chainId: n.chainId,
        nativeCoin: this.deps.registry.nativeCoin(n.network).symbol,
        tokens: Object.entries(n.tokens).map(([symbol, contract]) => ({ symbol, contract, decimals: this.deps.registry.requireCoin(symbol).decimals })),
        addresses: rows.map((r) => ({ address: r.address, derivationIndex: Number(r.derivation_index), orderId: Number(r.order_id), sweepable: r.sweepable })),
        unsettled: unsettled.map(transferView),
      });
    }
    return { success: true, networks: result };
  }

  /**
   * Records a signed transaction before it is broadcast; recording the same one again returns it. A
   * payout's transaction needs the payout approved and not being paid already: it moves to `sending`.
   */
  async recordTransfer(adminId: number, input: RecordTransfer): Promise<TTreasuryTransfer> {
    this.checkAddresses(input.network, [input.from, input.to]);
    const network = this.deps.networks[input.network]!;
    if (network.chainId !== input.chainId) throw new AppError('VALIDATION_ERROR', `${input.network} is chain ${network.chainId}, not ${input.chainId}`);
    return this.deps.db.transaction(async (tx) => {
      const [known] = await tx
        .select()
        .from(treasuryTransfers)
        .where(and(eq(treasuryTransfers.chainId, input.chainId), eq(treasuryTransfers.txHash, input.txHash)));
      if (known) return transferView(known);
      if (input.payoutId !== null) await this.startPayout(tx, adminId, input);
      const [row] = await tx
        .insert(treasuryTransfers)
        .values({
          network: input.network,
          chainId: input.chainId,
          kind: input.kind,
          fromAddress: input.from,
          toAddress: input.to,
          coin: input.coin,
          amount: input.amount,
          nonce: input.nonce,
          txHash: input.txHash,
          rawTx: input.rawTx,
          payoutId: input.payoutId,
        })
        .returning();
      return transferView(row!);
    });
  }

  private async startPayout(tx: DbOrTx, adminId: number, input: RecordTransfer): Promise<void> {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, input.payoutId!)).for('update');
    if (!payout) throw new AppError('NOT_FOUND', `Payout ${input.payoutId} not found`);
    if (payout.status !== 'approved') throw new AppError('INVALID_STATE', `Payout ${payout.id} is ${payout.status}: only an approved payout is paid.`);
    if (
      input.kind !== 'payout' ||
      input.network !== payout.network ||
      input.coin !== payout.coin ||
      input.amount !== payout.cryptoAmount ||
      input.to.toLowerCase() !== payout.toAddress.toLowerCase()
    ) {
      throw new AppError(
        'VALIDATION_ERROR',
        `The transaction does not pay payout ${payout.id} as approved (${payout.cryptoAmount} ${payout.coin} on ${payout.network} to ${payout.toAddress}).`,
      );
    }
    await tx.update(payouts).set({ status: 'sending', txHash: input.txHash }).where(eq(payouts.id, payout.id));
    await recordAudit(tx, { adminId, action: 'payout.send', target: `payout:${payout.id}`, after: { txHash: input.txHash } });
  }

  /**
   * What a recorded transaction came to. A confirmed payout is paid; a failed one (replaced, or reverted)
   * is approved again, to be paid by another transaction: its value left the ledger once, at approval.
   */
  async settleTransfer(adminId: number, id: number, outcome: { status: 'confirmed' | 'failed'; fee: string | null }): Promise<TTreasuryTransfer> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(treasuryTransfers).where(eq(treasuryTransfers.id, id)).for('update');
      if (!row) throw new AppError('NOT_FOUND', `Transfer ${id} not found`);
      if (row.status !== 'sent') {
        if (row.status === outcome.status) return transferView(row);
        throw new AppError('INVALID_STATE', `Transfer ${id} is already ${row.status}`);
      }
      const [updated] = await tx
        .update(treasuryTransfers)
        .set({ status: outcome.status, fee: outcome.fee, updatedAt: new Date() })
        .where(eq(treasuryTransfers.id, id))
        .returning();
      if (row.payoutId !== null) {
        const paid = outcome.status === 'confirmed';
        await tx
          .update(payouts)
          .set(paid ? { status: 'paid', fee: outcome.fee, paidAt: new Date() } : { status: 'approved', txHash: null })
          .where(eq(payouts.id, row.payoutId));
        await recordAudit(tx, {
          adminId,
          action: paid ? 'payout.paid' : 'payout.send-failed',
          target: `payout:${row.payoutId}`,
          after: { txHash: row.txHash, fee: outcome.fee },
        });
      }
      return transferView(updated!);
    });
  }

  /** What a run left on each address it finished (zero included: the address is done until it receives again). */
  async recordLeftovers(network: string, leftovers: { address: string; coin: string; amount: string }[]): Promise<void> {
    this.checkAddresses(
      network,
      leftovers.map((l) => l.address),
    );
    if (leftovers.length === 0) return;
    await this.deps.db
      .insert(sweepLeftovers)
      .values(leftovers.map((l) => ({ network, address: l.address, coin: l.coin, amount: l.amount, checkedAt: new Date() })))
      .onConflictDoUpdate({
        target: [sweepLeftovers.network, sweepLeftovers.address, sweepLeftovers.coin],
        set: { amount: sql`excluded.amount`, checkedAt: sql`excluded.checked_at` },
      });
  }

  /** Per network and coin: received, swept, pending (not swept since it came), dust, in flight; and the fees paid. */
  async summary(): Promise<TSweepSummary> {
    const rows = rowsOf<{ network: string; coin: string; received: string; swept: string; pending: string; dust: string; in_flight: string }>(
      await this.deps.db.execute(sql`
        with received as (
          select p.network, p.coin, sum(p.amount) as received,
            sum(p.amount) filter (where not exists (
              select 1 from sweep_leftovers l where l.network = p.network and lower(l.address) = lower(p.to_address) and l.checked_at > p.created_at)) as pending
          from payments p where p.status = 'confirmed' group by p.network, p.coin
        ), moved as (
          select network, coin,
            sum(amount) filter (where status = 'confirmed') as swept,
            sum(amount) filter (where status = 'sent') as in_flight
          from treasury_transfers where kind in ('token', 'native') group by network, coin
        ), dust as (
          select network, coin, sum(amount) as dust from sweep_leftovers group by network, coin
        ), keys as (
          select network, coin from received union select network, coin from moved union select network, coin from dust
        )
        select k.network, k.coin, coalesce(r.received, 0)::text as received, coalesce(m.swept, 0)::text as swept,
          coalesce(r.pending, 0)::text as pending, coalesce(d.dust, 0)::text as dust, coalesce(m.in_flight, 0)::text as in_flight
        from keys k
        left join received r using (network, coin) left join moved m using (network, coin) left join dust d using (network, coin)
        order by k.network, k.coin`),
    );
    const fees = rowsOf<{ network: string; fee: string; transfers: number }>(
      await this.deps.db.execute(sql`
        select network, coalesce(sum(fee), 0)::text as fee, count(*)::int as transfers
        from treasury_transfers where status <> 'sent' group by network order by network`),
    );
    return {
      success: true,
      rows: rows.map((r) => ({
        network: r.network,
        coin: r.coin,
        decimals: this.deps.registry.coin(r.coin)?.decimals ?? 18,
        received: r.received,
        swept: r.swept,
        pending: r.pending,
        dust: r.dust,
        inFlight: r.in_flight,
      })),
      fees: fees.map((f) => ({ network: f.network, coin: this.deps.registry.nativeCoin(f.network).symbol, fee: f.fee, transfers: f.transfers })),
    };
  }
}
