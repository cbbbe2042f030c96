import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { orders, type OrderRow } from '../db/schema';
import type { AccountProblem, AirtimeProvider, TopupLookup, TopupOutcome } from '../airtime/provider';
import { providerOperatorId } from '../airtime/operator-ids';
import { RetryLater } from '../jobs/queue';
import { checkMobileNumber } from './phone';
import { transition } from './order-state';
import type { BalanceService } from './balances';
import type { AlertService } from './alerts';

/** The points of a delivery where a crash matters; the fault-injection test stops the process at each. */
export type FulfilmentStep = 'before-submit' | 'after-submit' | 'polling';

interface FulfilmentOptions {
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

/** Backoff step when the provider gives no delay; grows with the attempts, up to ten steps. */
const RETRY_STEP_MS = 30_000;
/** How long an order waits on a problem of our provider account before trying again. */
const ACCOUNT_WAIT_MS = 5 * 60_000;
/** A refused top-up is tried this many times before the order fails (and is credited). */
const MAX_RETRIES = 20;
/** Top-ups the provider ended undelivered and asked to send again: after this many, the order fails. */
const MAX_TOPUP_ATTEMPTS = 3;
const ALERTS: Record<AccountProblem, string> = { 'provider-balance': 'provider_balance_low', 'provider-account': 'provider_account' };
const ALERT_TEXT: Record<AccountProblem, string> = {
  'provider-balance': 'The airtime provider balance is too low',
  'provider-account': 'The airtime provider account needs attention',
};

/**
 * The top-up's name at the provider. The first is the order's payment id (unique across databases, so
 * a reused development database cannot mistake an old top-up for a new one); a top-up sent again after
 * the provider ended the previous one undelivered gets its own, as identifiers are never reused.
 */
export function customIdentifier(order: Pick<OrderRow, 'paymentId' | 'topupAttempt'>): string {
  return order.topupAttempt === 1 ? order.paymentId : `${order.paymentId}-${order.topupAttempt}`;
}

/**
 * Sends a paid order's top-up exactly once (docs/design.md section 5), speaking only the provider port's
 * outcomes (delivered, failed-final, retry-later, unknown):
 *
 *   paid --mark processing--> processing --submit--> (transaction id saved) --poll--> completed | failed
 *
 * The status is `processing` before the provider is called, so a crash at any point leaves an order
 * whose fate is unknown only as `processing`. Whenever no transaction id is saved (a crash, an unknown
 * outcome, a provider that no longer knows the id) the job asks the provider for the custom identifier
 * before anything is sent again. An undeliverable top-up credits the order's value to the customer.
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
    let known: TopupLookup = { kind: 'not-found', reason: 'no transaction id saved' };
    if (order.providerTransactionId) {
      this.opts.onStep?.('polling', orderId);
      known = await this.opts.provider.getTopupStatus(order.providerTransactionId);
    }
    // Nothing saved, or an id the provider does not know (the sandbox forgets on restart): ask by our name.
    if (known.kind === 'not-found') known = await this.opts.provider.findTopup(customIdentifier(order));
    if (known.kind === 'not-found') return this.submit(order, attempt);
    return this.settle(order, known, attempt, 'lookup');
  }

  private async submit(order: OrderRow, attempt: number): Promise<void> {
    const phone = checkMobileNumber(order.phoneNumber ?? '', order.countryCode ?? '');
    if (!phone.valid) return this.fail(order, `the phone number can no longer be used: ${phone.error}`);
    const outcome = await this.opts.provider.sendTopup({
      operatorId: providerOperatorId(order.operatorId!),
      amountCents: order.amountCents,
      recipientPhone: { countryCode: order.countryCode!, number: phone.nationalNumber },
      customIdentifier: customIdentifier(order),
    });
    this.opts.onStep?.('after-submit', order.id);
    return this.settle(order, outcome, attempt, 'submit');
  }

  /** Acts on an outcome, from sending the top-up or from asking about it. */
  private async settle(order: OrderRow, outcome: TopupOutcome, attempt: number, from: 'submit' | 'lookup'): Promise<void> {
    switch (outcome.kind) {
      case 'processing':
        if (order.providerTransactionId !== outcome.transactionId) await this.saveTransactionId(order, outcome.transactionId);
        throw new RetryLater(this.opts.pollMs ?? 5000, 'the provider is still processing the top-up');
      case 'delivered':
        await this.opts.db.transaction((tx) =>
          transition(tx, order.id, 'completed', {
            cause: 'the provider confirmed the top-up',
            detail: { transactionId: outcome.transactionId },
            set: { providerTransactionId: outcome.transactionId, operatorTransactionId: outcome.operatorTransactionId, pinDetail: outcome.pin },
          }),
        );
        return;
      case 'failed-final':
        return this.fail(order, `the provider cannot deliver the top-up: ${outcome.reason}`, outcome.transactionId ?? undefined);
      case 'unknown':
        // Never failed on a guess: the next run asks again (by custom identifier when no id is saved).
        throw new RetryLater(backoff(attempt), `outcome unknown, asking the provider again: ${outcome.reason}`, true);
      case 'retry-later':
        return this.retryLater(order, outcome, attempt, from);
    }
  }

  private async retryLater(
    order: OrderRow,
    outcome: Extract<TopupOutcome, { kind: 'retry-later' }>,
    attempt: number,
    from: 'submit' | 'lookup',
  ): Promise<void> {
    if (outcome.needs) {
      // Our own account (its balance, its limits): the order waits, it does not fail, and an admin is told.
      await this.opts.alerts.raise(ALERTS[outcome.needs], `${ALERT_TEXT[outcome.needs]}: order ${order.id} is waiting. ${outcome.reason}`);
      throw new RetryLater(outcome.delayMs ?? ACCOUNT_WAIT_MS, outcome.reason);
    }
    if (outcome.unrecognised) {
      // Retried (never failed on a code nobody knows), but a person should read it and teach the adapter.
      await this.opts.alerts.raise('provider_unrecognised_refusal', `The airtime provider refused order ${order.id} with an unknown reason: ${outcome.reason}`);
    }
    if (from === 'lookup') {
      // That top-up is over, undelivered and not charged: a new one, under a new identifier, later.
      if (order.topupAttempt >= MAX_TOPUP_ATTEMPTS) {
        return this.fail(order, `the provider ended ${MAX_TOPUP_ATTEMPTS} top-ups undelivered: ${outcome.reason}`, outcome.transactionId ?? undefined);
      }
      await this.opts.db
        .update(orders)
        .set({ topupAttempt: order.topupAttempt + 1, providerTransactionId: null, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      throw new RetryLater(outcome.delayMs ?? backoff(attempt), `sent again later: ${outcome.reason}`);
    }
    if (attempt >= MAX_RETRIES) return this.fail(order, `the provider refused the top-up ${attempt} times: ${outcome.reason}`);
    throw new RetryLater(outcome.delayMs ?? backoff(attempt), outcome.reason, true);
  }

  private async saveTransactionId(order: OrderRow, transactionId: string): Promise<void> {
    await this.opts.db.update(orders).set({ providerTransactionId: transactionId, updatedAt: new Date() }).where(eq(orders.id, order.id));
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

function backoff(attempt: number): number {
  return RETRY_STEP_MS * Math.min(Math.max(attempt, 1), 10);
}
