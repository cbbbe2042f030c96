import crypto from 'node:crypto';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  BALANCE_TOPUP_PHONE,
  CHAINS,
  type ChainRegistry,
  PAYMENT_WINDOW_MS,
  WATCH_AFTER_WINDOW_MS,
  formatCryptoAmount,
  formatUnits,
  formatUsd,
  type TCoinSymbol,
  type TCreatePaymentRequest,
  type TBalanceOrderCreated,
  type TCryptoPaymentRequest,
  type TOrderStatus,
  type TOrderView,
  type TPaymentCreated,
  type TPaymentStatus,
} from '@topup/shared';
import type { Chains } from '../chain/chains';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys, isCryptoOrder, jobs, orders, payments, type CryptoOrderRow, type OrderRow } from '../db/schema';
import { AppError } from './errors';
import type { DepositAddressAllocator } from '../chain/addresses';
import { QUEUES } from '../jobs/queues';
import type { CatalogService } from './catalog';
import { operatorAccepts } from './catalog';
import { checkMobileNumber } from './phone';
import type { PricingService } from './pricing';
import type { SettingsService } from './settings';
import { recordAudit } from './audit';
import { assertAmountInRange, chargesFor, type Charges } from './quote';
import { insertOrder, insertPaidOrder, transition, type NewOrder } from './order-state';
import type { BalanceService } from './balances';
import { OrderInserter } from './order-inserter';
import { newPaymentId, type OrderTokens } from './order-tokens';
import { wireOperatorId } from '../airtime/operator-ids';

/** Who is asking, and how the request reached us. */
export interface OrderContext {
  source: 'web' | 'compact' | 'telegram' | 'bot' | 'admin';
  customerId?: number | null;
  idempotencyKey?: string;
}

/** An order request after each flow's payload is read: the same rules apply to all of them. */
interface OrderSpec {
  amountCents: number;
  /** `field`: where the request named the coin, for the message that refuses it. */
  payment: { method: 'crypto'; coin: TCoinSymbol; field: string } | { method: 'balance' };
  email: string | null;
  /** Absent for a balance top-up. */
  recharge: { phoneNumber: string; operatorId: number; countryRef?: number | string } | null;
}

type Recharge = Awaited<ReturnType<OrderService['checkRecharge']>>;

export class OrderService {
  constructor(
    private readonly deps: {
      db: Db;
      catalog: CatalogService;
      pricing: PricingService;
      settings: SettingsService;
      addresses: DepositAddressAllocator;
      balances: BalanceService;
      tokens: OrderTokens;
      chains: Chains;
      now?: () => number;
    },
  ) {
    this.inserter = new OrderInserter(deps.db);
  }

  private readonly inserter: OrderInserter;

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** POST /api/crypto-payment: the five-step and Telegram payloads, paid on chain or from the balance. */
  createFromCryptoPayment(input: TCryptoPaymentRequest, ctx: OrderContext): Promise<TPaymentCreated | TBalanceOrderCreated> {
    const balanceTopup = input.phoneNumber === BALANCE_TOPUP_PHONE;
    if (!balanceTopup && input.operatorId === undefined) throw new AppError('VALIDATION_ERROR', 'operatorId: is required');
    if (balanceTopup && input.paymentMethod === 'balance') throw new AppError('VALIDATION_ERROR', 'A balance top-up is paid in crypto.');
    return this.create(
      {
        amountCents: input.amount,
        payment: input.paymentMethod === 'balance' ? { method: 'balance' } : { method: 'crypto', coin: input.cryptoCurrency, field: 'cryptoCurrency' },
        email: input.email ?? input.customerEmail ?? null,
        recharge: balanceTopup ? null : { phoneNumber: input.phoneNumber, operatorId: input.operatorId!, countryRef: input.countryId },
      },
      ctx,
    );
  }

  /** POST /api/create-payment: the compact payload. */
  async createFromCompact(input: TCreatePaymentRequest, ctx: OrderContext): Promise<TPaymentCreated> {
    const spec: OrderSpec = {
      amountCents: input.amount,
      payment: { method: 'crypto', coin: input.currency, field: 'currency' },
      email: input.email ?? null,
      recharge: { phoneNumber: input.phoneNumber, operatorId: input.operatorId },
    };
    return (await this.create(spec, ctx)) as TPaymentCreated;
  }

