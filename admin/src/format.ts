import { COINS, formatUnits, formatUsd, type TCoinSymbol } from '@topup/shared';

/** Dollars as the API sends them (a number) in the spec's money format: $1,234.50. */
export function usd(dollars: number): string {
  return formatUsd(Math.round(dollars * 100));
}

/** pending_crypto_payment -> "pending crypto payment". */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Full name, else email, else the id (spec: Users tab). */
export function userLabel(u: { id: number; firstName: string | null; lastName: string | null; email: string | null }): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || u.email || `User #${u.id}`;
}

/** A payment's base units in whole coins, exact (at most the coin's decimals, trailing zeros trimmed). */
export function coinAmount(units: string, coin: string): string {
  const decimals = COINS[coin as TCoinSymbol]?.decimals;
  if (decimals === undefined) return units;
  try {
    return formatUnits(BigInt(units), decimals);
  } catch {
    return units;
  }
}

/** 0x1234…abcd */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}
