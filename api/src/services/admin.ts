import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  CHAINS,
  cryptoUnitsToCents,
  formatUsd,
  MANUAL_TOPUP_STATUSES,
  type TAdminOrder,
  type TAdminSettings,
  type TAdminStats,
  type TAdminUser,
  type TOrderStatus,
  ZIntId,
} from '@topup/shared';
import { rowsOf, type Db } from '../db/client';
import { auditLog, customers, ledgerEntries, orders, payments, type OrderRow } from '../db/schema';
import { paidBySql, resentAs } from './admin-orders';
import { AppError } from './errors';
import { recordAudit } from './audit';
import type { BalanceService } from './balances';
import { CUSTOMER_NAME_COLUMNS } from './customers';
import { orderView, type OrderService } from './orders';
import { insertPaidOrder, transition } from './order-state';
import type { PricingSetting, SettingsService, SystemSetting } from './settings';
import { newPaymentId } from './order-tokens';
import { ORDER_EXPORT_COLUMNS, orderExportRows } from './order-export';
import { chargesFor } from './quote';

/** Orders in one export at most (the filter narrows a larger set). */
const EXPORT_LIMIT = 100_000;

export interface OrderFilter {
  status?: TOrderStatus[];
  from?: Date;
  to?: Date;
  phone?: string;
  coin?: string;
  /** An order id, payment id, provider transaction id or a chain transaction hash. */
  q?: string;
  page: number;
  pageSize: number;
}

/**
 * What admins see and do: figures, orders, customers and their balances, manual top-ups, settings.
 * Every change is written to the audit log in the transaction that makes it.
 */
export class AdminService {
  constructor(private readonly deps: { db: Db; orders: OrderService; balances: BalanceService; settings: SettingsService }) {}

  /**
   * The spec's four figures, with the admin-granted top-ups apart (docs/admin.md). Each
   * completed recharge is paid by the customer or granted by an admin (`paidBySql`). totalRevenue: the
   * customers' part, less what admins refunded; adminGranted: the rest. A balance top-up is neither:
   * its money counts when the balance pays a recharge. successRate:
   * completed / (completed + failed), in percent; activeUsers: distinct customers with an order in
   * the last 30 days.
   */
  async stats(): Promise<TAdminStats> {
    const result = await this.deps.db.execute(sql`
      with o as (
        select o.status, o.total_cents, o.customer_id, o.created_at, ${paidBySql(sql`o`)} as paid_by
        from ${orders} o
      )
      select
        coalesce(sum(total_cents) filter (where status = 'completed' and paid_by = 'customer'), 0)::bigint as revenue,
        (select coalesce(sum(amount_cents), 0) from ${ledgerEntries} where reason = 'admin_refund')::bigint as refunded,
        coalesce(sum(total_cents) filter (where status = 'completed' and paid_by = 'admin'), 0)::bigint as granted,
        count(*) filter (where status = 'completed' and paid_by = 'admin')::int as granted_orders,
        count(*)::int as orders,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'failed')::int as failed,
        count(distinct customer_id) filter (where created_at > now() - interval '30 days')::int as active
      from o`);
    type Row = {
      revenue: string | number;
      refunded: string | number;
      granted: string | number;
      granted_orders: number;
      orders: number;
      completed: number;
      failed: number;
      active: number;
    };
    const r = rowsOf<Row>(result)[0]!;
    const settled = r.completed + r.failed;
    const receivedBeforeMark = await this.receivedBeforeMarkedPaid();
    return {
      totalRevenue: Number(r.revenue) - Number(r.refunded) + receivedBeforeMark,
      totalOrders: r.orders,
      successRate: settled === 0 ? 0 : Math.round((r.completed / settled) * 1000) / 10,
      activeUsers: r.active,
      adminGranted: Number(r.granted) - receivedBeforeMark,
      adminGrantedOrders: r.granted_orders,
    };
  }

  /**
   * What customers did send to orders an admin then marked paid (a part paid in crypto, the rest by
   * other means): their money, so revenue, not a grant. Valued at the order's own quote and never above
   * its total; payments credited to a balance are left out (they count when the balance is spent).
   */
  private async receivedBeforeMarkedPaid(): Promise<number> {
    const result = await this.deps.db.execute(sql`
      select o.coin, o.price_usd_e8::text as price, o.total_cents as total, sum(p.amount)::text as received
      from ${orders} o join ${payments} p on p.order_id = o.id
      where o.status = 'completed' and ${paidBySql(sql`o`)} = 'admin' and o.price_usd_e8 is not null
        and p.coin = o.coin and p.status = 'confirmed' and p.disposition is distinct from 'credited'
      group by o.id`);
    const rows = rowsOf<{ coin: string; price: string; total: number; received: string }>(result);
    return rows.reduce((sum, row) => {
      const coin = CHAINS.coin(row.coin);
      if (!coin) return sum;
      return sum + Math.min(Number(row.total), cryptoUnitsToCents(BigInt(row.received), BigInt(row.price), coin.decimals));
    }, 0);
  }

