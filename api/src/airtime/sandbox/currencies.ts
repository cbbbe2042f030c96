import { centsToDollars } from '@topup/shared';

/**
 * Local currencies of the countries where the sandbox has operators, with a fixed exchange rate.
 * No installed library maps countries to currencies, so only these countries carry one; the rates are
 * fixed so that sandbox amounts never move between runs or tests.
 */

export interface SandboxCurrency {
  code: string;
  symbol: string;
  /** Local units per US dollar. */
  rate: number;
}

// country: [ISO 4217 code, symbol, local units per USD]
const TABLE: Record<string, [string, string, number]> = {
  CM: ['XAF', 'FCFA', 600],
  US: ['USD', '$', 1],
  MX: ['MXN', '$', 18.5],
  IN: ['INR', '₹', 85],
  PH: ['PHP', '₱', 57],
  NG: ['NGN', '₦', 1550],
  BR: ['BRL', 'R$', 5.5],
  CO: ['COP', '$', 4000],
  GB: ['GBP', '£', 0.78],
  GH: ['GHS', 'GH₵', 12.5],
  KE: ['KES', 'KSh', 129],
  SN: ['XOF', 'CFA', 600],
  CI: ['XOF', 'CFA', 600],
  FR: ['EUR', '€', 0.92],
  ES: ['EUR', '€', 0.92],
  DE: ['EUR', '€', 0.92],
};

export function sandboxCurrency(countryCode: string): SandboxCurrency | null {
  const row = TABLE[countryCode];
  return row ? { code: row[0], symbol: row[1], rate: row[2] } : null;
}

/**
 * What `amountCents` US cents are worth in local units, rounded to 2 decimals. Local amounts are only
 * shown (what the phone receives), never added up or charged, so a number is enough here.
 */
export function toLocalAmount(amountCents: number, rate: number): number {
  return centsToDollars(Math.round(amountCents * rate));
}
