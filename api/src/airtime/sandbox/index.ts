import { randomInt } from 'node:crypto';
import {
  ProviderError,
  RETRYABLE_PROVIDER_CODES,
  type AirtimeProvider,
  type ProviderBalance,
  type ProviderCountry,
  type ProviderOperator,
  type ProviderPromotion,
  type TopupRequest,
  type TopupResult,
} from '../provider';
import { SANDBOX_COUNTRIES } from './countries';
import { sandboxCurrency, toLocalAmount } from './currencies';
import { detectSandboxOperator } from './detect';
import {
  SANDBOX_OPERATORS,
  findSandboxOperator,
  operatorCurrency,
  toProviderOperator,
  type SandboxOperator,
} from './operators';
import { outcomeFor } from './outcomes';
import { sandboxPromotions } from './promotions';

export { flagSvgPath } from './countries';
export { operatorLogoSvg } from './logos';

export interface SandboxProviderOptions {
  /** Prefix of logo and flag URLs, e.g. "https://topup.example"; '' gives relative paths. */
  publicBaseUrl?: string;
  /** How long a "slow" top-up (number ending in 0003) stays PROCESSING. */
  slowMs?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/** Big enough never to run out in development; it still goes down so the admin balance moves. */
const STARTING_BALANCE_CENTS = 100_000_000;
/** Long enough to watch the order sit in "processing" through a few of the spec's 5-second polls. */
const DEFAULT_SLOW_MS = 20_000;

interface SandboxTopup {
  transactionId: string;
  customIdentifier: string;
  createdAt: number;
  outcome: 'SUCCESSFUL' | 'SLOW' | 'FAILED' | 'REFUNDED';
  operatorTransactionId: string;
  deliveredAmount: number;
  deliveredCurrencyCode: string;
  pinDetail: Record<string, unknown> | null;
}

/**
 * The built-in provider of the embedded default: a believable catalog, and top-ups that send nothing.
 * Top-ups live in memory: no airtime and no money move, so forgetting them on restart loses nothing
 * real (a restarted sandbox simply answers "not found" for older top-ups).
 */
export class SandboxProvider implements AirtimeProvider {
  readonly name = 'Sandbox provider (no real airtime)';
  private readonly publicBaseUrl: string;
  private readonly slowMs: number;
  private readonly now: () => number;
  private readonly topups = new Map<string, SandboxTopup>();
  private readonly byCustomIdentifier = new Map<string, SandboxTopup>();
  private balanceCents = STARTING_BALANCE_CENTS;
  private sequence = 0;

  constructor(options: SandboxProviderOptions = {}) {
    this.publicBaseUrl = options.publicBaseUrl ?? '';
    this.slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
    this.now = options.now ?? Date.now;
  }

  async listCountries(): Promise<ProviderCountry[]> {
    return SANDBOX_COUNTRIES.map((c) => ({
      code: c.code,
      name: c.name,
      // Only countries with sandbox operators have a known currency (see currencies.ts).
      currencyCode: sandboxCurrency(c.code)?.code ?? null,
      callingCodes: [...c.callingCodes],
      flagUrl: c.hasFlag ? `${this.publicBaseUrl}/flags/${c.code}.svg` : null,
    }));
  }

  async listOperators(countryCode: string): Promise<ProviderOperator[]> {
    return SANDBOX_OPERATORS.filter((op) => op.countryCode === countryCode.toUpperCase()).map((op) =>
      toProviderOperator(op, this.publicBaseUrl),
    );
  }

  async getOperator(operatorId: number): Promise<ProviderOperator | null> {
    const op = findSandboxOperator(operatorId);
    return op ? toProviderOperator(op, this.publicBaseUrl) : null;
  }

  async detectOperator(phoneE164: string, countryCode: string): Promise<ProviderOperator | null> {
    const op = detectSandboxOperator(phoneE164, countryCode.toUpperCase());
    return op ? toProviderOperator(op, this.publicBaseUrl) : null;
  }

  async fxRate(operatorId: number, amountCents: number): Promise<{ localAmount: number; currencyCode: string }> {
    const currency = operatorCurrency(this.requireOperator(operatorId));
    return { localAmount: toLocalAmount(amountCents, currency.rate), currencyCode: currency.code };
  }

  async listPromotions(): Promise<ProviderPromotion[]> {
    return sandboxPromotions(this.now());
  }