  private async create(spec: OrderSpec, ctx: OrderContext): Promise<TPaymentCreated | TBalanceOrderCreated> {
    const requestHash = ctx.idempotencyKey ? hashRequest(ctx.source, spec) : '';
    if (ctx.idempotencyKey) {
      const replay = await this.replay(ctx.idempotencyKey, requestHash);
      if (replay) return replay;
    }
    await this.deps.settings.assertOpenForOrders();
    const pricing = await this.deps.settings.get('pricing');
    assertAmountInRange(pricing, spec.amountCents);
    const recharge = spec.recharge ? await this.checkRecharge(spec.recharge, spec.amountCents) : null;
    const charges = chargesFor(recharge ? 'recharge' : 'balance_topup', spec.amountCents, pricing);
    if (spec.payment.method === 'balance') return this.createPaidFromBalance(spec, recharge!, charges, ctx, requestHash);
    return this.createCrypto(spec, spec.payment.coin, recharge, charges, ctx, requestHash);
  }

  private async createCrypto(spec: OrderSpec, symbol: TCoinSymbol, recharge: Recharge | null, charges: Charges, ctx: OrderContext, requestHash: string): Promise<TPaymentCreated> {
    const offer = this.deps.chains.offer(symbol);
    if (!offer) {
      const offered = this.deps.chains.offered().coins.map((c) => c.symbol);
      if (this.deps.chains.registry.coin(symbol)) {
        throw new AppError('VALIDATION_ERROR', `${symbol} payments are not available right now. Please choose another cryptocurrency (${offered.join(', ')}).`);
      }
      throw new AppError('VALIDATION_ERROR', `${spec.payment.method === 'crypto' ? spec.payment.field : 'cryptoCurrency'}: cryptocurrency must be one of ${offered.join(', ')}`);
    }
    const { coin, network, tokenContract } = offer;
    const quote = await this.deps.pricing.quote(coin.symbol, charges.totalCents);
    const deposit = await this.deps.addresses.next();
    const createdAt = new Date(this.now());
    const expiresAt = new Date(createdAt.getTime() + PAYMENT_WINDOW_MS);
    const paymentId = newPaymentId();

    const newOrder: NewOrder = {
      derivationIndex: deposit.index,
      cause: `order created (${ctx.source})`,
      expiry: { queue: QUEUES.expireOrder, runAt: expiresAt },
      row: {
        paymentId,
        customerId: ctx.customerId ?? null,
        kind: recharge ? 'recharge' : 'balance_topup',
        source: ctx.source,
        countryCode: recharge?.countryCode ?? null,
        countryId: recharge?.countryId ?? null,
        operatorId: recharge?.operatorId ?? null,
        operatorName: recharge?.operatorName ?? null,
        serviceType: recharge?.serviceType ?? null,
        phoneNumber: recharge?.phoneNumber ?? null,
        amountCents: charges.amountCents,
        feeCents: charges.feeCents,
        totalCents: charges.totalCents,
        localAmount: recharge?.localAmount ?? null,
        localCurrency: recharge?.localCurrency ?? null,
        coin: coin.symbol,
        network: coin.network,
        chainId: network.chainId,
        tokenContract,
        cryptoAmount: quote.units.toString(),
        priceUsdE8: quote.usdE8.toString(),
        depositAddress: deposit.address,
        email: spec.email,
        expiresAt,
        watchUntil: new Date(expiresAt.getTime() + WATCH_AFTER_WINDOW_MS),
        createdAt,
      },
    };
    if (!ctx.idempotencyKey) return this.paymentCreated(await this.inserter.insert(newOrder));
    const created = await this.onceForKey(ctx.idempotencyKey, requestHash, (tx) => insertOrder(tx, newOrder));
    return created ? this.paymentCreated(created) : ((await this.replay(ctx.idempotencyKey, requestHash)) as TPaymentCreated);
  }

  /** A recharge paid from the signed-in customer's balance: debited and paid in one transaction. */
  private async createPaidFromBalance(spec: OrderSpec, recharge: Recharge, charges: Charges, ctx: OrderContext, requestHash: string): Promise<TBalanceOrderCreated> {
    const customerId = ctx.customerId;
    if (!customerId) throw new AppError('UNAUTHORIZED', 'Sign in to pay from your balance.');
    const createdAt = new Date(this.now());
    const row = {
      paymentId: newPaymentId(),
      customerId,
      kind: 'recharge' as const,
      source: ctx.source,
      ...recharge,
      amountCents: charges.amountCents,
      feeCents: charges.feeCents,
      totalCents: charges.totalCents,
      email: spec.email,
      expiresAt: createdAt,
      createdAt,
    };
    const place = async (tx: Tx) => {
      const order = await insertPaidOrder(tx, 'balance', row, `order paid from the balance (${ctx.source})`);
      await this.deps.balances.debitForPurchase(tx, customerId, order.totalCents, order.id);
      return order;
    };
    const order = ctx.idempotencyKey ? await this.onceForKey(ctx.idempotencyKey, requestHash, place) : await this.deps.db.transaction(place);
    if (!order) return (await this.replay(ctx.idempotencyKey!, requestHash)) as TBalanceOrderCreated;
    return this.balanceOrderCreated(order);
  }

