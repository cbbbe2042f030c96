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
import type { OrderRow } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import { AppError } from '../errors';
import { OrderInserter } from '../order-inserter';
import { offerOn, surfaceOf } from '../telegram-policy';
import { insertOrder, insertPaidOrder, type NewOrder } from '../order-state';
import { newPaymentId } from '../order-tokens';
import { assertAmountInRange, chargesFor, type Charges } from '../quote';
import type { OrderContext, OrderDeps } from './deps';
import { hashRequest, onceForKey, orderForKey, scopedKey, type ScopedKey } from './idempotency';
import { assertOperatorMatches, checkRecharge, type CheckedRecharge, type RechargeRequest } from './recharge-check';
import type { OrderViews } from './views';

/** A request's Idempotency-Key in its caller's scope, and what the key is bound to; null without a key. */
type Once = { key: ScopedKey; requestHash: string } | null;

/** An order request after each flow's payload is read: the same rules apply to all of them. */
interface OrderSpec {
  amountCents: number;
  /** `field`: where the request named the coin, for the message that refuses it. */
  payment: { method: 'crypto'; coin: TCoinSymbol; field: string } | { method: 'balance' };
  email: string | null;
  /** Absent for a balance top-up. */
  recharge: RechargeRequest | null;
  /**
   * The customer keeps the operator chosen although the number's prefix names another (a number that
   * moved). Absent rather than false, so requests hashed for their Idempotency-Key before it existed hash the same.
   */
  operatorConfirmed?: true;
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
        operatorConfirmed: input.operatorConfirmed || undefined,
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
      operatorConfirmed: input.operatorConfirmed || undefined,
    };
    const created = await this.create(spec, ctx);
    // Paid in crypto: the payload names a coin, and a replay is of this very request.
    if ('paymentMethod' in created) throw new Error(`compact order ${created.orderId} is not paid in crypto`);
    return created;
  }

  private async create(spec: OrderSpec, ctx: OrderContext): Promise<TPaymentCreated | TBalanceOrderCreated> {
    const once: Once = ctx.idempotencyKey ? { key: scopedKey(ctx.idempotencyKey, ctx), requestHash: hashRequest(ctx.source, spec) } : null;
    const earlier = once && (await orderForKey(this.deps.db, once.key, once.requestHash));
    if (earlier) return this.views.created(earlier);
    await this.deps.settings.assertOpenForOrders();
    const pricing = await this.deps.settings.get('pricing');
    assertAmountInRange(pricing, spec.amountCents);
    const recharge = spec.recharge ? await checkRecharge(this.deps.catalog, spec.recharge, spec.amountCents) : null;
    if (recharge && !spec.operatorConfirmed) await assertOperatorMatches(this.deps.catalog, recharge);
    const charges = chargesFor(recharge ? 'recharge' : 'balance_topup', spec.amountCents, pricing);
    const order =
      spec.payment.method === 'balance'
        ? await this.placePaidFromBalance(spec, recharge!, charges, ctx, once)
        : await this.placeCrypto(spec, spec.payment.coin, recharge, charges, ctx, once);
    return this.views.created(order);
  }

  /** Inserts the order under its Idempotency-Key; when another request with the key won, that one's order. */
  private async once(once: NonNullable<Once>, insert: (tx: Tx) => Promise<OrderRow>): Promise<OrderRow> {
    const order = (await onceForKey(this.deps.db, once.key, once.requestHash, insert)) ?? (await orderForKey(this.deps.db, once.key, once.requestHash));
    if (!order) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed. Please retry.');
    return order;
  }

  private async placeCrypto(
    spec: OrderSpec,
    symbol: TCoinSymbol,
    recharge: CheckedRecharge | null,
    charges: Charges,
    ctx: OrderContext,
    once: Once,
  ): Promise<OrderRow> {
    // Telegram's credentials (the mini-app's init data, the bot acting for a user): only what Telegram's rules allow there.
    const offer = offerOn(this.deps.chains, symbol, surfaceOf(ctx), 'payments');
    if (!offer) {
      const offered = this.deps.chains.offered().coins.map((c) => c.symbol);
      if (this.deps.chains.registry.coin(symbol)) {
        throw new AppError('VALIDATION_ERROR', `${symbol} payments are not available right now. Please choose another cryptocurrency (${offered.join(', ')}).`);
      }
      throw new AppError(
        'VALIDATION_ERROR',
        `${spec.payment.method === 'crypto' ? spec.payment.field : 'cryptoCurrency'}: cryptocurrency must be one of ${offered.join(', ')}`,
      );
    }
    const { coin, network, tokenContract } = offer;
    const quote = await this.deps.pricing.quote(coin.symbol, charges.totalCents);
    // The network is chosen first: its family says how a payment is told to be this order's.
    const deposit = this.deps.chains.depositIdentity(network.network, await this.deps.depositSequence.next());
    const createdAt = new Date(this.now());
    const expiresAt = new Date(createdAt.getTime() + PAYMENT_WINDOW_MS);

    const newOrder: NewOrder = {
      derived: deposit.derivationIndex === null ? null : { family: network.family, index: deposit.derivationIndex },
      cause: `order created (${ctx.source})`,
      expiry: { queue: QUEUES.expireOrder, runAt: expiresAt },
      row: {
        paymentId: newPaymentId(),
        customerId: ctx.customerId ?? null,
        telegramUserId: ctx.telegramUserId ?? null,
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
        depositMemo: deposit.memo,
        email: spec.email,
        locale: ctx.locale ?? null,
        expiresAt,
        watchUntil: new Date(expiresAt.getTime() + WATCH_AFTER_WINDOW_MS),
        createdAt,
      },
    };
    return once ? this.once(once, (tx) => insertOrder(tx, newOrder)) : this.inserter.insert(newOrder);
  }

  /** A recharge paid from the signed-in customer's balance: debited and paid in one transaction. */
  private async placePaidFromBalance(spec: OrderSpec, recharge: CheckedRecharge, charges: Charges, ctx: OrderContext, once: Once): Promise<OrderRow> {
    const customerId = ctx.customerId;
    if (!customerId) throw new AppError('UNAUTHORIZED', 'Sign in to pay from your balance.');
    const createdAt = new Date(this.now());
    const row = {
      paymentId: newPaymentId(),
      customerId,
      telegramUserId: ctx.telegramUserId ?? null,
      kind: 'recharge' as const,
      source: ctx.source,
      ...recharge,
      amountCents: charges.amountCents,
      feeCents: charges.feeCents,
      totalCents: charges.totalCents,
      email: spec.email,
      locale: ctx.locale ?? null,
      expiresAt: createdAt,
      createdAt,
    };
    const place = async (tx: Tx) => {
      const order = await insertPaidOrder(tx, 'balance', row, `order paid from the balance (${ctx.source})`);
      await this.deps.balances.debitForPurchase(tx, customerId, order.totalCents, order.id);
      return order;
    };
    return once ? this.once(once, place) : this.deps.db.transaction(place);
  }
}