  /**
   * Validates like Reloadly and records the top-up with the outcome its phone number chooses
   * (outcomes.ts). No await in here: the look-up by customIdentifier and the recording happen in one
   * turn of the event loop, so two concurrent calls for one order cannot both send.
   */
  async sendTopup(request: TopupRequest): Promise<TopupResult> {
    if (!request.customIdentifier) throw fail('INVALID_INPUT_PROVIDED', 'a customIdentifier is required');
    // Exactly once: the order id names the top-up, so asking again answers with the first one.
    const existing = this.byCustomIdentifier.get(request.customIdentifier);
    if (existing) return this.toResult(existing);

    const sandboxOp = this.requireOperator(request.operatorId);
    const op = toProviderOperator(sandboxOp, this.publicBaseUrl);
    const { countryCode, number } = request.recipientPhone;
    if (countryCode.toUpperCase() !== op.countryCode) {
      throw fail('INVALID_RECIPIENT_PHONE', `operator ${op.operatorId} serves ${op.countryCode}, not ${countryCode}`);
    }
    if (!/^\d{4,15}$/.test(number)) throw fail('INVALID_RECIPIENT_PHONE', 'the number must be 4 to 15 digits');
    checkAmount(op, request.amountCents);

    const outcome = outcomeFor(number);
    if (outcome.kind === 'ERROR') throw fail(outcome.code, outcome.message);
    // Failed and refunded top-ups end up costing nothing; the others are paid from the balance.
    const charged = outcome.kind === 'SUCCESSFUL' || outcome.kind === 'SLOW';
    if (charged && request.amountCents > this.balanceCents) {
      throw fail('INSUFFICIENT_BALANCE', 'the provider account balance is too low');
    }
    if (charged) this.balanceCents -= request.amountCents;

    const currency = operatorCurrency(sandboxOp);
    const createdAt = this.now();
    const sequence = ++this.sequence;
    const topup: SandboxTopup = {
      // The time keeps ids unique across restarts, when the sequence starts again.
      transactionId: `SBX-${createdAt}-${sequence}`,
      customIdentifier: request.customIdentifier,
      createdAt,
      outcome: outcome.kind,
      operatorTransactionId: `SBX-OP-${createdAt}-${sequence}`,
      deliveredAmount: toLocalAmount(request.amountCents, currency.rate),
      deliveredCurrencyCode: currency.code,
      pinDetail: sandboxOp.plan === 'pin' ? sandboxPin(sequence) : null,
    };
    this.topups.set(topup.transactionId, topup);
    this.byCustomIdentifier.set(topup.customIdentifier, topup);
    return this.toResult(topup);
  }

  async getTopupStatus(transactionId: string): Promise<TopupResult> {
    const topup = this.topups.get(transactionId);
    if (!topup) {
      throw fail('TRANSACTION_NOT_FOUND', `no top-up ${transactionId} (top-ups are forgotten on restart)`, 404);
    }
    return this.toResult(topup);
  }

  async findTopup(customIdentifier: string): Promise<TopupResult | null> {
    const topup = this.byCustomIdentifier.get(customIdentifier);
    return topup ? this.toResult(topup) : null;
  }

  async getBalance(): Promise<ProviderBalance> {
    return { balanceCents: this.balanceCents, currencyCode: 'USD' };
  }

  private requireOperator(operatorId: number): SandboxOperator {
    const op = findSandboxOperator(operatorId);
    if (!op) throw fail('OPERATOR_NOT_FOUND', `no sandbox operator ${operatorId}`, 404);
    return op;
  }

  private toResult(topup: SandboxTopup): TopupResult {
    const status =
      topup.outcome === 'SLOW'
        ? this.now() - topup.createdAt >= this.slowMs
          ? 'SUCCESSFUL'
          : 'PROCESSING'
        : topup.outcome;
    const delivered = status === 'SUCCESSFUL';
    return {
      status,
      transactionId: topup.transactionId,
      customIdentifier: topup.customIdentifier,
      operatorTransactionId: delivered ? topup.operatorTransactionId : null,
      deliveredAmount: delivered ? topup.deliveredAmount : null,
      deliveredCurrencyCode: delivered ? topup.deliveredCurrencyCode : null,
      pinDetail: delivered ? topup.pinDetail : null,
      message: MESSAGES[status],
    };
  }
}

const MESSAGES: Record<TopupResult['status'], string> = {
  SUCCESSFUL: 'Sandbox top-up: no real airtime was sent.',
  PROCESSING: 'Sandbox top-up: the operator is still processing it.',
  FAILED: 'Sandbox top-up: the operator rejected it.',
  REFUNDED: 'Sandbox top-up: it failed and was refunded.',
};

/** FIXED operators take only their denominations; RANGE operators any whole cent amount within limits. */
function checkAmount(op: ProviderOperator, amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw fail('INVALID_AMOUNT', 'the amount must be a positive whole number of cents');
  }
  const accepted =
    op.denominationType === 'FIXED'
      ? op.fixedAmountsCents.includes(amountCents)
      : amountCents >= op.minAmountCents && amountCents <= op.maxAmountCents;
  if (!accepted) throw fail('INVALID_AMOUNT_FOR_OPERATOR', `${amountCents} cents is not an amount ${op.name} accepts`);
}

/** A voucher shaped like Reloadly's pinDetail; its code redeems nothing. */
function sandboxPin(sequence: number): Record<string, unknown> {
  return {
    serial: `SBX-PIN-${sequence}`,
    code: String(randomInt(100_000_000_000, 1_000_000_000_000)),
    info1: 'Sandbox PIN: not redeemable',
    ivr: '*611',
    validity: '90 days',
  };
}

/** A Reloadly-style refusal; retryable exactly when the port says the code is. */
function fail(code: string, message: string, httpStatus = 400): ProviderError {
  return new ProviderError(`Sandbox: ${message}`, code, httpStatus, RETRYABLE_PROVIDER_CODES.has(code));
}