  /** Runs `create` under an Idempotency-Key; null when another request with the key got there first. */
  private async onceForKey<T extends OrderRow>(key: string, requestHash: string, create: (tx: Tx) => Promise<T>): Promise<T | null> {
    return this.deps.db.transaction(async (tx) => {
      const [claimed] = await tx.insert(idempotencyKeys).values({ key, requestHash }).onConflictDoNothing().returning();
      // Another request with this key won the race; its order is the answer (read after this one ends).
      if (!claimed) return null;
      const order = await create(tx);
      await tx.update(idempotencyKeys).set({ orderId: order.id }).where(eq(idempotencyKeys.key, key));
      return order;
    });
  }

  private async balanceOrderCreated(order: OrderRow): Promise<TBalanceOrderCreated> {
    return {
      success: true,
      paymentMethod: 'balance',
      paymentId: order.paymentId,
      orderId: order.id,
      orderToken: this.deps.tokens.issue(order.paymentId),
      status: order.status as TOrderStatus,
      amount: order.amountCents / 100,
      serviceFee: order.feeCents / 100,
      totalAmount: order.totalCents / 100,
      balance: (await this.deps.balances.balanceCents(order.customerId!)) / 100,
      createdAt: order.createdAt.toISOString(),
    };
  }

  /** The order an earlier request with this key created, or null when the key is new. */
  private async replay(key: string, requestHash: string): Promise<TPaymentCreated | TBalanceOrderCreated | null> {
    const [row] = await this.deps.db
      .select({ requestHash: idempotencyKeys.requestHash, order: orders })
      .from(idempotencyKeys)
      .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
      .where(eq(idempotencyKeys.key, key));
    if (!row) return null;
    if (row.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request.');
    }
    if (!row.order) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed. Please retry.');
    return isCryptoOrder(row.order) ? this.paymentCreated(row.order) : this.balanceOrderCreated(row.order);
  }

  /** Checks a recharge against the catalog: the operator, its country, the amount and the phone number. */
  async checkRecharge(r: NonNullable<OrderSpec['recharge']>, amountCents: number) {
    const operator = await this.deps.catalog.operator(r.operatorId);
    if (!operator) throw new AppError('VALIDATION_ERROR', `operatorId: operator ${r.operatorId} does not exist`);
    const country = await this.deps.catalog.country(operator.countryCode);
    if (!country) throw new AppError('VALIDATION_ERROR', `operatorId: operator ${r.operatorId} has no known country`);
    if (r.countryRef !== undefined && r.countryRef !== country.id && r.countryRef !== country.code) {
      throw new AppError('VALIDATION_ERROR', `countryId: operator ${operator.name} does not serve the selected country`);
    }
    if (!operatorAccepts(operator, amountCents)) {
      const allowed =
        operator.denominationType === 'FIXED'
          ? `one of ${operator.fixedAmountsCents.map(formatUsd).join(', ')}`
          : `between ${formatUsd(operator.minAmountCents)} and ${formatUsd(operator.maxAmountCents)}`;
      throw new AppError('AMOUNT_OUT_OF_RANGE', `${operator.name} accepts amounts ${allowed}.`);
    }
    const phone = checkMobileNumber(r.phoneNumber, country.code);
    if (!phone.valid) throw new AppError('INVALID_PHONE', phone.error);
    const fixedIndex = operator.fixedAmountsCents.indexOf(amountCents);
    const localAmount =
      operator.denominationType === 'FIXED'
        ? (operator.localFixedAmounts[fixedIndex] ?? null)
        : operator.fxRate === null
          ? null
          : Math.round(amountCents * operator.fxRate) / 100;
    return {
      phoneNumber: phone.e164,
      operatorId: wireOperatorId(operator.operatorId),
      operatorName: operator.name,
      serviceType: operator.serviceType,
      countryCode: country.code,
      countryId: country.id,
      localAmount: localAmount === null ? null : String(localAmount),
      localCurrency: operator.localCurrencyCode,
    };
  }

