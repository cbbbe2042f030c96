import { randomInt } from 'node:crypto';
import type { TPin } from '@topup/shared';
import { ProviderError, type AirtimeProvider } from '../provider';
// The port's vocabulary, named as such: the adapter translates its provider's answers into it.
import type * as port from '../provider';
import { SANDBOX_COUNTRIES } from './countries';
import { sandboxCurrency, toLocalAmount } from './currencies';
import { detectSandboxOperator } from './detect';
import { SANDBOX_OPERATORS, findSandboxOperator, operatorCurrency, toProviderOperator, type SandboxOperator } from './operators';
import { outcomeFor } from './outcomes';
import { sandboxPromotions } from './promotions';

export { flagSvgPath } from './countries';
export { operatorLogoSvg } from './logos';

interface SandboxProviderOptions {
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
  pin: TPin | null;
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

  async listCountries(): Promise<port.ProviderCountry[]> {
    return SANDBOX_COUNTRIES.map((c) => ({
      code: c.code,
      name: c.name,
      // Only countries with sandbox operators have a known currency (see currencies.ts).
      currencyCode: sandboxCurrency(c.code)?.code ?? null,
      callingCodes: [...c.callingCodes],
      flagUrl: c.hasFlag ? `${this.publicBaseUrl}/flags/${c.code}.svg` : null,
    }));
  }

  async listOperators(countryCode: string): Promise<port.ProviderOperator[]> {
    return SANDBOX_OPERATORS.filter((op) => op.countryCode === countryCode.toUpperCase()).map((op) => toProviderOperator(op, this.publicBaseUrl));
  }

  async getOperator(operatorId: string): Promise<port.ProviderOperator | null> {
    const op = findSandboxOperator(Number(operatorId));
    return op ? toProviderOperator(op, this.publicBaseUrl) : null;
  }

  async detectOperator(phoneE164: string, countryCode: string): Promise<port.ProviderOperator | null> {
    const op = detectSandboxOperator(phoneE164, countryCode.toUpperCase());
    return op ? toProviderOperator(op, this.publicBaseUrl) : null;
  }

  async fxRate(operatorId: string, amountCents: number): Promise<{ localAmount: number; currencyCode: string }> {
    const currency = operatorCurrency(this.requireOperator(operatorId));
    return { localAmount: toLocalAmount(amountCents, currency.rate), currencyCode: currency.code };
  }

  async listPromotions(): Promise<port.ProviderPromotion[]> {
    return sandboxPromotions(this.now());
  }

