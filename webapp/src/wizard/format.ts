import type { TAmountOption } from '@topup/shared';
import { usdToCents } from '../shared';

/** USD amounts arrive as numbers of dollars; money is shown from integer cents. */
export const centsOf = (usd: number): number => usdToCents(usd) ?? Math.round(usd * 100);

const localFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "≈ 6,000 XAF": the approximate local amount with its currency code (or symbol), if known. */
export function localAmountLabel(option: TAmountOption): string | null {
  if (option.localAmount === null) return null;
  const unit = option.currencyCode ?? option.currencySymbol;
  return unit ? `≈ ${localFormat.format(option.localAmount)} ${unit}` : null;
}

/** The dial code with its '+'. */
export const dialPrefix = (dialCode: string): string => (dialCode.startsWith('+') ? dialCode : `+${dialCode}`);

/** The number as the customer reads it: the dial code, a space, the local number (an international one as typed). */
export function shownNumber(dialCode: string, phone: string): string {
  const typed = phone.trim();
  return typed.startsWith('+') ? typed : `${dialPrefix(dialCode)} ${typed}`;
}