  private paymentCreated(order: CryptoOrderRow): TPaymentCreated {
    const coin = this.deps.chains.registry.requireCoin(order.coin);
    const units = BigInt(order.cryptoAmount);
    return {
      success: true,
      paymentId: order.paymentId,
      orderId: order.id,
      orderToken: this.deps.tokens.issue(order.paymentId),
      status: order.status as TOrderStatus,
      walletAddress: order.depositAddress,
      cryptoAmount: formatCryptoAmount(units, coin.decimals),
      cryptoAmountBaseUnits: units.toString(),
      cryptocurrency: coin.symbol,
      network: coin.network,
      networkLabel: this.deps.chains.registry.network(coin.network)!.label,
      chainId: order.chainId,
      tokenContract: order.tokenContract,
      decimals: coin.decimals,
      paymentUri: this.deps.chains.adapter(coin.network).paymentUri({ address: order.depositAddress, chainId: order.chainId, units, tokenContract: order.tokenContract }),
      amount: order.amountCents / 100,
      serviceFee: order.feeCents / 100,
      totalAmount: order.totalCents / 100,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
    };
  }

  async statusByOrderId(orderId: number): Promise<TPaymentStatus> {
    return this.status(await this.find(eq(orders.id, orderId)));
  }

  async statusByPaymentId(paymentId: string): Promise<TPaymentStatus> {
    return this.status(await this.find(eq(orders.paymentId, paymentId)));
  }

  private async find(where: ReturnType<typeof eq>): Promise<OrderRow> {
    const [order] = await this.deps.db.select().from(orders).where(where);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    return order;
  }

