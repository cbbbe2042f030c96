import { COINS, formatUnits, formatUsd, ZUsd, type TCoinSymbol } from '@topup/shared';

/** A catalog amount (the catalog still reads dollars) in the spec's money format: $1,234.50. */
export function catalogUsd(dollars: number): string {
  return formatUsd(ZUsd.parse(dollars));
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
