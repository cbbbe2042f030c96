import { formatUsd, type TCoinSymbol, type TOrderKind } from '@topup/shared';
import type { ProviderOperator } from '../airtime/provider';
import { centsForLocalAmount, localAmountFor, operatorAccepts, type CatalogService } from './catalog';
import { AppError } from './errors';
import type { PricingService, Quote } from './pricing';
import type { PricingSetting, SettingsService } from './settings';

/** What an order costs, in US cents. */
export interface Charges {
  amountCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * The fee rule, written once: a recharge pays the settings' flat service fee; a balance top-up and an
 * admin's manual top-up (no customer pays for it) pay none. Order creation, the admin's top-up and the
 * quote every client shows all come from here.
 */
export function chargesFor(kind: TOrderKind | 'manual_topup', amountCents: number, pricing: PricingSetting): Charges {
  const feeCents = kind === 'recharge' ? pricing.serviceFeeCents : 0;
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** The settings' amount limits, which every order and quote keeps to. */
export function assertAmountInRange(pricing: PricingSetting, amountCents: number): void {
  if (amountCents < pricing.minAmountCents || amountCents > pricing.maxAmountCents) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', `Amount must be between ${formatUsd(pricing.minAmountCents)} and ${formatUsd(pricing.maxAmountCents)}.`);
  }
}

/** What a quote is asked for: US dollars, or (with a range operator) the local amount the recipient should get. */
export type QuoteInput = { kind: TOrderKind; coin?: TCoinSymbol | undefined; operatorId?: number | undefined } & (
  { amountCents: number; localAmount?: undefined } | { amountCents?: undefined; localAmount: number }
);

/**
 * GET /api/quote: the charges of an order, their total in `coin` when one is asked for, and with an
 * operator what the recipient gets. A local amount is converted here, at the operator's rate, so no
 * client ever converts money: the answer names the US dollars the order will charge.
 */
export async function quoteOrder(
  deps: { pricing: PricingService; settings: SettingsService; catalog: CatalogService },
  input: QuoteInput,
): Promise<{ charges: Charges; crypto: Quote | null; local: { amount: number; currencyCode: string } | null }> {
  const operator = input.operatorId === undefined ? null : await deps.catalog.operator(input.operatorId);
  if (input.operatorId !== undefined && !operator) throw new AppError('VALIDATION_ERROR', `operatorId: operator ${input.operatorId} does not exist`);
  const amountCents = input.amountCents ?? centsForLocal(operator!, input.localAmount!);
  const setting = await deps.settings.get('pricing');
  assertAmountInRange(setting, amountCents);
  if (operator && !operatorAccepts(operator, amountCents)) throw new AppError('AMOUNT_OUT_OF_RANGE', operatorRangeMessage(operator));
  const charges = chargesFor(input.kind, amountCents, setting);
  const crypto = input.coin ? await deps.pricing.quote(input.coin, charges.totalCents) : null;
  const localAmount = operator ? localAmountFor(operator, amountCents) : null;
  const local = localAmount !== null && operator?.localCurrencyCode ? { amount: localAmount, currencyCode: operator.localCurrencyCode } : null;
  return { charges, crypto, local };
}

function centsForLocal(operator: ProviderOperator, localAmount: number): number {
  const cents = centsForLocalAmount(operator, localAmount);
  if (cents === null) {
    throw new AppError('VALIDATION_ERROR', `localAmount: ${operator.name} sells fixed amounts; choose one of them, or give the amount in US dollars`);
  }
  return cents;
}

/** "MTN Cameroon accepts amounts between $1.00 and $200.00." (one of … for fixed amounts). */
export function operatorRangeMessage(operator: ProviderOperator): string {
  const allowed =
    operator.denominationType === 'FIXED'
      ? `one of ${operator.fixedAmountsCents.map(formatUsd).join(', ')}`
      : `between ${formatUsd(operator.minAmountCents)} and ${formatUsd(operator.maxAmountCents)}`;
  return `${operator.name} accepts amounts ${allowed}.`;
}