  private async status(order: OrderRow): Promise<TPaymentStatus> {
    const base = {
      success: true as const,
      orderId: order.id,
      paymentId: order.paymentId,
      status: order.status as TOrderStatus,
      paymentMethod: order.paymentMethod,
      providerTransactionId: order.providerTransactionId,
      reloadlyTransactionId: order.providerTransactionId,
      expiresAt: order.expiresAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
    if (!isCryptoOrder(order)) {
      return {
        ...base,
        cryptocurrency: null,
        walletAddress: null,
        network: null,
        chainId: null,
        tokenContract: null,
        cryptoAmount: null,
        cryptoAmountBaseUnits: null,
        receivedAmount: null,
        remainingAmount: null,
        confirmations: 0,
        requiredConfirmations: 0,
      };
    }
    const coin = this.deps.chains.registry.requireCoin(order.coin);
    const [received] = await this.deps.db
      .select({
        units: sql<string>`coalesce(sum(${payments.amount}), 0)`,
        confirmations: sql<number>`coalesce(min(${payments.confirmations}), 0)`,
      })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.coin, order.coin), ne(payments.status, 'removed')));
    const expected = BigInt(order.cryptoAmount);
    const got = BigInt(received?.units ?? '0');
    const remaining = got >= expected ? 0n : expected - got;
    return {
      ...base,
      cryptocurrency: coin.symbol,
      walletAddress: order.depositAddress,
      network: coin.network,
      chainId: order.chainId,
      tokenContract: order.tokenContract,
      cryptoAmount: formatCryptoAmount(expected, coin.decimals),
      cryptoAmountBaseUnits: expected.toString(),
      receivedAmount: formatUnits(got, coin.decimals),
      remainingAmount: formatUnits(remaining, coin.decimals),
      confirmations: Number(received?.confirmations ?? 0),
      requiredConfirmations: this.deps.chains.networks[coin.network]?.confirmations ?? 1,
    };
  }

  /**
   * The caller's orders: the signed-in customer's, and those whose tokens the caller holds (anonymous
   * customers keep their tokens in the browser). Never anyone else's.
   */
  async listMine(who: { customerId?: number; tokens: string[] }): Promise<TOrderView[]> {
    const paymentIds = who.tokens.map((t) => this.deps.tokens.verify(t)).filter((id): id is string => id !== null);
    const conditions = [
      ...(paymentIds.length ? [inArray(orders.paymentId, paymentIds)] : []),
      ...(who.customerId !== undefined ? [eq(orders.customerId, who.customerId)] : []),
    ];
    if (conditions.length === 0) return [];
    const rows = await this.deps.db
      .select()
      .from(orders)
      .where(or(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(200);
    return rows.map((r) => orderView(r, this.deps.chains.registry));
  }

  /** The payment ids that valid order tokens stand for; invalid tokens are ignored. */
  paymentIdsForTokens(tokens: string[]): string[] {
    return tokens
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => this.deps.tokens.verify(t))
      .filter((id): id is string => id !== null);
  }

  /** The order an order token stands for, or null. */
  async orderIdForToken(token: string): Promise<number | null> {
    const paymentId = this.deps.tokens.verify(token);
    if (!paymentId) return null;
    const [row] = await this.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
    return row?.id ?? null;
  }

  /**
   * The customer leaves an unpaid order (release-wallet, cancel-transaction, auto-cancel-order). Knowing
   * the payment id is the authority, as in the spec's clients. Asking twice is harmless; an order that
   * has received funds is never cancelled.
   */
  async cancelByCustomer(paymentId: string, cause: string, orderId?: number) {
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.paymentId, paymentId)).for('update');
      if (!order || (orderId !== undefined && order.id !== orderId)) throw new AppError('NOT_FOUND', 'Order not found');
      if (order.status === 'pending_crypto_payment') {
        const [funds] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), ne(payments.status, 'removed'))).limit(1);
        if (!funds) {
          await transition(tx, order.id, 'cancelled', { cause });
          await tx.delete(jobs).where(eq(jobs.key, `${QUEUES.expireOrder}:${order.id}`));
          return { success: true as const, orderId: order.id, status: 'cancelled' as const, message: 'Order cancelled. The payment address is no longer reserved.' };
        }
      }
      if (order.status === 'cancelled' || order.status === 'payment_expired') {
        return { success: true as const, orderId: order.id, status: order.status as TOrderStatus, message: 'The order is no longer awaiting payment.' };
      }
      throw new AppError('INVALID_STATE', 'A payment for this order has already been received; it cannot be cancelled.');
    });
  }

  /**
   * The expiry job: an order whose window passed with nothing received becomes payment_expired. One
   * that received part of its amount waits for the rest until its watch period ends.
   */
  async expire(orderId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order || order.status !== 'pending_crypto_payment' || !isCryptoOrder(order)) return;
      if (order.expiresAt.getTime() > this.now()) return;
      const [received] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.coin, order.coin), ne(payments.status, 'removed')))
        .limit(1);
      if (received) return;
      await transition(tx, orderId, 'payment_expired', { cause: 'payment window ended with nothing received' });
    });
  }

  /** Admin delete: only orders that never received funds; audited in the same transaction. */
  async deleteUnpaid(orderId: number, adminId: number): Promise<void> {
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} not found`);
      const [funds] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
      const unpaid = ['pending_crypto_payment', 'payment_expired', 'cancelled'].includes(order.status);
      if (funds || !unpaid) {
        throw new AppError('CONFLICT', `Order ${orderId} has received funds (status ${order.status}); it cannot be deleted.`);
      }
      await tx.delete(jobs).where(eq(jobs.key, `${QUEUES.expireOrder}:${orderId}`));
      await tx.delete(orders).where(eq(orders.id, orderId));
      await recordAudit(tx, { adminId, action: 'order.delete', target: `order:${orderId}`, before: order });
    });
  }
}

/** What the key is bound to: the order as understood, so ignored client fields (a stale cryptoAmount) do not matter. */
function hashRequest(source: string, spec: OrderSpec): string {
  return crypto.createHash('sha256').update(`${source}:${JSON.stringify(spec)}`).digest('hex');
}

export function orderView(order: OrderRow, registry: ChainRegistry = CHAINS): TOrderView {
  const coin = order.coin ? (registry.coin(order.coin) ?? null) : null;
  return {
    id: order.id,
    paymentId: order.paymentId,
    transactionId: order.providerTransactionId,
    status: order.status as TOrderStatus,
    kind: order.kind,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    phoneNumber: order.phoneNumber,
    amount: order.amountCents / 100,
    serviceFee: order.feeCents / 100,
    totalAmount: order.totalCents / 100,
    cryptocurrency: coin?.symbol ?? null,
    cryptoAmount: coin && order.cryptoAmount ? formatCryptoAmount(BigInt(order.cryptoAmount), coin.decimals) : null,
    walletAddress: order.depositAddress,
    countryId: order.countryId,
    countryCode: order.countryCode,
    operatorId: order.operatorId,
    operatorName: order.operatorName,
    email: order.email,
    expiresAt: order.expiresAt.toISOString(),
  };
}
