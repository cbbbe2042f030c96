import {
  BALANCE_TOPUP_PHONE,
  PAYMENT_WINDOW_MS,
  WATCH_AFTER_WINDOW_MS,
  type TBalanceOrderCreated,
  type TCoinSymbol,
  type TCreatePaymentRequest,
  type TCryptoPaymentRequest,
  type TPaymentCreated,
} from '@topup/shared';
import type { Tx } from '../../db/client';
import { QUEUES } from '../../jobs/queues';
import { AppError } from '../errors';
import { OrderInserter } from '../order-inserter';
import { insertOrder, insertPaidOrder, type NewOrder } from '../order-state';
import { newPaymentId } from '../order-tokens';
import { assertAmountInRange, chargesFor, type Charges } from '../quote';
import type { OrderContext, OrderDeps } from './deps';
import { hashRequest, onceForKey, orderForKey } from './idempotency';
import { checkRecharge, type CheckedRecharge, type RechargeRequest } from './recharge-check';
import type { OrderViews } from './views';

/** An order request after each flow's payload is read: the same rules apply to all of them. */
interface OrderSpec {
  amountCents: number;
  /** `field`: where the request named the coin, for the message that refuses it. */
  payment: { method: 'crypto'; coin: TCoinSymbol; field: string } | { method: 'balance' };
  email: string | null;
  /** Absent for a balance top-up. */
  recharge: RechargeRequest | null;
}

/** Creating orders: every flow's payload, the same rules, one order per Idempotency-Key. */
export class OrderCheckout {
  private readonly inserter: OrderInserter;

  constructor(
    private readonly deps: OrderDeps,
    private readonly views: OrderViews,
  ) {
    this.inserter = new OrderInserter(deps.db);
  }

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
    const recharge = spec.recharge ? await checkRecharge(this.deps.catalog, spec.recharge, spec.amountCents) : null;
    const charges = chargesFor(recharge ? 'recharge' : 'balance_topup', spec.amountCents, pricing);
    if (spec.payment.method === 'balance') return this.createPaidFromBalance(spec, recharge!, charges, ctx, requestHash);
    return this.createCrypto(spec, spec.payment.coin, recharge, charges, ctx, requestHash);
  }

  private async replay(key: string, requestHash: string) {
    const order = await orderForKey(this.deps.db, key, requestHash);
    return order ? this.views.created(order) : null;
  }

  private async createCrypto(spec: OrderSpec, symbol: TCoinSymbol, recharge: CheckedRecharge | null, charges: Charges, ctx: OrderContext, requestHash: string): Promise<TPaymentCreated> {
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

    const newOrder: NewOrder = {
      derivationIndex: deposit.index,
      cause: `order created (${ctx.source})`,
      expiry: { queue: QUEUES.expireOrder, runAt: expiresAt },
      row: {
        paymentId: newPaymentId(),
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
    if (!ctx.idempotencyKey) return this.views.paymentCreated(await this.inserter.insert(newOrder));
    const created = await onceForKey(this.deps.db, ctx.idempotencyKey, requestHash, (tx) => insertOrder(tx, newOrder));
    return created ? this.views.paymentCreated(created) : ((await this.replay(ctx.idempotencyKey, requestHash)) as TPaymentCreated);
  }

  /** A recharge paid from the signed-in customer's balance: debited and paid in one transaction. */
  private async createPaidFromBalance(spec: OrderSpec, recharge: CheckedRecharge, charges: Charges, ctx: OrderContext, requestHash: string): Promise<TBalanceOrderCreated> {
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
    const order = ctx.idempotencyKey ? await onceForKey(this.deps.db, ctx.idempotencyKey, requestHash, place) : await this.deps.db.transaction(place);
    if (!order) return (await this.replay(ctx.idempotencyKey!, requestHash)) as TBalanceOrderCreated;
    return this.views.balanceOrderCreated(order);
  }
}
