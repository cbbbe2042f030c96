import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import { ProviderError, type AirtimeProvider, type TopupResult } from '../airtime/provider';
import { RetryLater } from '../jobs/queue';
import { checkMobileNumber } from './phone';
import { transition } from './order-state';
import type { BalanceService } from './balances';
import type { AlertService } from './alerts';

/** The points of a delivery where a crash matters; the fault-injection test stops the process at each. */
export type FulfilmentStep = 'before-submit' | 'after-submit' | 'polling';

export interface FulfilmentOptions {
  db: Db;
  provider: AirtimeProvider;
  balances: BalanceService;
  alerts: AlertService;
  log: Logger;
  /** How long to wait before asking again about a top-up the provider is still processing. */
  pollMs?: number;
  /** Called as each step is reached (tests use it to crash there). */
  onStep?: (step: FulfilmentStep, orderId: number) => void;
}

/** Retry delays for provider errors that allow a retry. */
const RETRY_DELAY_MS: Record<string, number> = {
  PHONE_RECENTLY_RECHARGED: 2 * 60_000,
  INSUFFICIENT_BALANCE: 5 * 60_000,
};
const DEFAULT_RETRY_MS = 30_000;
/** Retryable errors give up (and credit the customer) after this many tries, except a low provider balance. */
const MAX_RETRIES = 20;

/**
 * Sends a paid order's top-up exactly once (DESIGN.md section 5). The order id of the provider's side is
 * the order's payment id (`customIdentifier`): unique across databases, so a reused development database
 * cannot mistake an old top-up for a new one.
 *
 *   paid --mark processing--> processing --submit--> (transaction id saved) --poll--> completed | failed
 *
 * The status is `processing` before the provider is called, so a crash at any point leaves an order
 * whose fate is unknown only as `processing`; the job then asks the provider for the customIdentifier
 * before anything is sent again. A failed or refunded top-up credits the order's value to the customer.
 */
export class FulfilmentService {
  constructor(private readonly opts: FulfilmentOptions) {}

  /** The fulfilment job: one step of an order's delivery. Throws RetryLater to be run again. */
  async run(orderId: number, attempt: number): Promise<void> {
    const order = await this.load(orderId);
    if (!order) return;
    if (order.kind === 'balance_topup') return this.completeBalanceTopup(order);
    if (order.status === 'paid') {
      this.opts.onStep?.('before-submit', orderId);
      await this.opts.db.transaction((tx) => transition(tx, orderId, 'processing', { cause: 'top-up being sent to the provider' }));
      return this.submit(order, attempt);
    }
    if (order.status !== 'processing') return;
    if (!order.providerTransactionId) {
      // The last run stopped between marking and saving: ask before sending anything again.
      const known = await this.ask(() => this.opts.provider.findTopup(order.paymentId), attempt);
      if (known) return this.apply(order, known);
      return this.submit(order, attempt);
    }
    this.opts.onStep?.('polling', orderId);
    const result = await this.ask(() => this.opts.provider.getTopupStatus(order.providerTransactionId!), attempt).catch((err: unknown) => {
      if (err instanceof ProviderError && err.code === 'TRANSACTION_NOT_FOUND') return null;
      throw err;
    });
    if (result) return this.apply(order, result);
    // The provider no longer knows the transaction (the sandbox forgets on restart): ask by our id.
    const known = await this.ask(() => this.opts.provider.findTopup(order.paymentId), attempt);
    return known ? this.apply(order, known) : this.submit(order, attempt);
  }

  private async submit(order: OrderRow, attempt: number): Promise<void> {
    const phone = checkMobileNumber(order.phoneNumber ?? '', order.countryCode ?? '');
    if (!phone.valid) return this.fail(order, `the phone number can no longer be used: ${phone.error}`);
    let result: TopupResult;
    try {
      result = await this.opts.provider.sendTopup({
        operatorId: order.operatorId!,
        amountCents: order.amountCents,
        recipientPhone: { countryCode: order.countryCode!, number: phone.nationalNumber },
        customIdentifier: order.paymentId,
      });
    } catch (err) {
      return this.onSubmitError(order, err, attempt);
    }
    this.opts.onStep?.('after-submit', order.id);
    await this.opts.db.update(orders).set({ providerTransactionId: result.transactionId, updatedAt: new Date() }).where(eq(orders.id, order.id));
    return this.apply({ ...order, providerTransactionId: result.transactionId }, result);
  }

