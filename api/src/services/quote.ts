import { formatUsd, type TCoinSymbol, type TOrderKind } from '@topup/shared';
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
 * The fee rule, written once: a recharge pays the settings' flat service fee, a balance top-up pays
 * none. Order creation and the quote every client shows both come from here.
 */
export function chargesFor(kind: TOrderKind, amountCents: number, pricing: PricingSetting): Charges {
  const feeCents = kind === 'recharge' ? pricing.serviceFeeCents : 0;
  return { amountCents, feeCents, totalCents: amountCents + feeCents };
}

/** The settings' amount limits, which every order and quote keeps to. */
export function assertAmountInRange(pricing: PricingSetting, amountCents: number): void {
  if (amountCents < pricing.minAmountCents || amountCents > pricing.maxAmountCents) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', `Amount must be between ${formatUsd(pricing.minAmountCents)} and ${formatUsd(pricing.maxAmountCents)}.`);
  }
}

/** GET /api/quote: the charges of an order of `amountCents`, and their total in `coin` when one is asked for. */
export async function quoteOrder(
  deps: { pricing: PricingService; settings: SettingsService },
  input: { kind: TOrderKind; amountCents: number; coin?: TCoinSymbol | undefined },
): Promise<{ charges: Charges; crypto: Quote | null }> {
  const setting = await deps.settings.get('pricing');
  assertAmountInRange(setting, input.amountCents);
  const charges = chargesFor(input.kind, input.amountCents, setting);
  const crypto = input.coin ? await deps.pricing.quote(input.coin, charges.totalCents) : null;
  return { charges, crypto };
}
