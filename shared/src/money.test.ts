import { describe, expect, it } from 'vitest';
import {
  centsToCryptoUnits,
  centsToDecimal,
  cryptoUnitsToCents,
  formatCryptoAmount,
  formatUnits,
  formatUsd,
  parseUnits,
  roundUpToDisplayable,
  usdToCents,
} from './money';

describe('usdToCents', () => {
  it('reads numbers and text exactly', () => {
    expect(usdToCents(10)).toBe(1000);
    expect(usdToCents('12.5')).toBe(1250);
    expect(usdToCents(0.1 + 0.2 - 0.3 + 19.99)).toBe(1999);
    expect(usdToCents('200.00')).toBe(20000);
  });
  it('refuses what is not a dollar amount', () => {
    expect(usdToCents(-1)).toBeNull();
    expect(usdToCents('1.005')).toBeNull();
    expect(usdToCents('abc')).toBeNull();
    expect(usdToCents(Number.NaN)).toBeNull();
    expect(usdToCents('1e3')).toBeNull();
  });
});

describe('centsToDecimal', () => {
  it('writes cents as exact decimal text that usdToCents reads back', () => {
    expect(centsToDecimal(750)).toBe('7.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(20_000)).toBe('200.00');
    expect(centsToDecimal(-1)).toBe('-0.01');
    for (const cents of [0, 1, 29, 1007, 123_456]) expect(usdToCents(centsToDecimal(cents))).toBe(cents);
  });
});

describe('crypto amounts', () => {
  it('formats base units with at most 8 decimals, trailing zeros trimmed', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(11_000_000n, 6)).toBe('11');
    expect(formatCryptoAmount(3_666_666_666_666_667n, 18)).toBe('0.00366667');
    expect(formatCryptoAmount(10n ** 18n, 18)).toBe('1');
  });
  it('parses decimal text to base units and refuses excess precision', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n);
    expect(parseUnits('0.1234567', 6)).toBeNull();
    expect(parseUnits('3000', 8)).toBe(300_000_000_000n);
  });
  it('rounds 18-decimal quotes up to what can be shown, never down', () => {
    expect(roundUpToDisplayable(1n, 18)).toBe(10_000_000_000n);
    expect(roundUpToDisplayable(20_000_000_000n, 18)).toBe(20_000_000_000n);
    expect(roundUpToDisplayable(123n, 6)).toBe(123n);
  });
  it('converts cents to crypto at a price and back', () => {
    // $11.00 of USDT (6 decimals) at $1
    expect(centsToCryptoUnits(1100, 100_000_000n, 6)).toBe(11_000_000n);
    // $11.00 of ETH at $3000: 0.0036666… rounded up to 8 decimals
    const eth = centsToCryptoUnits(1100, 300_000_000_000n, 18);
    expect(formatUnits(eth, 18)).toBe('0.00366667');
    expect(cryptoUnitsToCents(eth, 300_000_000_000n, 18)).toBe(1100);
    // 18-decimal USDT at $1 is exact
    expect(centsToCryptoUnits(1100, 100_000_000n, 18)).toBe(11n * 10n ** 18n);
  });
  it('formats US dollars en-US with two decimals', () => {
    expect(formatUsd(100)).toBe('$1.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });
});