  private async onSubmitError(order: OrderRow, err: unknown, attempt: number): Promise<void> {
    if (!(err instanceof ProviderError)) throw err;
    if (err.code === 'INSUFFICIENT_BALANCE') {
      // Our account is empty: the order waits (it does not fail) and an admin is told.
      await this.opts.alerts.raise('provider_balance_low', `The airtime provider balance is too low: order ${order.id} is waiting. ${err.message}`);
      throw new RetryLater(RETRY_DELAY_MS.INSUFFICIENT_BALANCE!, err.message);
    }
    if (/DUPLICATE|ALREADY_USED/.test(err.code)) {
      // The provider already has a top-up with this customIdentifier: find it instead of sending again.
      throw new RetryLater(DEFAULT_RETRY_MS, `${err.code}: asking the provider for the existing top-up`);
    }
    if (err.retryable && attempt < MAX_RETRIES) {
      throw new RetryLater(RETRY_DELAY_MS[err.code] ?? DEFAULT_RETRY_MS * Math.min(attempt, 10), `${err.code}: ${err.message}`, true);
    }
    // Unknown outcome after a timeout is `retryable`: only a definite refusal, or giving up, ends here.
    return this.fail(order, `the provider refused the top-up (${err.code}): ${err.message}`);
  }

  /** Calls the provider about an existing top-up; trouble reaching it means "ask again later". */
  private async ask<T>(call: () => Promise<T>, attempt: number): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) throw err;
      throw new RetryLater(DEFAULT_RETRY_MS * Math.min(attempt, 10), `provider unreachable: ${(err as Error).message}`, true);
    }
  }

  private async apply(order: OrderRow, result: TopupResult): Promise<void> {
    if (result.status === 'PROCESSING') {
      if (!order.providerTransactionId) {
        await this.opts.db.update(orders).set({ providerTransactionId: result.transactionId, updatedAt: new Date() }).where(eq(orders.id, order.id));
      }
      throw new RetryLater(this.opts.pollMs ?? 5000, 'the provider is still processing the top-up');
    }
    if (result.status === 'SUCCESSFUL') {
      await this.opts.db.transaction((tx) =>
        transition(tx, order.id, 'completed', {
          cause: 'the provider confirmed the top-up',
          detail: { transactionId: result.transactionId },
          set: { providerTransactionId: result.transactionId, operatorTransactionId: result.operatorTransactionId, pinDetail: result.pinDetail },
        }),
      );
      return;
    }
    return this.fail(order, `the provider reports the top-up ${result.status}${result.message ? `: ${result.message}` : ''}`, result.transactionId);
  }

  /** The top-up cannot be delivered: the order fails and its value goes to the customer's balance. */
  private async fail(order: OrderRow, cause: string, transactionId?: string): Promise<void> {
    await this.opts.db.transaction(async (tx) => {
      await transition(tx, order.id, 'failed', { cause, set: transactionId ? { providerTransactionId: transactionId } : {} });
      await this.opts.balances.creditFailedDelivery(tx, order);
    });
  }

  /** A balance top-up delivers nothing to a phone: its value goes to the balance. */
  private async completeBalanceTopup(order: OrderRow): Promise<void> {
    if (order.status !== 'paid') return;
    await this.opts.db.transaction(async (tx) => {
      await this.opts.balances.creditBalanceTopup(tx, order);
      await transition(tx, order.id, 'completed', { cause: 'balance credited' });
    });
  }

  private async load(orderId: number): Promise<OrderRow | undefined> {
    const [order] = await this.opts.db.select().from(orders).where(eq(orders.id, orderId));
    return order;
  }
}