  /**
   * Validates like Reloadly and records the top-up with the outcome its phone number chooses
   * (outcomes.ts). No await in here: the look-up by customIdentifier and the recording happen in one
   * turn of the event loop, so two concurrent calls for one order cannot both send.
   */
  async sendTopup(request: port.TopupRequest): Promise<port.TopupOutcome> {
    if (!request.customIdentifier) return final('INVALID_INPUT_PROVIDED', 'a customIdentifier is required');
    // Exactly once: the identifier names the top-up, so asking again answers with the first one.
    const existing = this.byCustomIdentifier.get(request.customIdentifier);
    if (existing) return this.toOutcome(existing);

    const sandboxOp = findSandboxOperator(Number(request.operatorId));
    if (!sandboxOp) return final('OPERATOR_NOT_FOUND', `no sandbox operator ${request.operatorId}`);
    const op = toProviderOperator(sandboxOp, this.publicBaseUrl);
    const { countryCode, number } = request.recipientPhone;
    if (countryCode.toUpperCase() !== op.countryCode)
      return final('INVALID_RECIPIENT_PHONE', `operator ${op.operatorId} serves ${op.countryCode}, not ${countryCode}`);
    if (!/^\d{4,15}$/.test(number)) return final('INVALID_RECIPIENT_PHONE', 'the number must be 4 to 15 digits');
    const refusedAmount = checkAmount(op, request.amountCents);
    if (refusedAmount) return final('INVALID_AMOUNT_FOR_OPERATOR', refusedAmount);

    const outcome = outcomeFor(number);
    if (outcome.kind === 'REFUSED') return later(outcome.reason, outcome.delayMs, outcome.needs);
    // Failed and refunded top-ups end up costing nothing; the others are paid from the balance.
    const charged = outcome.kind === 'SUCCESSFUL' || outcome.kind === 'SLOW';
    if (charged && request.amountCents > this.balanceCents)
      return later('INSUFFICIENT_BALANCE: the provider account balance is too low', null, 'provider-balance');
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
      pin: sandboxOp.plan === 'pin' ? sandboxPin(sequence) : null,
    };
    this.topups.set(topup.transactionId, topup);
    this.byCustomIdentifier.set(topup.customIdentifier, topup);
    return this.toOutcome(topup);
  }

  async getTopupStatus(transactionId: string): Promise<port.TopupLookup> {
    const topup = this.topups.get(transactionId);
    return topup ? this.toOutcome(topup) : { kind: 'not-found', reason: `Sandbox: no top-up ${transactionId} (top-ups are forgotten on restart)` };
  }

  async findTopup(customIdentifier: string): Promise<port.TopupLookup> {
    const topup = this.byCustomIdentifier.get(customIdentifier);
    return topup ? this.toOutcome(topup) : { kind: 'not-found', reason: `Sandbox: no top-up ${customIdentifier}` };
  }

  async getBalance(): Promise<port.ProviderBalance> {
    return { balanceCents: this.balanceCents, currencyCode: 'USD' };
  }

  private requireOperator(operatorId: string): SandboxOperator {
    const op = findSandboxOperator(Number(operatorId));
    if (!op) throw new ProviderError(`Sandbox: no sandbox operator ${operatorId}`, 'OPERATOR_NOT_FOUND', 404);
    return op;
  }

  private toOutcome(topup: SandboxTopup): port.TopupOutcome {
    const { transactionId } = topup;
    switch (topup.outcome) {
      case 'FAILED':
        return { kind: 'failed-final', transactionId, reason: 'Sandbox top-up: the operator rejected it.' };
      case 'REFUNDED':
        return { kind: 'failed-final', transactionId, reason: 'Sandbox top-up: it failed and was refunded.' };
      case 'SLOW':
        if (this.now() - topup.createdAt < this.slowMs)
          return { kind: 'processing', transactionId, reason: 'Sandbox top-up: the operator is still processing it.' };
    }
    return {
      kind: 'delivered',
      transactionId,
      operatorTransactionId: topup.operatorTransactionId,
      deliveredAmount: topup.deliveredAmount,
      deliveredCurrencyCode: topup.deliveredCurrencyCode,
      pin: topup.pin,
      reason: 'Sandbox top-up: no real airtime was sent.',
    };
  }
}

/** FIXED operators take only their denominations; RANGE operators any whole cent amount within limits. */
function checkAmount(op: port.ProviderOperator, amountCents: number): string | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 'the amount must be a positive whole number of cents';
  const accepted =
    op.denominationType === 'FIXED' ? op.fixedAmountsCents.includes(amountCents) : amountCents >= op.minAmountCents && amountCents <= op.maxAmountCents;
  return accepted ? null : `${amountCents} cents is not an amount ${op.name} accepts`;
}

/** A voucher like a real operator's; its code redeems nothing. */
function sandboxPin(sequence: number): TPin {
  return {
    code: String(randomInt(100_000_000_000, 1_000_000_000_000)),
    serial: `SBX-PIN-${sequence}`,
    validity: '90 days',
    instructions: ['Sandbox PIN: not redeemable'],
    dial: '*611',
  };
}

/** A refusal no try can fix, named with the code Reloadly would give (for people reading logs). */
function final(code: string, reason: string): port.TopupOutcome {
  return { kind: 'failed-final', transactionId: null, reason: `Sandbox: ${code}: ${reason}` };
}

function later(reason: string, delayMs: number | null, needs: port.AccountProblem | null): port.TopupOutcome {
  return { kind: 'retry-later', transactionId: null, delayMs, needs, reason: `Sandbox: ${reason}` };
}