  async listOrders(f: OrderFilter): Promise<{ total: number; orders: TAdminOrder[] }> {
    const { total, rows } = await this.findOrders(f);
    const displays = await this.deps.orders.stories.displays(rows);
    return {
      total,
      orders: rows.map((r) => ({
        ...orderView(r, displays.get(r.id)!),
        display: displays.get(r.id)!,
        amount: r.amountCents,
        serviceFee: r.feeCents,
        totalAmount: r.totalCents,
      })),
    };
  }

  /** The orders export (order-export.ts): every order the filter finds, newest first, under its header. */
  async exportOrders(f: Omit<OrderFilter, 'page' | 'pageSize'>): Promise<{ headers: string[]; rows: (string | number | null)[][] }> {
    const { rows } = await this.findOrders({ ...f, page: 1, pageSize: EXPORT_LIMIT });
    const facts = await this.deps.orders.stories.facts(rows, { events: true });
    return {
      headers: ORDER_EXPORT_COLUMNS.map((c) => c.header),
      rows: orderExportRows(
        rows.map((r) => facts.get(r.id)!),
        { stories: this.deps.orders.stories, registry: CHAINS },
      ),
    };
  }

  private async findOrders(f: OrderFilter): Promise<{ total: number; rows: OrderRow[] }> {
    const where: SQL[] = [];
    if (f.status?.length) where.push(inArray(orders.status, f.status));
    if (f.from) where.push(gte(orders.createdAt, f.from));
    if (f.to) where.push(lte(orders.createdAt, f.to));
    if (f.phone) where.push(ilike(orders.phoneNumber, `%${f.phone.replace(/[%_\\]/g, '')}%`));
    // A former symbol (MATIC) finds the coin's orders under its symbol now (POL).
    if (f.coin) where.push(eq(orders.coin, CHAINS.coin(f.coin)?.symbol ?? f.coin));
    if (f.q) {
      const q = f.q.trim();
      const byTx = sql`${orders.id} in (select ${payments.orderId} from ${payments} where lower(${payments.txHash}) = ${q.toLowerCase()})`;
      const id = ZIntId.safeParse(q);
      where.push(or(...(id.success ? [eq(orders.id, id.data)] : []), eq(orders.paymentId, q), eq(orders.providerTransactionId, q), byTx)!);
    }
    const condition = where.length ? and(...where) : undefined;
    const [{ total } = { total: 0 }] = await this.deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(condition);
    const rows = await this.deps.db
      .select()
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize);
    return { total, rows };
  }

  /** Customers with their balances (spec: User: id, email, firstName, lastName, balance, createdAt). */
  async users(): Promise<TAdminUser[]> {
    const rows = await this.deps.db
      .select({
        ...CUSTOMER_NAME_COLUMNS,
        createdAt: customers.createdAt,
        // Qualified by hand: drizzle writes columns unqualified here, and a bare "id" inside the
        // subquery would be the ledger entry's id, not the customer's.
        balanceCents: sql<string>`coalesce((select sum(l.amount_cents) from ${ledgerEntries} l where l.customer_id = ${customers}.id), 0)`,
      })
      .from(customers)
      .orderBy(desc(customers.createdAt))
      .limit(500);
    return rows.map(({ balanceCents, ...u }) => ({ ...u, balance: Number(balanceCents) }));
  }

  /** Adds to or takes from a customer's balance, as a ledger entry with the admin's notes; the balance after it, in cents. */
  async adjustBalance(adminId: number, input: { userId: number; amountCents: number; action: 'add' | 'subtract'; notes: string }) {
    return this.deps.db.transaction(async (tx) => {
      const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.userId));
      if (!customer) throw new AppError('NOT_FOUND', `User ${input.userId} not found`);
      const signed = input.action === 'add' ? input.amountCents : -input.amountCents;
      const { beforeCents, afterCents, reference } = await this.deps.balances.adjustByAdmin(tx, adminId, customer.id, signed, input.notes);
      await recordAudit(tx, {
        adminId,
        action: `balance.${input.action}`,
        target: `user:${customer.id}`,
        before: { balanceCents: beforeCents },
        after: { balanceCents: afterCents, reference, notes: input.notes },
      });
      return afterCents;
    });
  }

  /**
   * The spec's new mode: an order the admin pays, delivered through the normal exactly-once path.
   * Returns the order and its status (paid: queued for delivery, not delivered yet).
   */
  async manualTopupNew(adminId: number, input: { phoneNumber: string; countryId: number; operatorId: number; amountCents: number; notes: string }) {
    // The top-up limits of the settings hold in every flow, this one included.
    const pricing = await this.deps.settings.get('pricing');
    if (input.amountCents < pricing.minAmountCents || input.amountCents > pricing.maxAmountCents) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', `Amount must be between ${formatUsd(pricing.minAmountCents)} and ${formatUsd(pricing.maxAmountCents)}.`);
    }
    const recharge = await this.deps.orders.checkRecharge(
      { phoneNumber: input.phoneNumber, operatorId: input.operatorId, countryRef: input.countryId },
      input.amountCents,
    );
    const charges = chargesFor('manual_topup', input.amountCents, await this.deps.settings.get('pricing'));
    return this.deps.db.transaction(async (tx) => {
      const createdAt = new Date();
      const order = await insertPaidOrder(
        tx,
        'admin',
        {
          paymentId: newPaymentId(),
          customerId: null,
          kind: 'recharge',
          source: 'admin',
          ...recharge,
          ...charges,
          email: null,
          expiresAt: createdAt,
          createdAt,
        },
        `manual top-up by an admin: ${input.notes || 'no notes'}`,
      );
      await recordAudit(tx, { adminId, action: 'order.manual-topup', target: `order:${order.id}`, after: { mode: 'new', ...input } });
      return { orderId: order.id, status: order.status };
    });
  }

  /**
   * The spec's existing mode (and the order page's "mark paid" and "re-send"). An unpaid or expired
   * order is marked paid by the admin and delivered. A failed order stays failed: a new order sends
   * the same top-up, and the credit its failure gave is taken back in the same transaction, so the
   * customer is not paid twice; a failure is re-sent once. `action` names what the admin meant, so a
   * page that went stale (the order failed meanwhile) cannot do the other. Returns the order that
   * delivers and its status.
   */
  async manualTopupExisting(adminId: number, input: { orderId: number; notes: string; action?: 'mark-paid' | 'resend' }) {
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order) throw new AppError('NOT_FOUND', `Order ${input.orderId} not found`);
      if (!MANUAL_TOPUP_STATUSES.includes(order.status)) {
        throw new AppError('INVALID_STATE', `Order ${order.id} is ${order.status}: only pending, failed or expired orders can be topped up by hand.`);
      }
      if (order.kind !== 'recharge') throw new AppError('INVALID_STATE', 'A balance top-up has no phone to top up.');
      if (input.action === 'mark-paid' && order.status === 'failed')
        throw new AppError('INVALID_STATE', `Order ${order.id} failed: re-send it instead of marking it paid.`);
      if (input.action === 'resend' && order.status !== 'failed')
        throw new AppError('INVALID_STATE', `Order ${order.id} is ${order.status}: only a failed order can be re-sent.`);
      const cause = `manual top-up by an admin: ${input.notes}`;
      if (order.status !== 'failed') {
        const paid = await transition(tx, order.id, 'paid', { cause, detail: { paidByAdmin: true, adminId } });
        await recordAudit(tx, {
          adminId,
          action: 'order.manual-topup',
          target: `order:${order.id}`,
          before: { status: order.status },
          after: { status: 'paid', notes: input.notes },
        });
        return { orderId: order.id, status: paid.status };
      }
      const retried = await resentAs(tx, order.id);
      if (retried !== null) throw new AppError('CONFLICT', `Order ${order.id} was already re-sent as order ${retried}: a failed top-up is re-sent once.`);
      const createdAt = new Date();
      const retry = await insertPaidOrder(
        tx,
        'admin',
        {
          paymentId: newPaymentId(),
          source: 'admin',
          customerId: order.customerId,
          telegramUserId: order.telegramUserId,
          // If this top-up fails too, its credit goes back to the failed order, where its customer reaches it.
          retryOf: order.id,
          kind: order.kind,
          countryCode: order.countryCode,
          countryId: order.countryId,
          operatorId: order.operatorId,
          operatorName: order.operatorName,
          serviceType: order.serviceType,
          phoneNumber: order.phoneNumber,
          amountCents: order.amountCents,
          feeCents: order.feeCents,
          totalCents: order.totalCents,
          localAmount: order.localAmount,
          localCurrency: order.localCurrency,
          email: order.email,
          expiresAt: createdAt,
          createdAt,
        },
        `${cause} (again for failed order ${order.id})`,
      );
      // The failure's credit comes back (409 when it was already spent: the whole top-up is undone).
      await this.deps.balances.takeBackFailureCredit(tx, order, retry.id, input.notes);
      await recordAudit(tx, { adminId, action: 'order.manual-topup', target: `order:${order.id}`, after: { retryOrder: retry.id, notes: input.notes } });
      return { orderId: retry.id, status: retry.status };
    });
  }

  /** The system settings as the console edits them. */
  async settings(): Promise<TAdminSettings> {
    const [system, pricing] = await Promise.all([this.deps.settings.get('system'), this.deps.settings.get('pricing')]);
    return { ...system, minTopUp: pricing.minAmountCents, maxTopUp: pricing.maxAmountCents, serviceFee: pricing.serviceFeeCents };
  }

  async updateSettings(adminId: number, next: { system: SystemSetting; pricing: PricingSetting }): Promise<TAdminSettings> {
    const [system, pricing] = await Promise.all([this.deps.settings.get('system'), this.deps.settings.get('pricing')]);
    const before = { ...system, ...pricing };
    await this.deps.db.transaction(async (tx) => {
      await this.deps.settings.set('system', next.system, tx);
      await this.deps.settings.set('pricing', next.pricing, tx);
      await recordAudit(tx, { adminId, action: 'settings.update', before, after: { ...next.system, ...next.pricing } });
    });
    return this.settings();
  }

  async auditLog(page: number, pageSize: number) {
    return this.deps.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  }
}
