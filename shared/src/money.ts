/**
 * Money is never a float: US dollars travel as integer cents, crypto as integer base units (bigint).
 * These helpers are the only place where decimal text and integers meet.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The largest amount in dollars any request may carry: far above any top-up or balance, and far below
 * what the database's integer cent columns hold (2^31 - 1), sums of two included.
 */
export const MAX_USD_CENTS = 100_000_000;

/** "12.5" or 12.5 -> 1250. Returns null for negatives, NaN, or more than two decimals. */
export function usdToCents(value: number | string): number | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > 2) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Dollars as an answer on the wire carries them (12.5) -> cents (1250), to the nearest cent: the float's
 * error never reaches a cent. For text a person typed, usdToCents (exact, refuses a third decimal).
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Cents (1250) -> dollars as an answer on the wire carries them (12.5): the one place cents become a
 * dollar number (ZUsd encodes with it). For text, centsToDecimal or formatUsd.
 */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // toString gives exponent notation for tiny or huge numbers; fixed with 10 places is exact enough
  // to reveal a third decimal without inventing one (floats like 10.1 print as "10.1000000000").
  return value.toFixed(10).replace(/\.?0+$/, '');
}

/** 1234 -> "12.34": cents as the exact decimal text a form shows or a request sends (usdToCents reads it back). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const usdFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** $1,234.50 (spec: US dollars, en-US, always 2 decimals). */
export function formatUsd(cents: number): string {
  return usdFormatter.format(centsToDollars(cents));
}

/**
 * Whether `received` pays `due` within a shortfall of `toleranceBps` basis points of it (50 = 0.5%):
 * the payment tolerance, for base units and for cents alike.
 */
export function coversWithinTolerance(received: bigint, due: bigint, toleranceBps: number): boolean {
  return received * 10_000n >= due * BigInt(10_000 - toleranceBps);
}

/** The most decimals we ever show for a crypto amount (spec section 9). */
const MAX_DISPLAY_DECIMALS = 8;

/** Base units -> decimal text with trailing zeros trimmed. Exact: never rounds. */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Decimal text -> base units. Returns null when the text has more decimals than the coin. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(trimmed.padEnd(decimals, '0') || '0');
}

/** A crypto amount as the spec shows it: at most 8 decimals, trailing zeros trimmed. */
export function formatCryptoAmount(units: bigint, decimals: number): string {
  return formatUnits(roundUpToDisplayable(units, decimals), decimals);
}

/**
 * Rounds base units up to the nearest amount that can be shown with at most 8 decimals, so that a
 * quote the customer reads is exactly the quote we expect to receive.
 */
export function roundUpToDisplayable(units: bigint, decimals: number): bigint {
  if (decimals <= MAX_DISPLAY_DECIMALS) return units;
  const step = 10n ** BigInt(decimals - MAX_DISPLAY_DECIMALS);
  return ((units + step - 1n) / step) * step;
}

/** Prices are USD per whole coin scaled by 1e8, so a price keeps eight decimals without floats. */
export const PRICE_SCALE = 100_000_000n;

/** The crypto amount (base units, rounded up to a displayable amount) worth `cents` at `usdE8` per coin. */
export function centsToCryptoUnits(cents: number, usdE8PerCoin: bigint, decimals: number): bigint {
  if (usdE8PerCoin <= 0n) throw new RangeError('price must be positive');
  // cents * 1e6 is USD * 1e8, the same scale as the price.
  const numerator = BigInt(cents) * 1_000_000n * 10n ** BigInt(decimals);
  const units = (numerator + usdE8PerCoin - 1n) / usdE8PerCoin;
  return roundUpToDisplayable(units, decimals);
}

/** USD cents (rounded down) that `units` are worth at `usdE8` per coin. */
export function cryptoUnitsToCents(units: bigint, usdE8PerCoin: bigint, decimals: number): number {
  return Number((units * usdE8PerCoin) / (1_000_000n * 10n ** BigInt(decimals)));
}
